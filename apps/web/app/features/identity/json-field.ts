/**
 * Reads a property of a parsed JSON answer (better-auth's, or the sign-in popup's
 * message). The storefront bundle carries no zod (see @atelier/contract/constants), so
 * these answers are narrowed by hand, in this one way.
 */
export function field(data: unknown, name: string): unknown {
  return typeof data === "object" && data !== null ? Reflect.get(data, name) : undefined;
}

/** The property when it is a non-empty string. */
export function stringField(data: unknown, name: string): string | undefined {
  const value = field(data, name);
  return typeof value === "string" && value !== "" ? value : undefined;
}
