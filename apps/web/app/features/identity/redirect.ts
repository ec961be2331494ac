/**
 * Where to go after signing in: the `?redirectTo=` path, only when it stays on this
 * site. "//evil.example" and "/\evil.example" are protocol-relative URLs to browsers,
 * and browsers drop tabs and newlines before parsing, so those are refused too.
 */
const ORIGIN = "https://atelier.invalid";

export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  try {
    // Anything the URL parser would still send elsewhere (a scheme, a host) is refused.
    if (new URL(target, ORIGIN).origin !== ORIGIN) return fallback;
  } catch {
    return fallback;
  }
  return target;
}
