/**
 * E-mail addresses never reach the logs (issue 19, item 8): a log line names the recipient's domain,
 * and error text (an SMTP server's "550 <ana@example.com>: user unknown", a provider's message) has
 * every address replaced by its domain alone.
 */

/** An e-mail address inside any text: a local part, "@", and a domain with at least one dot. */
const ADDRESS = /[\w.!#$%&'*+=?^`{|}~-]+@((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})\b/gi;

/** The text with each e-mail address replaced by "[address at <domain>]". */
export function scrubEmails(text: string): string {
  return text.replace(ADDRESS, (_match, domain: string) => `[address at ${domain.toLowerCase()}]`);
}

/** The domain of an address, lowercased, for a log line ("example.com"); "unknown" when it has none. */
export function emailDomain(address: string): string {
  const at = address.lastIndexOf("@");
  const domain =
    at >= 0
      ? address
          .slice(at + 1)
          .trim()
          .toLowerCase()
      : "";
  return /^[a-z0-9.-]{1,253}$/.test(domain) && domain.includes(".") ? domain : "unknown";
}
