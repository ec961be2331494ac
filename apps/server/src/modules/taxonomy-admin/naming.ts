/**
 * Names and slugs of taxonomy rows: the 409 a taken name answers (naming the field, also
 * when a concurrent insert wins the race and PostgreSQL's unique index refuses ours), the
 * 409 a row still in use answers, and URL slugs made from names.
 */
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { ConflictError } from "../../errors.ts";

export function nameTaken(kind: string, name: string, where = ""): ConflictError {
  return new ConflictError(`A ${kind} named "${name}" already exists${where}. Choose another name.`, {
    name: `is already used by another ${kind}`,
  });
}

/** Runs a write; a unique violation (two people saving the same name at once) is the same 409. */
export async function naming<T>(conflict: () => ConflictError, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict();
    throw error;
  }
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 products use this series. …": why a row cannot be deleted yet. */
export function inUse(count: number, user: [one: string, many: string], kind: string, advice: string): ConflictError {
  const verb = count === 1 ? "uses" : "use";
  return new ConflictError(`${plural(count, ...user)} ${verb} this ${kind}. ${advice}`);
}

export function contains(count: number, child: [one: string, many: string], kind: string): ConflictError {
  return new ConflictError(
    `This ${kind} still has ${plural(count, ...child)}. Delete ${count === 1 ? "it" : "them"} first.`,
  );
}

/** Lowercase ASCII words joined by hyphens ("Été Noir 2026" → "ete-noir-2026"). */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 90)
    .replace(/-+$/g, "");
  return slug || fallback;
}

/** The first of base, base-2, base-3 … that is not taken. */
export function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
