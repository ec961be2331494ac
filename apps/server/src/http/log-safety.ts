/**
 * What request logs may show of a URL: links that carry a secret (a password-reset token
 * in the path, `?token=` of an email confirmation, an OAuth `code`) are logged with that
 * part replaced, so reading the logs never lets anyone reset a password or sign in.
 */

const secretParams = /^(token|code|state|access_token|id_token|refresh_token|password|secret|key|signature|sig)$/i;
/** Path segments that follow these are secrets (better-auth's `/reset-password/:token`). */
const secretAfter = new Set(["reset-password", "verify-email", "magic-link", "callback-token"]);

export function safeUrl(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const segments = path.split("/");
  const safePath = segments
    .map((segment, index) =>
      index > 0 && secretAfter.has(segments[index - 1] ?? "") && segment ? "[redacted]" : segment,
    )
    .join("/");
  if (queryAt === -1) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0] ?? "";
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is shown as sent
      }
      return secretParams.test(decoded) && pair.includes("=") ? `${name}=[redacted]` : pair;
    })
    .join("&");
  return `${safePath}?${query}`;
}
