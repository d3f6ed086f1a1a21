import type { Locale } from "#config/constants.ts";

/** View types the catalogue hands to every edge. Rows become these in reshape.ts only. */

export type TagType = "category" | "tag" | "service";

export type TagView = {
  id: number;
  slug: string;
  type: TagType;
  iconName: string | null;
  templatesCount: number;
  updatedAt: Date;
  meta: Record<string, unknown>;
  content: { name: string; title: string; description: string; tabName: string };
};

export type ColorVariantView = {
  id: number;
  slug: string;
  name: string;
  hex: string;
};

/** A card's colour: its id names the preview images, its hex draws the dot. */
/** A card's colour variant; `light` when its swatch fades into the white card (under 3:1): drawn with a darker ring. */
export type CardColor = { id: number; hex: string; light?: true };

/**
 * What a card shows, and no more: every list page sends 24 of these to the browser to hydrate, so a
 * field the card does not draw is weight on every page.
 */
export type TemplateCard = {
  id: number;
  slug: string;
  title: string;
  isPremium: boolean;
  slidesCount: number;
  aspectRatio: AspectRatio;
  formats: string[];
  colors: CardColor[];
};

export type NamedRef = { slug: string; name: string };

/** A deck's slide shape as read from the file (imported templates may be 16:10 or of their own size). */
export type AspectRatio = "16:9" | "4:3" | "16:10" | "custom";

/** A font a template uses, with its page when it is an open font (modules/catalog/fonts.ts). */
export type FontRef = { family: string; url: string | null };

/** One colour of a variant: a theme colour of the deck (dk1, accent1…) or a demo palette's (background…). */
export type Swatch = { name: string; hex: string };

/** A designer as a template page and the designer's page show them: the bio in the page's language. */
export type DesignerView = { id: number; slug: string; name: string; link: string | null; bio: string };

export type TemplateDetail = Omit<TemplateCard, "colors"> & {
  colors: ColorVariantView[];
  publishedAt: Date;
  downloadsCount: number;
  description: string;
  /** The slug of this template in each locale, for the language switch and hreflang. */
  slugs: Record<Locale, string>;
  headingFont: string;
  bodyFont: string;
  category: NamedRef & { id: number };
  styles: NamedRef[];
  tags: NamedRef[];
  /** "Fonts and colours used": the theme's heading and body fonts, and the other fonts the slides use. */
  fonts: { heading: FontRef | null; body: FontRef | null; others: FontRef[] };
  /** The colours of each colour variant (by its id): the deck's theme colours, or the demo palette's. */
  swatches: Record<number, Swatch[]>;
  designer: DesignerView | null;
  googleSlidesUrl: string | null;
  viewsCount: number;
  /** Size of the .pptx of the first colour variant, in bytes, once that file exists. */
  fileSizeBytes: number | null;
};

export type Page<T> = {
  items: T[];
  total: number;
  /** True when there are more matches than `total` says (counting stops at a cap). */
  totalCapped: boolean;
  page: number;
  pageCount: number;
  pageSize: number;
};

export type FilterOptions = {
  styles: NamedRef[];
  colors: (NamedRef & { hex: string })[];
};
