import { Form, Link, useFetcher } from "react-router";
import { Pagination } from "#app/components/catalog/pagination.tsx";
import { TemplateCard } from "#app/components/catalog/template-card.tsx";
import {
  type FolderAnswer,
  FolderNameForm,
  FolderStatus,
  type FolderSummary,
} from "#app/components/favorites/folder-menu.tsx";
import { FavoritesHeader } from "#app/components/favorites/list-header.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { ChevronLeft } from "#app/components/icons.tsx";
import { folderClientAction } from "#app/lib/folders.client.ts";
import { folderAction } from "#app/lib/folders.server.ts";
import { listHref, pageParam, sortParam } from "#app/lib/list-params.ts";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { FAVORITE_SORTS, type FavoriteSort } from "#modules/favorites/sorts.ts";
import type { Route } from "./+types/folder";

/** `:folderId` as a row id, or nothing (then the page is not found). */
function folderIdParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const folderId = folderIdParam(params.folderId);
  if (!folderId) notFound("page");
  const accountId = memberOf(context).account.id;
  const sort = sortParam(url.searchParams, FAVORITE_SORTS);
  const page = pageParam(url.searchParams);
  const [r, folders] = await Promise.all([
    app.services.folders.listFolderTemplates(ctx, { accountId, folderId, sort, page }),
    app.services.folders.listFolders(ctx, { accountId }),
  ]);
  // Another account's collection is as absent as one that never existed.
  if (!r.ok) notFound("page");
  const { folder, page: result } = r.value;
  return {
    sort,
    result,
    folder: { id: folder.id, name: folder.name, templatesCount: folder.templatesCount },
    others: folders
      .filter((f) => f.id !== folder.id)
      .map((f) => ({ id: f.id, name: f.name, templatesCount: f.templatesCount })),
    seo: {
      origin,
      locale,
      title: pageTitle(folder.name, t("account.folders.title")),
      description: t("account.folders.title"),
      paths: samePath(`/profile/favorites/${folder.id}`),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { app, locale } = pageContext(request, context);
  return folderAction(app, locale, await request.formData(), {
    leaveDeleted: folderIdParam(params.folderId) ?? undefined,
  });
}

export function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return folderClientAction({ request, serverAction });
}

/** Under each card: take it out of this collection, or move it to another one. */
function ItemActions({
  folder,
  others,
  templateId,
  title,
}: {
  folder: FolderSummary;
  others: FolderSummary[];
  templateId: number;
  title: string;
}) {
  const { t } = useI18n();
  const remove = useFetcher<FolderAnswer>();
  const move = useFetcher<FolderAnswer>();
  const selectId = `move-${templateId}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <remove.Form method="post">
          <input type="hidden" name="intent" value="removeFromFolder" />
          <input type="hidden" name="folderId" value={folder.id} />
          <input type="hidden" name="templateId" value={templateId} />
          <button
            type="submit"
            className="btn-secondary px-3 py-2"
            aria-label={`${t("account.folders.removeFrom")}: ${title}`}
            disabled={remove.state !== "idle"}
          >
            {t("account.folders.removeFrom")}
          </button>
        </remove.Form>
        {others.length ? (
          <move.Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="moveToFolder" />
            <input type="hidden" name="fromFolderId" value={folder.id} />
            <input type="hidden" name="templateId" value={templateId} />
            <label htmlFor={selectId} className="sr-only">
              {`${t("account.folders.moveTo")}: ${title}`}
            </label>
            <select id={selectId} name="toFolderId" className="field-input w-40 py-2 text-sm">
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
            <button type="submit" className="btn-secondary px-3 py-2" disabled={move.state !== "idle"}>
              {t("account.folders.move")}
            </button>
          </move.Form>
        ) : null}
      </div>
      <FolderStatus data={move.data ?? remove.data} visible={(move.data ?? remove.data)?.ok === false} />
    </div>
  );
}

export default function FolderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const { result, sort, folder, others } = loaderData;
  const base = href(`/profile/favorites/${folder.id}`);
  const hrefFor = (page: number, s: FavoriteSort = sort) => listHref(base, FAVORITE_SORTS, s, page);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <Link
          to={href("/profile/favorites")}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ChevronLeft width={16} height={16} />
          {t("account.folders.back")}
        </Link>
        <FavoritesHeader
          title={folder.name}
          kicker={t("account.folders.kicker")}
          total={result.total}
          sort={sort}
          hrefFor={(s) => hrefFor(1, s)}
        />
      </div>
      {actionData ? <FolderStatus data={actionData} visible /> : null}

      <div className="flex flex-wrap gap-3">
        <details className="group w-full max-w-md rounded-card bg-surface p-4 ring-1 ring-line/60 open:shadow-card">
          <summary className="disclosure flex items-center gap-4 rounded-md font-semibold text-ink">
            {t("account.folders.rename")}
          </summary>
          <div className="mt-3">
            <FolderNameForm intent="renameFolder" folder={folder} />
          </div>
        </details>
        <details className="w-full max-w-md rounded-card bg-surface p-4 ring-1 ring-line/60 open:shadow-card">
          <summary className="disclosure flex items-center gap-4 rounded-md font-semibold text-red-800">
            {t("account.folders.delete")}
          </summary>
          <Form method="post" className="mt-3 flex flex-col gap-3">
            <input type="hidden" name="intent" value="deleteFolder" />
            <input type="hidden" name="folderId" value={folder.id} />
            <p className="text-sm text-ink-soft">{t("account.folders.deleteConfirm", { name: folder.name })}</p>
            <button type="submit" className="btn-danger w-fit">
              {t("account.folders.deleteYes")}
            </button>
          </Form>
        </details>
      </div>

      {result.items.length ? (
        <>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
            {result.items.map((card, i) => (
              <li key={card.id} className="flex flex-col gap-2">
                <TemplateCard card={card} priority={i < 3} headingLevel={2} favorite />
                <ItemActions folder={folder} others={others} templateId={card.id} title={card.title} />
              </li>
            ))}
          </ul>
          <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(p) => hrefFor(p)} />
        </>
      ) : (
        <div className="rounded-card bg-surface p-8 text-center ring-1 ring-line/60">
          <h2 className="text-lg font-semibold text-ink">{t("account.folders.empty")}</h2>
          <p className="mt-1 text-ink-muted">{t("account.folders.emptyText")}</p>
          <Link to={href("/profile/favorites")} className="btn-primary mt-4">
            {t("account.folders.back")}
          </Link>
        </div>
      )}
    </div>
  );
}
