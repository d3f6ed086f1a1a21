/**
 * The demo data a fresh database starts with (demo mode, tests, benchmarks): the taxonomy and the
 * generated catalogue with its history (modules/catalog/demo), a large catalogue for benchmarks, the
 * repository's blog articles and own templates, and the demo accounts with their plans. It spans the
 * modules it fills, so it is a module of its own; its queries are in repo.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, PAID_PLANS, SANDBOX_CARDS } from "#config/constants.ts";
import type { Database, Db } from "#db/client.server.ts";
import { createVerifiedAccount } from "#modules/accounts/service.ts";
import { sandboxProvider } from "#modules/billing/provider.ts";
import { subscribe } from "#modules/billing/service.ts";
import type { ImportSummary } from "#modules/blog/import.ts";
import { type DemoTemplate, generateDemoCatalog, generateLargeCatalog } from "#modules/catalog/demo/generate.ts";
import { CATEGORIES, COLORS, SERVICE_TAGS, STYLES, TAGS } from "#modules/catalog/demo/taxonomy.ts";
import { bumpCatalogVersion, refreshCatalogStats, refreshTrending } from "#modules/catalog/service.ts";
import type { Storage } from "#modules/files/storage.ts";
import { refreshSearchIndex } from "#modules/search/refresh.ts";
import type { Clock, Logger } from "#modules/shared/context.ts";
import { periodOf } from "#modules/shared/period.ts";
import { guestDownloadsKeptFrom } from "#modules/shared/retention.ts";
import { importTemplateFolder, type TemplateImportSummary } from "#modules/templates/import.ts";
import { renderTemplateVersion } from "#modules/templates/render.ts";
import {
  addAccountInterests,
  analyze,
  blogUsed,
  importedTemplatesExist,
  insertColors,
  insertDownloads,
  insertStyles,
  insertTag,
  insertTagTranslations,
  insertTemplateColors,
  insertTemplateRows,
  insertTemplateStyles,
  insertTemplateTags,
  insertTemplateTranslations,
  insertViewDays,
  selectColorIds,
  selectStyleIds,
  selectTagIds,
  tagCount,
  vacuumAnalyze,
} from "./repo.ts";
import { seedSearchLog } from "./search-log.ts";

export const DEMO_SEED = 20261122;
export const DEMO_COUNT = 240;

type Ids = { tags: Map<string, number>; styles: Map<string, number>; colors: Map<string, number> };

/** Service tags first (ids 1, 2), then the categories, then plain tags; styles; colours. */
export async function seedTaxonomy(db: Db): Promise<Ids> {
  const ids: Ids = { tags: new Map(), styles: new Map(), colors: new Map() };
  const groups = [
    { type: "service" as const, entries: SERVICE_TAGS },
    { type: "category" as const, entries: CATEGORIES },
    { type: "tag" as const, entries: TAGS },
  ];
  for (const g of groups) {
    for (const e of g.entries) {
      const id = await insertTag(db, {
        slug: e.slug,
        type: g.type,
        iconName: ("iconName" in e ? e.iconName : undefined) ?? null,
      });
      ids.tags.set(e.slug, id);
      await insertTagTranslations(db, [
        { tagId: id, locale: "en", ...e.en },
        { tagId: id, locale: "es", ...e.es },
      ]);
    }
  }
  const styles = await insertStyles(
    db,
    STYLES.map((x) => ({ slug: x.slug, nameEn: x.nameEn, nameEs: x.nameEs })),
  );
  for (const x of styles) ids.styles.set(x.slug, x.id);
  const colors = await insertColors(
    db,
    COLORS.map((x) => ({ slug: x.slug, nameEn: x.nameEn, nameEs: x.nameEs, hex: x.hex })),
  );
  for (const x of colors) ids.colors.set(x.slug, x.id);
  return ids;
}

async function loadIds(db: Db): Promise<Ids> {
  const [tags, styles, colors] = await Promise.all([selectTagIds(db), selectStyleIds(db), selectColorIds(db)]);
  return {
    tags: new Map(tags.map((r) => [r.slug, r.id])),
    styles: new Map(styles.map((r) => [r.slug, r.id])),
    colors: new Map(colors.map((r) => [r.slug, r.id])),
  };
}

const need = (map: Map<string, number>, key: string, what: string) => {
  const v = map.get(key);
  if (v === undefined) throw new Error(`seed: unknown ${what} "${key}"`);
  return v;
};

