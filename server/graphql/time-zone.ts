/** Common zone abbreviations (SPEC §7 sends one in the Time-Zone header) and their IANA zones. */
const ABBREVIATIONS: Record<string, string> = {
  UTC: "UTC",
  GMT: "UTC",
  WET: "Europe/Lisbon",
  CET: "Europe/Paris",
  CEST: "Europe/Paris",
  EET: "Europe/Athens",
  EST: "America/New_York",
  EDT: "America/New_York",
  CST: "America/Chicago",
  CDT: "America/Chicago",
  MST: "America/Denver",
  MDT: "America/Denver",
  PST: "America/Los_Angeles",
  PDT: "America/Los_Angeles",
  ART: "America/Argentina/Buenos_Aires",
  BRT: "America/Sao_Paulo",
  COT: "America/Bogota",
  IST: "Asia/Kolkata",
  JST: "Asia/Tokyo",
};

/** An IANA zone for a header value, or null when the value names no zone. */
export function resolveTimeZone(value: string | null | undefined): string | null {
  if (!value) return "UTC";
  const v = value.trim().slice(0, 64);
  const abbr = ABBREVIATIONS[v.toUpperCase()];
  if (abbr) return abbr;
  if (/^(UTC|GMT)?[+-]\d{1,2}(:?\d{2})?$/i.test(v)) {
    const m = /([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(v);
    if (!m) return null;
    const h = Number(m[2]);
    const min = Number(m[3] ?? 0);
    if (h > 14 || min > 59) return null;
    return `${m[1]}${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
  }
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: v }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** ISO 8601 with the offset of the zone: 2026-11-20T11:00:00+01:00. */
export function isoInZone(date: Date, zone: string): string {
  const fmt = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "longOffset",
  });
  const parts = Object.fromEntries(fmt.formatToParts(date).map((p) => [p.type, p.value]));
  const offset = parts.timeZoneName === "GMT" ? "+00:00" : parts.timeZoneName.replace("GMT", "");
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset === "Z" ? "+00:00" : offset}`;
}
