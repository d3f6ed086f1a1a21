import { BRAND, type Locale } from "#config/constants.ts";

export type MailContent = {
  locale: Locale;
  /** Preview line shown by mail clients next to the subject; hidden in the body. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  /** Text quoted as written, line breaks kept (a contact message), after the paragraphs. */
  quote?: string;
  action?: { label: string; url: string };
  footer: string;
};

const BRAND_COLOR = "#4f46e5";
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and double- or single-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Accepts only absolute http(s) URLs, so a link can never run script. */
function assertHttpUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`mail action URL is not absolute: ${url}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new Error(`mail action URL must be http(s): ${parsed.protocol}`);
  }
  return url;
}

/**
 * Renders one email as HTML (tables and inline styles, which every mail client understands) and as plain text.
 * Every piece of text is escaped; the action URL must be http(s).
 */
export function renderMail(input: MailContent): { html: string; text: string } {
  const e = escapeHtml;
  const url = input.action ? assertHttpUrl(input.action.url) : undefined;
  const paragraphs = input.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#374151;">${e(p)}</p>`)
    .join("\n");
  const quote =
    input.quote === undefined
      ? ""
      : `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${BRAND_COLOR};background-color:#f9fafb;font-size:15px;line-height:22px;color:#111827;white-space:pre-wrap;word-break:break-word;">${e(input.quote)}</div>`;
  const action =
    input.action && url
      ? `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:8px 0 16px;">
<tr><td align="center" bgcolor="${BRAND_COLOR}" style="border-radius:6px;">
<a href="${e(url)}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${e(input.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#6b7280;word-break:break-all;">${e(url)}</p>`
      : "";
  const preheader = input.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${e(input.preheader)}</div>`
    : "";

  const html = `<!DOCTYPE html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<title>${e(input.heading)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
${preheader}
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="background-color:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" style="max-width:560px;font-family:${FONT};">
<tr><td style="padding:0 0 16px;font-size:22px;font-weight:700;color:${BRAND_COLOR};">${e(BRAND.name)}</td></tr>
<tr><td style="background-color:#ffffff;border-radius:8px;padding:32px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:#111827;">${e(input.heading)}</h1>
${paragraphs}
${quote}
${action}
</td></tr>
<tr><td style="padding:16px 8px 0;font-size:12px;line-height:18px;color:#6b7280;">${e(input.footer)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const text = [
    input.heading,
    ...input.paragraphs,
    ...(input.quote === undefined ? [] : [input.quote]),
    ...(input.action && url ? [`${input.action.label}: ${url}`] : []),
    input.footer,
  ].join("\n\n");
  return { html, text: `${text}\n` };
}