/** Inserts templates in batches; returns their new ids in order. */
export async function insertTemplates(
  db: Db,
  ids: Ids,
  batch: DemoTemplate[],
  counts?: { downloads: number; views: number; trending: number }[],
): Promise<{ templateIds: number[]; colorIds: number[][] }> {
  const templateIds = await insertTemplateRows(
    db,
    batch.map((t, i) => ({
      categoryId: need(ids.tags, t.categorySlug, "category"),
      isPremium: t.isPremium,
      slidesCount: t.design.slides.length,
      aspectRatio: t.aspectRatio,
      headingFont: t.headingFont,
      bodyFont: t.bodyFont,
      formats: t.formats,
      design: t.design,
      publishedAt: t.publishedAt,
      createdAt: t.publishedAt,
      updatedAt: t.publishedAt,
      downloadsCount: counts?.[i].downloads ?? 0,
      viewsCount: counts?.[i].views ?? 0,
      trendingScore: counts?.[i].trending ?? 0,
    })),
  );
  await insertTemplateTranslations(
    db,
    batch.flatMap((t, i) => [
      { templateId: templateIds[i], locale: "en", ...t.translations.en },
      { templateId: templateIds[i], locale: "es", ...t.translations.es },
    ]),
  );
  const tagRows = batch.flatMap((t, i) =>
    t.tagSlugs.map((slug) => ({ templateId: templateIds[i], tagId: need(ids.tags, slug, "tag") })),
  );
  if (tagRows.length) await insertTemplateTags(db, tagRows);
  const styleRows = batch.flatMap((t, i) =>
    t.styleSlugs.map((slug) => ({ templateId: templateIds[i], styleId: need(ids.styles, slug, "style") })),
  );
  if (styleRows.length) await insertTemplateStyles(db, styleRows);
  const colorRows = await insertTemplateColors(
    db,
    batch.flatMap((t, i) =>
      t.colors.map((c, position) => ({
        templateId: templateIds[i],
        colorId: need(ids.colors, c.colorSlug, "colour"),
        position,
        palette: c.palette,
      })),
    ),
  );
  const colorIds = templateIds.map((id) =>
    colorRows
      .filter((r) => r.templateId === id)
      .sort((a, b) => a.position - b.position)
      .map((r) => r.id),
  );
  return { templateIds, colorIds };
}

/** The demo catalogue: taxonomy, templates and their download and view history. Deterministic for a seed and a date. */
export async function seedDemo(
  db: Db,
  opts: { now: Date; count?: number; seed?: number },
): Promise<{ templates: number; downloads: number }> {
  const ids = await seedTaxonomy(db);
  const templates = generateDemoCatalog({
    seed: opts.seed ?? DEMO_SEED,
    count: opts.count ?? DEMO_COUNT,
    now: opts.now,
  });
  let downloads = 0;
  const keptFrom = guestDownloadsKeptFrom(opts.now);
  const BATCH = 60;
  for (let start = 0; start < templates.length; start += BATCH) {
    const batch = templates.slice(start, start + BATCH);
    const counts = batch.map((t) => ({
      downloads: t.history.downloads.length,
      views: t.history.views.reduce((sum, v) => sum + v.views, 0),
      trending: 0,
    }));
    const { templateIds, colorIds } = await insertTemplates(db, ids, batch, counts);
    const viewRows = batch.flatMap((t, i) =>
      t.history.views.map((v) => ({ templateId: templateIds[i], day: v.day, views: v.views })),
    );
    for (let j = 0; j < viewRows.length; j += 2000) await insertViewDays(db, viewRows.slice(j, j + 2000));
    // A template's count is its whole history; the records are the ones the Privacy Policy keeps (a guest's
    // for RETENTION.guestDownloadsMonths: older ones would be purged by the first maintenance).
    const dl = batch.flatMap((t, i) =>
      t.history.downloads.flatMap((d, k) =>
        d.at < keptFrom
          ? []
          : [
              {
                templateId: templateIds[i],
                templateColorId: colorIds[i][Math.min(d.colorIndex, colorIds[i].length - 1)],
                categoryId: need(ids.tags, t.categorySlug, "category"),
                format: d.format,
                license: t.isPremium
                  ? k % 4 === 0
                    ? ("commercial" as const)
                    : ("personal" as const)
                  : ("free" as const),
                fingerprint: `seed-${(k * 7919 + i) % 5000}`,
                period: periodOf(d.at),
                createdAt: d.at,
              },
            ],
      ),
    );
    for (let j = 0; j < dl.length; j += 2000) await insertDownloads(db, dl.slice(j, j + 2000));
    downloads += dl.length;
  }
  await refreshTrending({ db, clock: { now: () => opts.now } });
  await refreshCatalogStats({ db, clock: { now: () => opts.now } });
  await refreshSearchIndex(db, { now: opts.now });
  await bumpCatalogVersion({ db });
  return { templates: templates.length, downloads };
}

