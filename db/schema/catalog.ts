import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const tagType = pgEnum("tag_type", ["category", "tag", "service"]);
export const aspectRatio = pgEnum("aspect_ratio", ["16:9", "4:3", "16:10", "custom"]);
/** Where a template comes from: drawn from its design (the demo) or a designer's imported deck. */
export const templateSource = pgEnum("template_source", ["demo", "import"]);
/** A version's previews: queued, being drawn, ready, or failed (with its reason). */
export const versionState = pgEnum("template_version_state", ["queued", "rendering", "ready", "failed"]);

/** Tags of three types: service (trending, latest), category (the five categories) and tag. */
export const tag = pgTable("tag", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  type: tagType("type").notNull(),
  iconName: text("icon_name"),
  /** Published templates under this tag (all templates for service tags); kept by refreshCatalogStats. */
  templatesCount: integer("templates_count").notNull().default(0),
  meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tagTranslation = pgTable(
  "tag_translation",
  {
    tagId: integer("tag_id")
      .notNull()
      .references(() => tag.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    tabName: text("tab_name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.locale] })],
);

export const style = pgTable("style", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameEs: text("name_es").notNull(),
});

export const color = pgTable("color", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameEs: text("name_es").notNull(),
  hex: text("hex").notNull(),
});

export type Palette = {
  background: string;
  surface: string;
  text: string;
  muted: string;
  accent1: string;
  accent2: string;
};

/** A designer whose templates the catalogue shows (the import's designers/<key>.yaml, the operator form). */
export const designer = pgTable("designer", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  link: text("link"),
  bioEn: text("bio_en").notNull().default(""),
  bioEs: text("bio_es").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const template = pgTable(
  "template",
  {
    id: serial("id").primaryKey(),
    source: templateSource("source").notNull().default("demo"),
    /** The import manifest's stable key: importing it again updates this template. */
    importKey: text("import_key").unique(),
    designerId: integer("designer_id").references(() => designer.id, { onDelete: "set null" }),
    /** The version shown (imported templates); null for the demo's. */
    versionId: integer("version_id"),
    /** What the operator asked for: null is a draft, a future date a scheduled publication. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    /** Every font the slides use, as read from the deck. */
    fonts: text("fonts").array().notNull().default([]),
    /** The slides' visible text, indexed by search with the lowest weight. */
    slideText: text("slide_text").notNull().default(""),
    categoryId: integer("category_id")
      .notNull()
      .references(() => tag.id),
    isPremium: boolean("is_premium").notNull(),
    slidesCount: integer("slides_count").notNull(),
    aspectRatio: aspectRatio("aspect_ratio").notNull(),
    headingFont: text("heading_font").notNull(),
    bodyFont: text("body_font").notNull(),
    /** Apps the template is made for, a subset of PP, GS, KN; PP always. */
    formats: text("formats").array().notNull(),
    /** Structured slide design of a demo template; previews and .pptx files are both drawn from it. Null when imported. */
    design: jsonb("design"),
    googleSlidesUrl: text("google_slides_url"),
    /** Public from then on; set only once a ready version exists (ADR 0021). */
    publishedAt: timestamp("published_at", { withTimezone: true }),
    downloadsCount: integer("downloads_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    trendingScore: real("trending_score").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("template_category_idx").on(t.categoryId),
    index("template_designer_idx").on(t.designerId),
    index("template_published_idx").on(t.publishedAt.desc(), t.id.desc()),
    index("template_popular_idx").on(t.downloadsCount.desc(), t.id.desc()),
    index("template_trending_idx").on(t.trendingScore.desc(), t.id.desc()),
  ],
);

export const templateTranslation = pgTable(
  "template_translation",
  {
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    slug: text("slug").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.locale] }),
    uniqueIndex("template_translation_slug_idx").on(t.locale, t.slug),
  ],
);

export const templateTag = pgTable(
  "template_tag",
  {
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tag.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.tagId] }), index("template_tag_tag_idx").on(t.tagId, t.templateId)],
);

export const templateStyle = pgTable(
  "template_style",
  {
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    styleId: integer("style_id")
      .notNull()
      .references(() => style.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.styleId] }),
    index("template_style_style_idx").on(t.styleId, t.templateId),
  ],
);

