import { useState } from "react";
import { Link, redirect, type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";
import { TemplateGrid } from "#app/components/catalog/template-card.tsx";
import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { FavoriteButton } from "#app/components/favorites/favorite-button.tsx";
import { FolderMenu } from "#app/components/favorites/folder-menu.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { DesignerBlock, DesignerByline } from "#app/components/template/designer-block.tsx";
import { DownloadBar } from "#app/components/template/download-bar.tsx";
import { DOWNLOAD_NOTICES, type DownloadNotice, DownloadPanel } from "#app/components/template/download-panel.tsx";
import { FontsAndColours } from "#app/components/template/fonts-and-colours.tsx";
import { Gallery } from "#app/components/template/gallery.tsx";
import { HouseAd } from "#app/components/template/house-ad.tsx";
import { waitParam } from "#app/lib/list-params.ts";
import { previewUrl } from "#app/lib/previews.ts";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { breadcrumbLd, errorMeta, pageTitle, seo } from "#app/lib/seo.ts";
import { BRAND, LOCALES, type Locale } from "#config/constants.ts";
import { formatDay } from "#modules/shared/day.ts";
import { formatOneDecimal } from "#modules/shared/decimal.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/detail";

/** Route policy (server/route-policy.ts): a visit counts as a view of the template. */
export const handle: PolicyHandle = { policy: { countsView: true } };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  if (!params.slug) throw redirect(localePath(locale, "/templates"));
  const found = await app.services.catalog.getTemplateBySlug(ctx, params.slug);
  if (found.kind === "moved") throw redirect(localePath(locale, `/template/${found.slug}`) + url.search, 301);
  if (found.kind === "missing") notFound("template", params.slug);
  const template = found.template;
  const fileSizeBytes = template.fileSizeBytes ?? (await app.services.files.ensureFileSize(app.scope, template));
  const [related, byDesigner] = await Promise.all([
    app.services.catalog.listRelated(ctx, template, 8),
    template.designer
      ? app.services.catalog
          .listDesignerTemplates(ctx, { designerId: template.designer.id, excludeIds: [template.id], pageSize: 8 })
          .then((p) => p.items)
      : [],
  ]);
  const recommended = await app.services.catalog.listRecommended(
    ctx,
    template,
    [...related, ...byDesigner].map((r) => r.id),
    8,
  );
  const paths = Object.fromEntries(LOCALES.map((l) => [l, localePath(l, `/template/${template.slugs[l]}`)])) as Record<
    Locale,
    string
  >;
  const colorParam = url.searchParams.get("color");
  const downloadParam = url.searchParams.get("download");
  const notice = DOWNLOAD_NOTICES.find((n) => n === downloadParam) ?? null;
  const accountId = app.scope.viewer?.account?.id;
  const [keeping, downloadedAt] = accountId
    ? await Promise.all([
        app.services.folders.templateKeeping(ctx, { accountId, templateId: template.id }),
        app.services.downloadHistory.lastDownloadOf(ctx, { accountId, templateId: template.id }),
      ])
    : [null, null];
  const folders = keeping?.folders ?? null;
  const initialColor = template.colors.find((c) => c.slug === colorParam)?.id ?? template.colors[0]?.id;
  const license = template.isPremium ? t("template.facts.premium") : t("template.facts.free");
  const image = template.colors[0] ? `${origin}${previewUrl(template.colors[0].id, 1, 1280)}` : undefined;
  return {
    template: { ...template, fileSizeBytes },
    related,
    byDesigner,
    recommended,
    initialColor,
    notice: notice as DownloadNotice | null,
    wait: waitParam(url.searchParams),
    favorite: keeping?.favorite ?? false,
    // SPEC §3 "downloaded" for the viewer: when a member last downloaded this template; null for guests.
    downloadedAt: downloadedAt ? downloadedAt.toISOString() : null,
    // A member's collections, for "Save to collection" (SPEC §3); none for guests.
    folders: folders?.map((f) => ({ id: f.id, name: f.name, templatesCount: f.templatesCount })) ?? null,
    // The page's, the download panel's and dialogs', and the "Save to collection" menu's for members.
    messages: messageSet(locale, folders ? "templateMember" : "template"),
    inFolders: keeping?.inFolders ?? [],
    paths,
    seo: {
      origin,
      locale,
      title: pageTitle(template.title),
      description: t("template.metaDescription", {
        title: template.title,
        slides: template.slidesCount,
        license: template.isPremium ? "premium" : t("catalog.card.free").toLowerCase(),
        description: template.description,
      }).slice(0, 300),
      paths,
      image,
      type: "product" as const,
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "CreativeWork",
          name: template.title,
          description: template.description,
          image,
          url: `${origin}${paths[locale]}`,
          inLanguage: locale,
          datePublished: template.publishedAt.toISOString().slice(0, 10),
          genre: template.category.name,
          keywords: template.tags.map((x) => x.name).join(", "),
          isAccessibleForFree: !template.isPremium,
          license: `${origin}${localePath(locale, "/license")}`,
          encodingFormat: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
          publisher: { "@type": "Organization", name: BRAND.name, url: origin },
          additionalProperty: [
            { "@type": "PropertyValue", name: "slides", value: template.slidesCount },
            { "@type": "PropertyValue", name: "license", value: license },
          ],
        },
        breadcrumbLd(origin, locale, [
          { name: template.category.name, path: localePath(locale, `/${template.category.slug}`) },
          { name: template.title, path: paths[locale] },
        ]),
      ],
    },
  };
}

