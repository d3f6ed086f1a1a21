import { Link } from "react-router";
import { Pagination } from "#app/components/catalog/pagination.tsx";
import { Empty } from "#app/components/catalog/results.tsx";
import { TemplateCard } from "#app/components/catalog/template-card.tsx";
import { FolderCollage } from "#app/components/favorites/folder-collage.tsx";
import { FolderMenu, FolderNameForm, FolderStatus } from "#app/components/favorites/folder-menu.tsx";
import { FavoritesHeader } from "#app/components/favorites/list-header.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FolderIcon } from "#app/components/icons.tsx";
import { folderClientAction } from "#app/lib/folders.client.ts";
import { folderAction } from "#app/lib/folders.server.ts";
import { listHref, pageParam, sortParam } from "#app/lib/list-params.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { FAVORITE_SORTS, type FavoriteSort } from "#modules/favorites/sorts.ts";
import type { Route } from "./+types/favorites";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const accountId = memberOf(context).account.id;
  const sort = sortParam(url.searchParams, FAVORITE_SORTS);
  const page = pageParam(url.searchParams);
  const [result, folders, covers] = await Promise.all([
    app.services.favorites.listFavorites(ctx, { accountId, sort, page }),
    app.services.folders.listFolders(ctx, { accountId }),
    app.services.folders.folderCovers(ctx, { accountId }),
  ]);
  const held = await app.services.folders.foldersOfTemplates(
    ctx,
    accountId,
    result.items.map((c) => c.id),
  );
  return {
    sort,
    result,
    folders: folders.map((f) => ({ id: f.id, name: f.name, templatesCount: f.templatesCount })),
    // Each collection's collage: its first templates' previews (issue 22).
    covers: Object.fromEntries(folders.map((f) => [f.id, covers.get(f.id) ?? []])),
    inFolders: Object.fromEntries(result.items.map((c) => [c.id, (held.get(c.id) ?? []).map((f) => f.id)])),
    deleted: url.searchParams.get("deleted") === "1",
    seo: {
      origin,
      locale,
      title: pageTitle(t("account.favorites.metaTitle")),
      description: t("account.favorites.metaTitle"),
      paths: samePath("/profile/favorites"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** Every collection form of the site posts here (SPEC §3: create, rename, delete; add, remove, move). */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, locale } = pageContext(request, context);
  return folderAction(app, locale, await request.formData());
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return folderClientAction({ request, serverAction });
}

export default function FavoritesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { result, sort, folders, covers, inFolders, deleted } = loaderData;
  const hrefFor = (page: number, s: FavoriteSort = sort) =>
    listHref(href("/profile/favorites"), FAVORITE_SORTS, s, page);
  return (
    <div className="flex flex-col gap-8">
      <FavoritesHeader
        title={t("account.favorites.title")}
        total={result.total}
        sort={sort}
        hrefFor={(s) => hrefFor(1, s)}
      />
      {deleted ? (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
        >
          {t("account.folders.deletedNotice")}
        </p>
      ) : null}
      {actionData ? <FolderStatus data={actionData} visible /> : null}

      <section aria-labelledby="collections-heading" className="flex flex-col gap-4">
        <h2 id="collections-heading" className="text-xl font-semibold text-ink">
          {t("account.folders.title")}
        </h2>
        {folders.length ? (
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-4">
            {folders.map((f, i) => (
              <li key={f.id} className="flex">
                <Link
                  to={href(`/profile/favorites/${f.id}`)}
                  className="group flex w-full flex-col overflow-hidden rounded-card bg-surface shadow-card ring-1 ring-line/60 hover:shadow-lift hover:ring-brand-200"
                  data-folder-card={f.id}
                >
                  <FolderCollage tiles={covers[f.id] ?? []} eager={i < 4} />
                  <span className="flex min-w-0 items-center gap-3 p-3.5">
                    <FolderIcon width={18} height={18} className="shrink-0 text-brand-700" />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-ink group-hover:text-brand-700">{f.name}</span>
                      <span className="block text-sm text-ink-muted">
                        {t("account.favorites.count", { count: f.templatesCount })}
                      </span>
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-ink-muted">{t("account.folders.noneYet")}</p>
        )}
        <div className="max-w-md">
          <FolderNameForm intent="createFolder" />
        </div>
      </section>

      <section aria-labelledby="all-favorites-heading" className="flex flex-col gap-4">
        <h2 id="all-favorites-heading" className="text-xl font-semibold text-ink">
          {t("account.folders.all")}
        </h2>
        {result.items.length ? (
          <>
            <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {result.items.map((card, i) => (
                <li key={card.id} className="flex flex-col gap-2">
                  <TemplateCard card={card} priority={i < 3} headingLevel={3} favorite />
                  <FolderMenu
                    templateId={card.id}
                    templateName={card.title}
                    folders={folders}
                    inFolders={inFolders[card.id] ?? []}
                  />
                </li>
              ))}
            </ul>
            <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(p) => hrefFor(p)} />
          </>
        ) : (
          <Empty
            title={t("account.favorites.empty")}
            text={t("account.favorites.emptyText")}
            to={href("/templates")}
            cta={t("account.favorites.browse")}
          />
        )}
      </section>
    </div>
  );
}
