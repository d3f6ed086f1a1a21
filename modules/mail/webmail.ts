import { WEBMAIL } from "#config/constants.ts";

/**
 * The webmail of an address's provider when it is a well-known one (config WEBMAIL), for the "Open mail"
 * button after a link was sent; null for any other domain (a company's or a school's mail could be
 * anywhere, and a wrong guess would send the person to a stranger's login page).
 */
export function webmailFor(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return Object.hasOwn(WEBMAIL, domain) ? WEBMAIL[domain] : null;
}
