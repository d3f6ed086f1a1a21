/** Parses the compact content kits of content.ts into typed records (once, lazily). */
import { KITS, type RawKit } from "./content.ts";

export type Kit = {
  titles: string[];
  kickers: string[];
  subtitles: string[];
  agenda: { title: string; text: string }[];
  bullets: { title: string; bullets: string[]; note: string }[];
  columns: { title: string; intro: string; columns: { heading: string; text: string }[] }[];
  images: { kicker: string; title: string; text: string; caption: string }[];
  stats: { title: string; value: string; label: string; text: string; stats: { value: string; label: string }[] }[];
  /**
   * Values run from `from` to `to` for time series and `ordered` categories (either direction);
   * other categories fall anywhere between them.
   */
  bars: {
    title: string;
    unit: string;
    labels: string[];
    ordered: boolean;
    from: number;
    to: number;
    takeaway: string;
  }[];
  pies: { title: string; labels: string[]; takeaway: string }[];
  timelines: { title: string; events: { date: string; title: string; text: string }[] }[];
  processes: { title: string; steps: { title: string; text: string }[] }[];
  quotes: { quote: string; author: string; role: string }[];
  teams: { title: string; subtitle: string; roles: string[] }[];
  tables: { title: string; columns: string[]; highlight?: number; rows: { label: string; values: string[] }[] }[];
  thanks: string[];
};

export type KitList = keyof Kit;

const split = (s: string, sep: string) => s.split(sep).map((p) => p.trim());

function parseKit(raw: RawKit): Kit {
  return {
    titles: raw.titles,
    kickers: raw.kickers,
    subtitles: raw.subtitles,
    agenda: raw.agenda.map((a) => {
      const [title, text] = split(a, "|");
      return { title, text };
    }),
    bullets: (raw.bullets ?? []).map((b) => {
      const p = split(b, "|");
      return { title: p[0], bullets: p.slice(1, -1), note: p[p.length - 1] };
    }),
    columns: (raw.columns ?? []).map((c) => {
      const [title, intro, h1, t1, h2, t2] = split(c, "|");
      return {
        title,
        intro,
        columns: [
          { heading: h1, text: t1 },
          { heading: h2, text: t2 },
        ],
      };
    }),
    images: (raw.images ?? []).map((i) => {
      const [kicker, title, text, caption] = split(i, "|");
      return { kicker, title, text, caption };
    }),
    stats: (raw.stats ?? []).map((s) => {
      const p = split(s, "|");
      const stats: { value: string; label: string }[] = [];
      for (let k = 4; k + 1 < p.length; k += 2) stats.push({ value: p[k], label: p[k + 1] });
      return { title: p[0], value: p[1], label: p[2], text: p[3], stats };
    }),
    bars: (raw.bars ?? []).map((b) => {
      const [title, unit, labels, from, to, takeaway] = split(b, "|");
      const ordered = labels.startsWith("^");
      return {
        title,
        unit,
        labels: split(labels.replace(/^\^/, ""), ","),
        ordered,
        from: Number(from),
        to: Number(to),
        takeaway,
      };
    }),
    pies: (raw.pies ?? []).map((p) => {
      const [title, labels, takeaway] = split(p, "|");
      return { title, labels: split(labels, ","), takeaway };
    }),
    timelines: (raw.timelines ?? []).map((t) => {
      const [title, ...events] = split(t, ";");
      return {
        title,
        events: events.map((e) => {
          const [date, etitle, text] = split(e, "~");
          return { date, title: etitle, text };
        }),
      };
    }),
    processes: (raw.processes ?? []).map((t) => {
      const [title, ...steps] = split(t, ";");
      return {
        title,
        steps: steps.map((e) => {
          const [stitle, text] = split(e, "~");
          return { title: stitle, text };
        }),
      };
    }),
    quotes: (raw.quotes ?? []).map((q) => {
      const [quote, author, role] = split(q, "|");
      return { quote, author, role };
    }),
    teams: (raw.teams ?? []).map((t) => {
      const [title, subtitle, roles] = split(t, "|");
      return { title, subtitle, roles: split(roles, ",") };
    }),
    tables: (raw.tables ?? []).map((t) => {
      const [title, header, ...rows] = split(t, ";");
      const cols = split(header, "|");
      const highlight = cols.findIndex((c) => c.startsWith("*"));
      return {
        title,
        columns: cols.map((c) => c.replace(/^\*/, "")),
        ...(highlight > 0 ? { highlight } : {}),
        rows: rows.map((r) => {
          const [label, ...values] = split(r, "|");
          return { label, values };
        }),
      };
    }),
    thanks: raw.thanks ?? [],
  };
}

let cache: Map<string, Kit> | null = null;

export function getKit(key: string): Kit {
  if (!cache) cache = new Map(Object.entries(KITS).map(([k, raw]) => [k, parseKit(raw)]));
  const kit = cache.get(key);
  if (!kit) throw new Error(`Unknown content kit: ${key}`);
  return kit;
}

export const KIT_KEYS = Object.keys(KITS);
