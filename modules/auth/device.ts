/**
 * What the member's list of sessions says about a device: the browser and operating system its
 * User-Agent names, and the network it signed in from (never its full address).
 */

/** The longest User-Agent kept; real ones are a few hundred characters at most. */
export const USER_AGENT_MAX = 400;

/** Browsers, most specific first: Edge, Opera and Samsung Internet also say "Chrome" and "Safari". */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

/** Operating systems, most specific first: Android says "Linux", iOS says "like Mac OS X". */
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(?:iPhone|iPod)\b/, "iOS"],
  [/\biPad\b/, "iPadOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and operating system a User-Agent names, each null when it names none we know. */
export function describeUserAgent(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  const ua = (userAgent ?? "").slice(0, USER_AGENT_MAX);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser, os };
}

/**
 * The network of a client key (server/client-address.ts addressKey: an IPv4 address, or an IPv6 /64):
 * "192.168.1.x" for IPv4 (its /24), the /64 as it is for IPv6, null for anything else. The full
 * address is never kept.
 */
export function networkOf(clientKey: string | null | undefined): string | null {
  const key = (clientKey ?? "").trim();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(key);
  if (v4) return [v4[1], v4[2], v4[3]].some((n) => Number(n) > 255) ? null : `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (/^[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){3}::\/64$/i.test(key)) return key.toLowerCase();
  return null;
}

/** A User-Agent as it may be stored: control characters out, cut to USER_AGENT_MAX, null when empty. */
export function storedUserAgent(userAgent: string | null | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = (userAgent ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean ? clean.slice(0, USER_AGENT_MAX) : null;
}