/**
 * A large catalogue for benchmarks: templates without files or history, counts set directly. Logs the
 * seconds of each phase (inserts, statistics, each phase of the search index) through `log`.
 */
export async function seedLarge(
  db: Db,
  opts: { now: Date; count: number; seed?: number; log?: Logger },
): Promise<number> {
  let mark = Date.now();
  const phases: Record<string, number> = {};
  const phase = (name: string) => {
    const t = Date.now();
    phases[name] = Math.round((t - mark) / 100) / 10;
    mark = t;
  };
  const empty = (await tagCount(db)) === 0;
  const ids = empty ? await seedTaxonomy(db) : await loadIds(db);
  let batch: DemoTemplate[] = [];
  let counts: { downloads: number; views: number; trending: number }[] = [];
  let done = 0;
  const flush = async () => {
    if (!batch.length) return;
    await insertTemplates(db, ids, batch, counts);
    done += batch.length;
    batch = [];
    counts = [];
    if (done % 10_000 === 0) opts.log?.info("large catalogue", { done });
  };
  for (const t of generateLargeCatalog({ seed: opts.seed ?? DEMO_SEED + 1, count: opts.count, now: opts.now })) {
    batch.push(t);
    const downloads = t.downloadsCount ?? 0;
    const views = t.viewsCount ?? 0;
    counts.push({ downloads, views, trending: Math.round(views / 10 + downloads / 50) });
    if (batch.length >= 500) await flush();
  }
  await flush();
  phase("inserts");
  // Row counts for the planner before the set-based steps below (at a million rows a plan made for an
  // empty table is a disaster).
  await analyze(db);
  phase("analyze");
  await refreshCatalogStats({ db, clock: { now: () => opts.now } });
  phase("catalogStats");
  const index = await refreshSearchIndex(db, { now: opts.now });
  for (const [name, ms] of Object.entries(index.phases)) phases[`searchIndex.${name}`] = Math.round(ms / 100) / 10;
  await bumpCatalogVersion({ db });
  opts.log?.info("large catalogue: seconds per phase", phases);
  return done;
}

/** Seeds the demo catalogue when the database has no tags yet. */
export async function seedIfEmpty(database: Database, opts: { log: Logger; clock: Clock }): Promise<boolean> {
  if ((await tagCount(database.db)) > 0) return false;
  const started = Date.now();
  const result = await seedDemo(database.db, { now: opts.clock.now() });
  // A month of searches for the desk's zero-result report and the figures (after the index: each is searched).
  const searches = await seedSearchLog(database.db, { now: opts.clock.now(), log: opts.log });
  await vacuumAnalyze(database.db);
  opts.log.info("demo catalogue seeded", { ...result, searches: searches.searches, ms: Date.now() - started });
  return true;
}

/** The repository's blog articles (README: "Writing blog articles"). */
export const BLOG_CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../content/blog");

/**
 * Imports the repository's blog articles when the blog has never had any (no posts and no tags), after
 * the demo catalogue: the articles name its templates. A folder that does not import is logged and
 * left out; the site starts without a blog rather than not at all. Answers the import's summary, or null
 * when there was nothing to do.
 */
