/**
 * A path on this site to send a visitor to after a form (log-in, favourites without scripts), or the
 * fallback. The address is resolved the way a browser would (tabs and newlines dropped, backslashes
 * as slashes), so "/\t/evil.example" or "/\\evil.example" cannot leave the site. Log-in and sign-up
 * pages are not destinations.
 */
export function safeRedirect(to: unknown, fallback: string): string {
  if (typeof to !== "string" || to.length > 512 || !to.startsWith("/")) return fallback;
  // Control characters (browsers drop tabs and newlines) and backslashes (read as slashes) are refused.
  for (const ch of to) if (ch < " " || ch === "\u007f" || ch === "\\") return fallback;
  let url: URL;
  try {
    url = new URL(to, "http://same.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://same.invalid" || url.pathname.startsWith("//")) return fallback;
  if (/^\/(es\/)?(login|signup)(\/|$)/.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