/**
 * Picking a colour writes `?color=` into the address (so a shared link keeps it) without asking the
 * server again: a change of that parameter alone on the same page does not revalidate.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const rest = (url: URL) => {
    const q = new URLSearchParams(url.search);
    q.delete("color");
    q.sort();
    return q.toString();
  };
  return rest(currentUrl) === rest(nextUrl) && currentUrl.search !== nextUrl.search ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData ? seo(loaderData.seo) : errorMeta(matches, error);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line/70 py-2.5 text-sm last:border-0">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-right font-medium text-ink">{children}</dd>
    </div>
  );
}

export default withMessages(TemplateView);

function TemplateView({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { template, related, recommended, byDesigner } = loaderData;
  const [colorId, setColorId] = useState(loaderData.initialColor);
  const location = useLocation();
  const navigate = useNavigate();
  const pickColor = (c: { id: number; slug: string }) => {
    setColorId(c.id);
    const q = new URLSearchParams(location.search);
    q.set("color", c.slug);
    navigate({ search: `?${q}`, hash: location.hash }, { replace: true, preventScrollReset: true });
  };
  const color = template.colors.find((c) => c.id === colorId) ?? template.colors[0];
  const mb = template.fileSizeBytes ? formatOneDecimal(locale, template.fileSizeBytes / 1_048_576) : null;
  const themeFonts = [...new Set([template.fonts.heading?.family, template.fonts.body?.family].filter(Boolean))].join(
    ", ",
  );
  const notes: Record<"PP" | "GS" | "KN", string> = {
    PP: t("template.download.ppNote"),
    GS: template.googleSlidesUrl ? t("template.download.gsLinkNote") : t("template.download.gsNote"),
    KN: t("template.download.knNote"),
  };
  const downloadedOn = loaderData.downloadedAt ? formatDay(locale, loaderData.downloadedAt) : null;
  return (
    <div className="container-page pt-6">
      <nav aria-label={t("catalog.list.breadcrumb")} className="mb-4 flex flex-wrap gap-1 text-sm text-ink-muted">
        <Link to={href("/")} className="hover:text-brand-700">
          SlideNest
        </Link>
        <span aria-hidden="true">/</span>
        <Link to={href(`/${template.category.slug}`)} className="hover:text-brand-700">
          {template.category.name}
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page" className="line-clamp-1">
          {template.title}
        </span>
      </nav>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0">
          <h1 className="mb-4 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{template.title}</h1>
          {template.designer ? <DesignerByline designer={template.designer} /> : null}
          {color ? (
            <Gallery
              title={template.title}
              colorId={color.id}
              slidesCount={template.slidesCount}
              aspectRatio={template.aspectRatio}
            />
          ) : null}
          <p className="mt-6 max-w-3xl leading-7 text-ink-soft">{template.description}</p>
          {template.tags.length ? (
            <div className="mt-6">
              <h2 className="mb-2 text-sm font-semibold text-ink">{t("template.facts.tags")}</h2>
              <ul className="flex flex-wrap gap-2">
                {template.tags.map((tag) => (
                  <li key={tag.slug}>
                    <Link to={href(`/${tag.slug}`)} className="chip">
                      {tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <aside className="flex flex-col gap-5 lg:sticky lg:top-32 lg:row-span-2 lg:self-start">
          <section
            id="download-options"
            tabIndex={-1}
            aria-labelledby="download-title"
            className="scroll-mt-24 rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60 focus:outline-none focus-visible:outline-3 focus-visible:outline-brand-500"
          >
            {template.colors.length > 1 ? (
              <fieldset className="mb-5">
                <legend className="mb-2 text-sm font-semibold text-ink">
                  {t("template.colors")}: <span className="font-normal text-ink-muted">{color?.name}</span>
                </legend>
                <div className="flex gap-2">
                  {template.colors.map((c) => (
                    <label key={c.id} className="cursor-pointer">
                      <input
                        type="radio"
                        name="color"
                        value={c.slug}
                        className="peer sr-only"
                        checked={c.id === colorId}
                        onChange={() => pickColor(c)}
                      />
                      <span
                        className="block h-9 w-9 rounded-full ring-2 ring-transparent ring-offset-2 peer-checked:ring-brand-600 peer-focus-visible:outline-3 peer-focus-visible:outline-brand-500"
                        style={{ background: c.hex }}
                        title={c.name}
                      />
                      <span className="sr-only">{t("template.colorVariant", { name: c.name })}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <h2 id="download-title" className="mb-3 text-sm font-semibold text-ink">
              {t("template.download.title")}
            </h2>
            <span className={template.isPremium ? "badge-premium mb-3" : "badge-free mb-3"}>
              {template.isPremium ? t("catalog.card.premium") : t("catalog.card.free")}
            </span>
            {downloadedOn ? (
              <p
                className="mb-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
                data-testid="downloaded-note"
              >
                {t("template.downloaded.note", { date: downloadedOn })}{" "}
                <Link
                  to={href("/profile/downloads")}
                  className="font-semibold underline underline-offset-2 hover:text-emerald-950"
                >
                  {t("template.downloaded.history")}
                </Link>
              </p>
            ) : null}
            {color ? (
              <DownloadPanel
                colorId={color.id}
                notes={notes}
                initialNotice={loaderData.notice}
                wait={loaderData.wait}
              />
            ) : null}
            <div className="mt-4 flex flex-wrap gap-2">
              <FavoriteButton key={template.id} templateId={template.id} initial={loaderData.favorite} />
              {loaderData.folders ? (
                <FolderMenu
                  key={`folders-${template.id}`}
                  templateId={template.id}
                  templateName={template.title}
                  folders={loaderData.folders}
                  inFolders={loaderData.inFolders}
                  align="end"
                />
              ) : null}
            </div>
            <p id="premium-note" className="mt-4 text-xs text-ink-muted">
              {template.isPremium ? t("template.download.premiumNote") : t("template.download.freeNote")}
            </p>
          </section>
          <div className="rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60">
            <h2 className="mb-2 text-sm font-semibold text-ink">{t("template.facts.title")}</h2>
            <dl>
              <Fact label={t("template.facts.slides")}>{template.slidesCount}</Fact>
              <Fact label={t("template.facts.size")}>
                {mb ? t("template.facts.sizeValue", { size: mb }) : t("template.facts.sizePending")}
              </Fact>
              <Fact label={t("template.facts.ratio")}>
                {template.aspectRatio === "custom" ? t("template.facts.ratioCustom") : template.aspectRatio}
              </Fact>
              {themeFonts ? <Fact label={t("template.facts.fonts")}>{themeFonts}</Fact> : null}
              <Fact label={t("template.facts.styles")}>{template.styles.map((s) => s.name).join(", ")}</Fact>
              <Fact label={t("template.facts.category")}>
                <Link to={href(`/${template.category.slug}`)} className="text-link">
                  {template.category.name}
                </Link>
              </Fact>
              <Fact label={t("template.facts.license")}>
                {template.isPremium ? t("template.facts.premium") : t("template.facts.free")}
              </Fact>
              <Fact label={t("template.facts.formats")}>
                {template.formats.map((f) => t(`catalog.card.formatNames.${f}`)).join(", ")}
              </Fact>
            </dl>
          </div>
          <HouseAd />
        </aside>
        {/* What the file holds and who made it: beside the panel on a desktop, after it on a phone (the
            download comes first, and the swatches follow the colour chosen above them). */}
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1">
          <FontsAndColours
            fonts={template.fonts}
            swatches={(color && template.swatches[color.id]) || []}
            variantName={template.colors.length > 1 ? color?.name : undefined}
          />
          {template.designer ? <DesignerBlock designer={template.designer} /> : null}
        </div>
      </div>
      {template.designer && byDesigner.length ? (
        <section className="mt-14" aria-labelledby="more-from-designer">
          <div className="mb-5 flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
            <h2 id="more-from-designer" className="text-2xl font-bold tracking-tight text-ink">
              {t("template.designer.more", { name: template.designer.name })}
            </h2>
            <Link
              to={href(`/designers/${template.designer.slug}`)}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {t("template.designer.seeAll", { name: template.designer.name })}
            </Link>
          </div>
          <TemplateGrid cards={byDesigner} />
        </section>
      ) : null}
      {related.length ? (
        <section className="mt-14">
          <h2 className="section-title">{t("template.related")}</h2>
          <TemplateGrid cards={related} />
        </section>
      ) : null}
      <div className="mt-14">
        <HouseAd wide />
      </div>
      {recommended.length ? (
        <section className="mt-14">
          <h2 className="section-title">{t("template.recommended")}</h2>
          <TemplateGrid cards={recommended} />
        </section>
      ) : null}
      {/* Last, so that it sticks to the bottom of a phone's screen all the way down and rests before the footer. */}
      <DownloadBar targetId="download-options" isPremium={template.isPremium} slidesCount={template.slidesCount} />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
