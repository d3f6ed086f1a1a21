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
export const aspectRatio = pgEnum("aspect_ratio", ["16:9", "4:3"]);

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

export const template = pgTable(
  "template",
  {
    id: serial("id").primaryKey(),
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
    /** Structured slide design; previews and .pptx files are both drawn from it. */
    design: jsonb("design").notNull(),
    googleSlidesUrl: text("google_slides_url"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    downloadsCount: integer("downloads_count").notNull().default(0),
    viewsCount: integer("views_count").notNull().default(0),
    trendingScore: real("trending_score").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("template_category_idx").on(t.categoryId),
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

/** A colour variant of a template: its palette, and the colour it is filed under. */
export const templateColor = pgTable(
  "template_color",
  {
    id: serial("id").primaryKey(),
    templateId: integer("template_id")
      .notNull()
      .references(() => template.id, { onDelete: "cascade" }),
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
