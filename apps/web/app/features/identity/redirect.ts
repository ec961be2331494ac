/**
 * Where to go after signing in: the `?redirectTo=` path, only when it stays on this
 * site. "//evil.example" and "/\evil.example" are protocol-relative URLs to browsers,
 * and browsers drop tabs and newlines before parsing, so those are refused too.
 */
import { paths } from "../../lib/paths.ts";

const ORIGIN = "https://atelier.invalid";

export function safeRedirect(target: string | null | undefined, fallback = "/"): string {
  if (!target?.startsWith("/")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  if (target.startsWith("//") || target.startsWith("/\\")) return fallback;
  let url: URL;
  try {
    url = new URL(target, ORIGIN);
  } catch {
    return fallback;
  }
  // Anything the URL parser would still send elsewhere (a scheme, a host) is refused, and
  // so is a path that only becomes "//host" once dot segments go ("/.//evil.example").
  if (url.origin !== ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The Login link for the page the person is on, coming back to it after signing in.
 * The account pages are no place to come back to (a reset link's token least of all),
 * so from them the link keeps the target the page already carries, or none.
 */
export function loginHref(location: { pathname: string; search: string }): string {
  const onAccountPage = location.pathname === paths.login() || location.pathname === paths.resetPassword();
  if (!onAccountPage) return paths.login(`${location.pathname}${location.search}`);
  return paths.login(safeRedirect(new URLSearchParams(location.search).get("redirectTo"), ""));
}
