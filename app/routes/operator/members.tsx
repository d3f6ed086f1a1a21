import { Form, Link } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import { DESK_MEMBERS } from "#config/constants.ts";
import type { Route } from "./+types/members";
import { membersLoader } from "./members.server.ts";

/** The desk's members: find an account by e-mail, username or name (prefix, any case or accent), a page at a time. */
export const loader = (args: Route.LoaderArgs) => membersLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const M = "deskMembers";
type Member = Route.ComponentProps["loaderData"]["members"][number];

export default function OperatorMembers({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { query, members, total, page, pageCount } = loaderData;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const pageHref = (p: number) => {
    const q = new URLSearchParams();
    if (query) q.set("q", query);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `${href("/operator/members")}${s ? `?${s}` : ""}`;
  };
  const memberHref = (id: number) => href(`/operator/members/${id}`);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t(`${M}.search.title`)}</h1>
        <p className="mt-2 max-w-3xl text-ink-muted">{t(`${M}.search.intro`)}</p>
      </div>
      <Form method="get" role="search" className="flex max-w-xl flex-col gap-1.5">
        <label htmlFor="members-q" className="field-label">
          {t(`${M}.search.label`)}
        </label>
        <div className="flex gap-2">
          <input
            id="members-q"
            name="q"
            type="search"
            defaultValue={query}
            maxLength={DESK_MEMBERS.queryMax}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="members-q-hint"
            className="field-input min-w-0 flex-1"
          />
          <button type="submit" className="btn-primary shrink-0">
            {t(`${M}.search.submit`)}
          </button>
        </div>
        <p id="members-q-hint" className="text-sm text-ink-muted">
          {t(`${M}.search.hint`)}
        </p>
      </Form>
      <p role="status" className="text-sm font-medium text-ink-soft">
        {query ? t(`${M}.search.found`, { count: total, query }) : t(`${M}.search.all`, { count: total })}
      </p>
      {members.length === 0 ? (
        <p className="rounded-card bg-surface p-6 text-ink-muted ring-1 ring-line/60">
          {query ? t(`${M}.search.none`) : t(`${M}.search.empty`)}
        </p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-card bg-surface shadow-card ring-1 ring-line/60 md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t(`${M}.search.caption`)}</caption>
              <thead className="border-b border-line bg-canvas text-ink-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${M}.search.account`)}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${M}.search.plan`)}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${M}.search.state`)}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${M}.search.created`)}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t(`${M}.search.lastSeen`)}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {members.map((m) => (
                  <tr key={m.id} className="align-top">
                    <td className="px-4 py-3">
                      <Identity member={m} to={memberHref(m.id)} />
                    </td>
                    <td className="px-4 py-3 text-ink">{t(`account.profile.plans.${m.plan}`)}</td>
                    <td className="px-4 py-3">
                      <Badges member={m} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-ink-soft">
                      <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-ink-soft">
                      {m.lastSeenAt ? (
                        <time dateTime={m.lastSeenAt}>{when.format(new Date(m.lastSeenAt))}</time>
                      ) : (
                        t(`${M}.never`)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-3 md:hidden">
            {members.map((m) => (
              <li key={m.id} className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60">
                <Identity member={m} to={memberHref(m.id)} />
                <div className="mt-2">
                  <Badges member={m} />
                </div>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-ink-muted">{t(`${M}.search.plan`)}</dt>
                  <dd className="text-ink">{t(`account.profile.plans.${m.plan}`)}</dd>
                  <dt className="text-ink-muted">{t(`${M}.search.created`)}</dt>
                  <dd className="text-ink-soft">
                    <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time>
                  </dd>
                  <dt className="text-ink-muted">{t(`${M}.search.lastSeen`)}</dt>
                  <dd className="text-ink-soft">
                    {m.lastSeenAt ? (
                      <time dateTime={m.lastSeenAt}>{when.format(new Date(m.lastSeenAt))}</time>
                    ) : (
                      t(`${M}.never`)
                    )}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
      {pageCount > 1 ? (
        <nav aria-label={t(`${M}.search.pages`)} className="flex flex-wrap items-center gap-3">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className="btn-secondary">
              {t(`${M}.previous`)}
            </Link>
          ) : null}
          <span className="text-sm text-ink-muted">{t(`${M}.pageOf`, { page, count: pageCount })}</span>
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className="btn-secondary">
              {t(`${M}.next`)}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/** Who an account is: its name and address linked to its page; a deleted one only by its number. */
function Identity({ member, to }: { member: Member; to: string }) {
  const { t } = useI18n();
  return (
    <div className="min-w-0">
      <Link to={to} className="break-all font-semibold text-brand-700 hover:underline">
        {member.deleted ? t(`${M}.deletedAccount`, { id: member.id }) : member.email}
      </Link>
      {member.deleted ? null : (
        <p className="break-words text-ink-muted">
          {member.name ? `${member.name} · ` : ""}@{member.username}
        </p>
      )}
    </div>
  );
}

function Badges({ member }: { member: Member }) {
  const { t } = useI18n();
  const badges: { key: string; tone: string }[] = [];
  if (member.deleted) badges.push({ key: "deleted", tone: "bg-canvas text-ink-soft ring-line" });
  if (member.role === "operator") badges.push({ key: "operator", tone: "bg-ink text-surface ring-ink" });
  if (member.blocked) badges.push({ key: "blocked", tone: "bg-red-50 text-red-800 ring-red-200" });
  if (!member.deleted && !member.verified)
    badges.push({ key: "unverified", tone: "bg-premium-50 text-premium-700 ring-premium-100" });
  if (!badges.length) badges.push({ key: "active", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" });
  return (
    <span className="flex flex-wrap gap-1.5">
      {badges.map((b) => (
        <span key={b.key} className={`badge ring-1 ${b.tone}`}>
          {t(`${M}.badges.${b.key}`)}
        </span>
      ))}
    </span>
  );
}
