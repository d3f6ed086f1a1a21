import { Link } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import type { Route } from "./+types/messages";
import { messagesLoader } from "./messages.server.ts";

/** The contact form's messages on the operator's desk: open, answered, closed; paying members' first. */
export const loader = (args: Route.LoaderArgs) => messagesLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const D = "deskMessages";
const STATES = ["open", "answered", "closed"] as const;
type Item = Route.ComponentProps["loaderData"]["items"][number];

export default function OperatorMessages({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { state, counts, page, hasNext, items } = loaderData;
  const n = new Intl.NumberFormat(locale);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const stateHref = (s: string, p = 1) => {
    const q = new URLSearchParams();
    if (s !== "open") q.set("state", s);
    if (p > 1) q.set("page", String(p));
    const qs = q.toString();
    return `${href("/operator/messages")}${qs ? `?${qs}` : ""}`;
  };
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t(`${D}.inbox.title`)}</h1>
        <p className="mt-2 max-w-3xl text-ink-muted">{t(`${D}.inbox.intro`)}</p>
      </div>
      <nav aria-label={t(`${D}.inbox.states`)}>
        <ul className="flex flex-wrap gap-2">
          {STATES.map((s) => {
            const current = s === state;
            return (
              <li key={s}>
                <Link
                  to={stateHref(s)}
                  aria-current={current ? "page" : undefined}
                  data-testid={`messages-tab-${s}`}
                  className={`inline-flex items-center gap-2 whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${
                    current
                      ? "bg-brand-600 text-white ring-brand-600"
                      : "bg-surface text-ink-soft ring-line hover:bg-brand-50 hover:text-brand-700"
                  }`}
                >
                  {t(`${D}.state.${s}`)}
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${current ? "bg-white/20" : "bg-canvas"}`}
                  >
                    {n.format(counts[s])}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">
          {t(`${D}.inbox.empty.${state}`)}
        </p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-card bg-surface shadow-card ring-1 ring-line/60 md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                {t(`${D}.inbox.caption`, { state: t(`${D}.state.${state}`), page: n.format(page) })}
              </caption>
              <thead className="border-b border-line bg-canvas text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${D}.inbox.sender`)}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${D}.inbox.message`)}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${D}.inbox.received`)}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {items.map((m) => (
                  <tr key={m.id} className="align-top" data-testid="message-row">
                    <td className="w-72 px-4 py-3">
                      <Link to={href(`/operator/messages/${m.id}`)} className="font-semibold text-ink hover:underline">
                        {m.name}
                      </Link>
                      <span className="block break-all text-ink-muted">{m.email}</span>
                      <Marks item={m} />
                    </td>
                    <td className="px-4 py-3 text-ink-soft">
                      <p className="line-clamp-2 break-words">{m.snippet}</p>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-ink-soft">
                      <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ol className="flex flex-col gap-3 md:hidden">
            {items.map((m) => (
              <li key={m.id} className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60">
                <Link to={href(`/operator/messages/${m.id}`)} className="font-semibold text-ink hover:underline">
                  {m.name}
                </Link>
                <p className="break-all text-sm text-ink-muted">{m.email}</p>
                <Marks item={m} />
                <p className="mt-2 line-clamp-3 break-words text-sm text-ink-soft">{m.snippet}</p>
                <p className="mt-2 text-sm text-ink-muted">
                  <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time>
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
      {page > 1 || hasNext ? (
        <nav aria-label={t(`${D}.inbox.pages`)} className="flex gap-3">
          {page > 1 ? (
            <Link to={stateHref(state, page - 1)} className="btn-secondary">
              {t(`${D}.inbox.newer`)}
            </Link>
          ) : null}
          {hasNext ? (
            <Link to={stateHref(state, page + 1)} className="btn-secondary">
              {t(`${D}.inbox.older`)}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** A message's marks: priority support with the plan it came from, the language it was written in, replies sent. */
function Marks({ item }: { item: Item }) {
  const { t } = useI18n();
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-1.5">
      {item.paidPlan ? (
        <span className="badge-premium" data-testid="priority-mark">
          {t(`${D}.priority`, { plan: t(`${D}.plan.${item.paidPlan}`) })}
        </span>
      ) : null}
      <span className="badge bg-canvas text-ink-soft ring-1 ring-line">{t(`${D}.language.${item.locale}`)}</span>
      {item.replies > 0 ? (
        <span className="text-xs text-ink-muted">{t(`${D}.inbox.replies`, { count: item.replies })}</span>
      ) : null}
    </p>
  );
}
