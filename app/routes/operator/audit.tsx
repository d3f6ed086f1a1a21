import { useI18n } from "#app/components/i18n.tsx";
import { OperatorList } from "#app/components/operator/operator-list.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/audit";

/** The audit log (DECISIONS: Operations): who did what to what, when, before and after; newest first, by action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const page = Number(url.searchParams.get("page") ?? "1");
  const action = url.searchParams.get("action") || null;
  const log = await app.services.audit.listAudit(ctx, { page: Number.isSafeInteger(page) ? page : 1, action });
  return {
    entries: log.entries.map((e) => ({
      ...e,
      at: e.at.toISOString(),
      changes: e.changes.map((c) => ({ field: c.field, before: show(c.before), after: show(c.after) })),
    })),
    page: log.page,
    hasNext: log.hasNext,
    actions: log.actions,
    action: action && log.actions.includes(action) ? action : "",
    seo: {
      origin,
      locale,
      title: t("account.operator.audit.metaTitle"),
      description: t("account.operator.audit.intro"),
      paths: samePath("/operator/audit"),
      noindex: true,
    },
  };
}

/** A value as the log shows it: text as it is, anything else as JSON; absent is null. */
function show(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  return typeof v === "string" ? v : JSON.stringify(v);
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

export default function OperatorAudit({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { entries, page, hasNext, actions, action } = loaderData;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const pageHref = (p: number) => {
    const q = new URLSearchParams();
    if (action) q.set("action", action);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `${href("/operator/audit")}${s ? `?${s}` : ""}`;
  };
  /** The command line's entries name the shell user; the words around it are the page's. */
  const actorName = (actor: Entry["actor"]) => {
    const cli = actor.id === null ? /^command line \((.*)\)$/.exec(actor.label) : null;
    return cli ? t("account.operator.audit.commandLine", { user: cli[1] }) : actor.label;
  };
  /** An action's name: the operator area's own, or a desk page's (its namespace's `audit` words). */
  const actionName = (a: string) => {
    for (const key of [
      `account.operator.actions.${a}`,
      `deskMembers.audit.${a}`,
      `deskMessages.audit.${a}`,
      `deskSearch.audit.${a}`,
    ]) {
      const name = t(key);
      if (name !== key) return name;
    }
    return a;
  };
  return (
    <OperatorList
      title={t("account.operator.audit.title")}
      intro={t("account.operator.audit.intro")}
      filter={{
        id: "audit-action",
        name: "action",
        label: t("account.operator.audit.filter"),
        all: t("account.operator.audit.allActions"),
        value: action,
        options: actions.map((a) => ({ value: a, label: actionName(a) })),
      }}
      pages={{
        label: t("account.operator.audit.pages"),
        previous: page > 1 ? { href: pageHref(page - 1), label: t("account.operator.audit.newer") } : null,
        next: hasNext ? { href: pageHref(page + 1), label: t("account.operator.audit.older") } : null,
      }}
    >
      {entries.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">
          {t("account.operator.audit.empty")}
        </p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-card bg-surface shadow-card ring-1 ring-line/60 md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t("account.operator.audit.title")}</caption>
              <thead className="border-b border-line bg-canvas text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("account.operator.audit.when")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("account.operator.audit.who")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("account.operator.audit.what")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t("account.operator.audit.changes")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {entries.map((e) => (
                  <tr key={e.id} className="align-top">
                    <td className="whitespace-nowrap px-4 py-3 text-ink-soft">
                      <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
                    </td>
                    <td className="px-4 py-3 break-all text-ink">{actorName(e.actor)}</td>
                    <td className="px-4 py-3">
                      <span className="font-medium text-ink">{actionName(e.action)}</span>
                      <span className="block break-all text-ink-muted">{e.target.label}</span>
                    </td>
                    <td className="px-4 py-3">
                      <Changes entry={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ol className="flex flex-col gap-3 md:hidden">
            {entries.map((e) => (
              <li key={e.id} className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60">
                <p className="font-medium text-ink">{actionName(e.action)}</p>
                <p className="break-all text-sm text-ink-muted">{e.target.label}</p>
                <p className="mt-2 text-sm text-ink-soft">
                  <time dateTime={e.at}>{when.format(new Date(e.at))}</time> ·{" "}
                  <span className="break-all">{actorName(e.actor)}</span>
                </p>
                <div className="mt-2 text-sm">
                  <Changes entry={e} />
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </OperatorList>
  );
}

/** Before and after, diff-like: each changed field, the old value struck through, the new one marked. */
function Changes({ entry }: { entry: Entry }) {
  const { t } = useI18n();
  if (!entry.changes.length) return <span className="text-ink-muted">{t("account.operator.audit.noChanges")}</span>;
  return (
    <dl className="flex flex-col gap-1">
      {entry.changes.map((c) => (
        <div key={c.field} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          {c.field ? <dt className="font-mono text-xs text-ink-muted">{c.field}</dt> : null}
          <dd className="flex flex-wrap items-baseline gap-1.5 font-mono text-xs">
            <del className="rounded bg-red-50 px-1.5 py-0.5 text-red-800">
              <span className="sr-only">{t("account.operator.audit.before")}: </span>
              {c.before ?? "∅"}
            </del>
            <span aria-hidden="true" className="text-ink-muted">
              →
            </span>
            <ins className="rounded bg-green-50 px-1.5 py-0.5 text-green-800 no-underline">
              <span className="sr-only">{t("account.operator.audit.after")}: </span>
              {c.after ?? "∅"}
            </ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}