export async function seedBlog(
  database: Database,
  opts: { storage: Storage; log: Logger; clock: Clock; folder?: string },
): Promise<ImportSummary | null> {
  if (await blogUsed(database.db)) return null;
  const folder = opts.folder ?? BLOG_CONTENT_DIR;
  if (!fs.existsSync(folder)) {
    opts.log.warn("no blog articles to seed", { folder });
    return null;
  }
  const started = Date.now();
  // The blog import (Markdown, sanitize-html, front matter: about 25 MB resident) is loaded only to import.
  const { importBlogFolder } = await import("#modules/blog/import.ts");
  const result = await importBlogFolder(
    { db: database.db, storage: opts.storage, clock: opts.clock, log: opts.log },
    folder,
  );
  if (result.errors.length) opts.log.error("demo blog not imported", { folder, errors: result.errors });
  else
    opts.log.info("demo blog seeded", {
      posts: result.posts.created,
      tags: result.tags.created,
      ms: Date.now() - started,
    });
  return result;
}

/** The repository's own real templates (content/templates: decks with their slide images). */
export const TEMPLATES_CONTENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../content/templates",
);

/**
 * Imports the repository's own templates when the database never had imported templates, beside the
 * demo catalogue (their categories, tags, styles and colours are the demo taxonomy's). Each new
 * version is queued for its previews: the job queue draws them at start (queuedTemplateVersions), from
 * the committed slide images, so no LibreOffice is needed; `render` draws them here instead (the dev
 * server runs no job queue). A folder that does not import is logged and left out: the site starts
 * without them rather than not at all. Answers the import's summary, or null when there was nothing to do.
 */
export async function seedTemplates(
  database: Database,
  opts: { storage: Storage; log: Logger; clock: Clock; folder?: string; render?: boolean },
): Promise<TemplateImportSummary | null> {
  if (await importedTemplatesExist(database.db)) return null;
  const folder = opts.folder ?? TEMPLATES_CONTENT_DIR;
  if (!fs.existsSync(folder)) {
    opts.log.warn("no templates to seed", { folder });
    return null;
  }
  const started = Date.now();
  const ctx = { db: database.db, storage: opts.storage, clock: opts.clock, log: opts.log };
  const versions: number[] = [];
  const result = await importTemplateFolder(
    { ...ctx, jobs: { enqueueRender: async (id) => void versions.push(id) } },
    folder,
  );
  if (result.problems.length) {
    opts.log.error("project templates not imported", { folder, problems: result.problems });
    return result;
  }
  let failed = 0;
  // A version met by a fault of the machine (a full disk) is back in the queue: the jobs draw it later.
  if (opts.render)
    for (const id of versions) if (!(await renderTemplateVersion(ctx, id).catch(() => null))?.ok) failed++;
  opts.log.info("project templates seeded", {
    templates: result.templates.created,
    versions: result.versions,
    ...(opts.render ? { failed } : {}),
    ms: Date.now() - started,
  });
  return result;
}

/**
 * The demo accounts of DECISIONS.md (demo mode only: never with DATABASE_URL). Verified, with the
 * demo password; existing ones are left alone. The paid ones buy their plan through the sandbox, so
 * they have a real subscription, card, payment and invoice to look at.
 */
export async function seedDemoAccounts(database: Database, opts: { log: Logger; clock: Clock }): Promise<number> {
  let created = 0;
  const billing = {
    db: database.db,
    locale: "en" as const,
    clock: opts.clock,
    log: opts.log,
    payments: sandboxProvider(),
  };
  for (const a of DEMO_ACCOUNTS) {
    const id = await createVerifiedAccount(
      { db: database.db, clock: opts.clock },
      { email: a.email, username: a.username, name: a.name, password: DEMO_PASSWORD, blocked: a.blocked },
    );
    if (!id) continue;
    created++;
    // Demo accounts come with interests (the dialog is for people who sign up).
    await addAccountInterests(database.db, id, a.interests);
    if (a.plan === "FREE") continue;
    const { tier, interval } = PAID_PLANS[a.plan];
    const bought = await subscribe(billing, {
      accountId: id,
      details: {
        billingName: a.name,
        billingEmail: a.email,
        address: "1 Demo Street",
        country: "US",
        city: "Springfield",
        zip: "12345",
      },
      type: tier,
      period: interval === "month" ? "monthly" : "yearly",
      attempt: `demo-seed-${id}`,
      source: {
        card: {
          number: SANDBOX_CARDS.success,
          expMonth: 12,
          expYear: opts.clock.now().getUTCFullYear() + 5,
          cvc: "123",
        },
      },
    });
    if (!bought.ok) opts.log.warn("demo plan not bought", { email: a.email, code: bought.code });
  }
  if (created) opts.log.info("demo accounts created", { created, password: "see DECISIONS.md" });
  return created;
}
