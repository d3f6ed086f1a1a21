/**
 * Structured slide designs. A template's `design` column holds a `Design`; the SVG previews and the
 * .pptx files are both drawn from it (see layout.ts), so they always show the same slides.
 */
import type { Palette as SchemaPalette } from "../../db/schema/catalog.ts";

/** A colour variant's palette (hex "#RRGGBB"), the same shape as the `template_color.palette` column. */
export type Palette = SchemaPalette;

export type AspectRatio = "16:9" | "4:3";

export type SlideFormat = { aspectRatio: AspectRatio; headingFont: string; bodyFont: string };

/**
 * The decorative system of a template (shared by all its slides): where accents, bands and shapes go.
 * Stored on every slide so that one slide renders on its own.
 */
export type Decor = "clean" | "band" | "blobs" | "frame" | "geometric" | "split";

export const DECORS: readonly Decor[] = ["clean", "band", "blobs", "frame", "geometric", "split"];

type Base = { decor?: Decor };

export type TitleSlide = Base & {
  layout: "title";
  kicker: string;
  title: string;
  subtitle: string;
  presenter: string;
  date: string;
};

export type AgendaSlide = Base & { layout: "agenda"; title: string; items: { title: string; text: string }[] };

export type SectionSlide = Base & { layout: "section"; number: string; title: string; subtitle: string };

export type BulletsSlide = Base & {
  layout: "bullets";
  kicker?: string;
  title: string;
  bullets: string[];
  /** A short takeaway shown in a side card. */
  note?: string;
};

export type TwoColumnsSlide = Base & {
  layout: "two-columns";
  kicker?: string;
  title: string;
  intro?: string;
  columns: { heading: string; text: string }[];
};

export type ImageTextSlide = Base & {
  layout: "image-text";
  kicker?: string;
  title: string;
  text: string;
  bullets?: string[];
  caption?: string;
  imageSide: "left" | "right";
};

export type BigNumberSlide = Base & {
  layout: "big-number";
  kicker?: string;
  title: string;
  value: string;
  label: string;
  text: string;
  stats: { value: string; label: string }[];
};

export type ChartBarsSlide = Base & {
  layout: "chart-bars";
  kicker?: string;
  title: string;
  unit: string;
  bars: { label: string; value: number }[];
  takeaway: string;
};

export type ChartPieSlide = Base & {
  layout: "chart-pie";
  kicker?: string;
  title: string;
  /** Values are shares; they are shown as percentages of their sum. */
  slices: { label: string; value: number }[];
  takeaway: string;
};

export type TimelineSlide = Base & {
  layout: "timeline";
  kicker?: string;
  title: string;
  events: { date: string; title: string; text: string }[];
};

export type ProcessSlide = Base & {
  layout: "process";
  kicker?: string;
  title: string;
  steps: { title: string; text: string }[];
};

export type QuoteSlide = Base & { layout: "quote"; quote: string; author: string; role: string };

export type TeamSlide = Base & {
  layout: "team";
  kicker?: string;
  title: string;
  subtitle: string;
  members: { name: string; role: string; initials: string }[];
};

export type ComparisonTableSlide = Base & {
  layout: "comparison-table";
  kicker?: string;
  title: string;
  /** Header row; the first entry heads the row labels. */
  columns: string[];
  rows: { label: string; values: string[] }[];
  /** Index into `columns` (>= 1) of the recommended column, outlined. */
  highlight?: number;
};

export type ThankYouSlide = Base & {
  layout: "thank-you";
  title: string;
  subtitle: string;
  contact: { email: string; website: string; phone: string };
};

export type Slide =
  | TitleSlide
  | AgendaSlide
  | SectionSlide
  | BulletsSlide
  | TwoColumnsSlide
  | ImageTextSlide
  | BigNumberSlide
  | ChartBarsSlide
  | ChartPieSlide
  | TimelineSlide
  | ProcessSlide
  | QuoteSlide
  | TeamSlide
  | ComparisonTableSlide
  | ThankYouSlide;

export type SlideLayout = Slide["layout"];

export const SLIDE_LAYOUTS: readonly SlideLayout[] = [
  "title",
  "agenda",
  "section",
  "bullets",
  "two-columns",
  "image-text",
  "big-number",
  "chart-bars",
  "chart-pie",
  "timeline",
  "process",
  "quote",
  "team",
  "comparison-table",
  "thank-you",
];

export type Design = { slides: Slide[] };