/** What a version's deck holds, as read by modules/slides/deck.ts. */
export type VersionFacts = {
  slideCount: number;
  aspectRatio: "16:9" | "4:3" | "16:10" | "custom";
  headingFont: string | null;
  bodyFont: string | null;
  fonts: string[];
  slideText: string;
};

/** A version of an imported template: the decks it was made from and the state of its previews. */
export const templateVersion = pgTable(
  "template_version",
  {
    id: serial("id").primaryKey(),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    state: versionState("state").notNull().default("queued"),
    /** Why it failed: a translation key, and what the converter said. */
    reason: text("reason"),
    detail: text("detail"),
    /** Hash of everything that made it (decks, preview images, the render settings). */
    sourceHash: text("source_hash").notNull(),
    /** What its first deck holds (slide count, ratio, fonts, slide text), shown once it is ready. */
    facts: jsonb("facts").$type<VersionFacts>(),
    /** How far the previews are drawn, 0-100 (the operator's progress bar). */
    progress: integer("progress").notNull().default(0),
    /** Fonts the decks name that the machine that drew the previews lacked. */
    missingFonts: text("missing_fonts").array().notNull().default([]),
    /** Who made it: an operator's account (an upload in the browser), null for the command. */
    createdBy: integer("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("template_version_number_idx").on(t.templateId, t.number)],
);

/** A colour variant of a template: its palette, and the colour it is filed under. */
export const templateColor = pgTable(
  "template_color",
  {
    id: serial("id").primaryKey(),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    /** The version it belongs to (imported templates); null for the demo's. */
    versionId: integer("version_id").references(() => templateVersion.id, { onDelete: "cascade" }),
    /** Shown on the template's page; a retired or not yet ready version's variants are not. */
    active: boolean("active").notNull().default(true),
    /** The deck theme's colours as read from the file: name (dk1, accent1…) and hex. */
    themeColors: jsonb("theme_colors").$type<{ name: string; hex: string }[]>(),
    /** The variant's Google Slides presentation; the download button goes to its /copy address. */
    googleSlidesUrl: text("google_slides_url"),
    /** Operator-supplied slide images (storage keys, in slide order) drawn as its previews instead of the deck. */
    previewSources: text("preview_sources").array(),
    colorId: integer("color_id")
      .notNull()
      .references(() => color.id),
    position: integer("position").notNull(),
    palette: jsonb("palette").$type<Palette>().notNull(),
  },
  (t) => [
    index("template_color_template_idx").on(t.templateId, t.position),
    index("template_color_color_idx").on(t.colorId, t.templateId),
  ],
);

/** Generated or uploaded files of a colour variant, one per licence variant and kind. */
export const templateFile = pgTable(
  "template_file",
  {
    templateColorId: integer("template_color_id")
      .notNull()
      .references(() => templateColor.id, { onDelete: "cascade" }),
    /** "free" carries the attribution slide, "paid" does not. */
    variant: text("variant").notNull(),
    /** "pptx" or "key". */
    kind: text("kind").notNull(),
    storageKey: text("storage_key").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.templateColorId, t.variant, t.kind] })],
);

/** Views per template per day (UTC), the input of trending. */
export const templateViewDay = pgTable(
  "template_view_day",
  {
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.day] }), index("template_view_day_day_idx").on(t.day)],
);

export const downloadLicense = pgEnum("download_license", ["free", "personal", "commercial"]);

/** Every granted download. Feeds trending, popular, allowances and the download history. */
export const download = pgTable(
  "download",
  {
    id: serial("id").primaryKey(),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
    templateColorId: integer("template_color_id").references(() => templateColor.id, { onDelete: "set null" }),
    categoryId: integer("category_id").references(() => tag.id, { onDelete: "set null" }),
    format: text("format").notNull(),
    license: downloadLicense("license").notNull(),
    accountId: integer("account_id"),
    fingerprint: text("fingerprint"),
    period: text("period").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("download_created_idx").on(t.createdAt),
    index("download_template_created_idx").on(t.templateId, t.createdAt),
    index("download_account_period_idx").on(t.accountId, t.period),
    index("download_fingerprint_period_idx").on(t.fingerprint, t.period),
  ],
);

/** Monotonic version of the catalogue; bumped on every change so page caches can be invalidated. */
export const catalogVersion = pgTable("catalog_version", {
  id: integer("id").primaryKey().default(1),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
