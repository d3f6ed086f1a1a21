import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import { DESK_MEMBERS, LOCALE_TAGS, PLAN_CODES } from "#config/constants.ts";
import type { Route } from "./+types/member";
import { type MemberActionData, type MemberIntent, memberAction, memberLoader } from "./member.server.ts";

/**
 * One account on the desk: who it is, how it signs in, its plan, subscription (with the provider's ids),
 * downloads, invoices and payments, and what an operator may do to it, one form per action.
 */
export const loader = (args: Route.LoaderArgs) => memberLoader(args);
export const action = (args: Route.ActionArgs) => memberAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const M = "deskMembers";
type Data = Route.ComponentProps["loaderData"];
type Member = Data["member"];

export default function OperatorMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { member: m, self } = loaderData;
  const result = actionData as MemberActionData | undefined;
  const dates = useDates();
  const title = m.email ?? t(`${M}.deletedAccount`, { id: m.id });
  const deleted = m.deletedAt !== null;
  const pageHref = (name: string, p: number) => {
    const q = new URLSearchParams();
    for (const k of ["downloads", "invoices", "payments"]) {
      const v = k === name ? p : Number(loaderData.member[k as "downloads"].page);
      if (v > 1) q.set(k, String(v));
    }
    const s = q.toString();
    return `${href(`/operator/members/${m.id}`)}${s ? `?${s}` : ""}#${name}`;
  };
  const money = (cents: number, currency: string) =>
    new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "currency", currency }).format(cents / 100);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to={href("/operator/members")} className="text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true">← </span>
          {t(`${M}.account.back`)}
        </Link>
        <h1 className="mt-2 break-all text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
        {m.name || m.username ? (
          <p className="mt-1 break-words text-ink-muted">
            {m.name ? `${m.name} · ` : ""}@{m.username}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap gap-1.5">
          <StateBadges member={m} />
        </div>
      </div>

      {result?.ok ? (
        <p
          role="status"
          className="rounded-card bg-emerald-50 p-4 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          {t(result.notice)}
        </p>
      ) : result && !result.ok ? (
        (() => {
          // A refusal of the whole action, or one of a field whose form is not on the page (any more).
          const shown = result.intent !== null && formsShown(m, self).includes(result.intent);
          const message =
            result.error ?? (shown ? null : (Object.values(result.fieldErrors)[0] ?? `${M}.errors.invalid`));
          return message ? (
            <p role="alert" className="rounded-card bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
              {t(message, { max: DESK_MEMBERS.reasonMax })}
            </p>
          ) : null;
        })()
      ) : null}

      {deleted ? (
        <p className="rounded-card bg-canvas p-4 text-sm text-ink-soft ring-1 ring-line">
          {t(`${M}.account.deletedNote`, { date: dates.day(m.deletedAt as string) })}
        </p>
      ) : null}
      {m.blockedAt ? (
        <div className="rounded-card bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
          <p className="font-semibold">{t(`${M}.account.blockedSince`, { date: dates.time(m.blockedAt) })}</p>
          <p className="mt-1 whitespace-pre-line break-words">
            {m.blockedReason
              ? t(`${M}.account.blockedReason`, { reason: m.blockedReason })
              : t(`${M}.account.noReason`)}
          </p>
        </div>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t(`${M}.account.facts`)}>
          <Facts
            rows={[
              [t(`${M}.account.id`), `#${m.id}`],
              [t(`${M}.account.role`), t(`${M}.roles.${m.role}`)],
              [t(`${M}.account.created`), <Time key="c" iso={m.createdAt} format={dates.time} />],
              [
                t(`${M}.account.lastSeen`),
                m.lastSeenAt ? <Time key="l" iso={m.lastSeenAt} format={dates.time} /> : t(`${M}.never`),
              ],
              [t(`${M}.account.language`), t(`${M}.languages.${m.locale === "es" ? "es" : "en"}`)],
              [t(`${M}.account.verified`), t(m.verified ? `${M}.yes` : `${M}.no`)],
              [
                t(`${M}.account.sessions`),
                m.liveSessions
                  ? t(`${M}.account.sessionsCount`, { count: m.liveSessions })
                  : t(`${M}.account.sessionsNone`),
              ],
            ]}
          />
        </Card>
        <Card title={t(`${M}.signIn.title`)}>
          <Facts
            rows={[
              [
                t(`${M}.signIn.password`),
                t(m.signIn.password ? `${M}.signIn.passwordSet` : `${M}.signIn.passwordNone`),
              ],
              [
                t(`${M}.signIn.providers`),
                m.signIn.providers.length
                  ? m.signIn.providers.map((p) => t(`${M}.providers.${p}`)).join(", ")
                  : t(`${M}.signIn.providersNone`),
              ],
              [
                t(`${M}.signIn.secondFactor`),
                m.secondFactor.enabled
                  ? t(`${M}.signIn.secondFactorOn`, {
                      date: dates.day(m.secondFactor.since as string),
                      count: m.secondFactor.recoveryCodesLeft,
                    })
                  : t(`${M}.signIn.secondFactorOff`),
              ],
            ]}
          />
        </Card>
        <Card title={t(`${M}.plan.title`)}>
          <Facts
            rows={[
              [t(`${M}.plan.plan`), t(`account.profile.plans.${m.plan}`)],
              [
                t(`${M}.plan.customer`),
                m.customer ? <Code key="cu">{`${m.customer.provider} · ${m.customer.id}`}</Code> : t(`${M}.none`),
              ],
            ]}
          />
          {m.subscriptions.length === 0 ? (
            <p className="mt-3 text-sm text-ink-muted">{t(`${M}.plan.noSubscription`)}</p>
          ) : (
            <ul className="mt-3 flex flex-col gap-3">
              {m.subscriptions.map((s) => (
                <li key={s.id} className="rounded-lg bg-canvas p-3 ring-1 ring-line">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
                    {t(`account.profile.plans.${s.plan}`)}
                    <span
                      className={`badge ring-1 ${s.live ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-surface text-ink-soft ring-line"}`}
                    >
                      {t(`${M}.plan.statuses.${s.status}`)}
                    </span>
                  </p>
                  <Facts
                    rows={[
                      [t(`${M}.plan.provider`), <Code key="p">{`${s.provider} · ${s.providerRef ?? "—"}`}</Code>],
                      [t(`${M}.plan.period`), `${dates.day(s.periodStart)} – ${dates.day(s.periodEnd)}`],
                      ...(s.cancelAtPeriodEnd
                        ? [[t(`${M}.plan.cancels`), dates.day(s.periodEnd)] as [string, ReactNode]]
                        : []),
                      ...(s.pendingPlan
                        ? [[t(`${M}.plan.pending`), t(`account.profile.plans.${s.pendingPlan}`)] as [string, ReactNode]]
                        : []),
                      ...(s.nextRetryAt
                        ? [
                            [
                              t(`${M}.plan.retry`),
                              t(`${M}.plan.retryAt`, { date: dates.time(s.nextRetryAt), count: s.failedAttempts }),
                            ] as [string, ReactNode],
                          ]
                        : []),
                      ...(s.endedAt ? [[t(`${M}.plan.ended`), dates.day(s.endedAt)] as [string, ReactNode]] : []),
                      ...(s.card
                        ? [
                            [
                              t(`${M}.plan.card`),
                              <span key="card">
                                {t(`${M}.plan.cardText`, {
                                  brand: s.card.brand,
                                  last4: s.card.last4,
                                  month: String(s.card.expMonth).padStart(2, "0"),
                                  year: String(s.card.expYear),
                                })}
                                <span className="mt-0.5 block">
                                  <Code>{s.card.providerRef}</Code>
                                </span>
                              </span>,
                            ] as [string, ReactNode],
                          ]
                        : []),
                    ]}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t(`${M}.allowance.title`)}>
          <p className="text-2xl font-bold text-ink">
            {m.allowance.limit === null
              ? t(`${M}.allowance.unlimited`, { used: m.allowance.used })
              : t(`${M}.allowance.used`, { used: m.allowance.used, limit: m.allowance.limit })}
          </p>
          {m.allowance.limit !== null ? (
            <div
              className="mt-3 h-2 overflow-hidden rounded-full bg-canvas ring-1 ring-line"
              role="img"
              aria-label={t(`${M}.allowance.used`, { used: m.allowance.used, limit: m.allowance.limit })}
            >
              <div
                className="h-full rounded-full bg-brand-600"
                style={{
                  width: `${Math.min(100, Math.round((100 * m.allowance.used) / Math.max(1, m.allowance.limit)))}%`,
                }}
              />
            </div>
          ) : null}
          <p className="mt-2 text-sm text-ink-muted">
            {t(`${M}.allowance.resets`, { date: dates.day(m.allowance.resetsAt) })}
          </p>
        </Card>
      </div>

      {deleted ? null : <Actions data={loaderData} result={result} self={self} />}

      <section id="downloads" aria-labelledby="downloads-title" className="flex flex-col gap-3">
        <h2 id="downloads-title" className="text-xl font-semibold text-ink">
          {t(`${M}.downloads.title`, { count: m.downloads.total })}
        </h2>
        {m.downloads.items.length === 0 ? (
          <Empty>{t(`${M}.downloads.empty`)}</Empty>
        ) : (
          <Table
            caption={t(`${M}.downloads.caption`)}
            head={[
              t(`${M}.downloads.date`),
              t(`${M}.downloads.template`),
              t(`${M}.downloads.format`),
              t(`${M}.downloads.licence`),
            ]}
            rows={m.downloads.items.map((d) => ({
              key: d.id,
              cells: [
                <Time key="t" iso={d.createdAt} format={dates.time} />,
                <span key="n" className="break-words">
                  {d.title}
                  {d.colorName ? <span className="text-ink-muted"> · {d.colorName}</span> : null}
                </span>,
                t(`${M}.formats.${d.format}`),
                t(`account.downloads.licenses.${d.license}`),
              ],
            }))}
          />
        )}
        <Pager
          label={t(`${M}.downloads.pages`)}
          page={m.downloads.page}
          count={m.downloads.pageCount}
          href={(p) => pageHref("downloads", p)}
        />
      </section>

      <section id="invoices" aria-labelledby="invoices-title" className="flex flex-col gap-3">
        <h2 id="invoices-title" className="text-xl font-semibold text-ink">
          {t(`${M}.invoices.title`, { count: m.invoices.total })}
        </h2>
        {m.invoices.items.length === 0 ? (
          <Empty>{t(`${M}.invoices.empty`)}</Empty>
        ) : (
          <Table
            caption={t(`${M}.invoices.caption`)}
            head={[
              t(`${M}.invoices.number`),
              t(`${M}.invoices.date`),
              t(`${M}.invoices.plan`),
              t(`${M}.invoices.total`),
              t(`${M}.invoices.status`),
              t(`${M}.invoices.pdf`),
            ]}
            rows={m.invoices.items.map((i) => ({
              key: i.number,
              cells: [
                <Code key="n">{i.number}</Code>,
                <Time key="d" iso={i.issuedAt} format={dates.day} />,
                t(`account.profile.plans.${i.plan}`),
                <span key="a" className="whitespace-nowrap">
                  {money(i.totalCents, i.currency)}
                </span>,
                t(`${M}.invoices.statuses.${i.status}`),
                <a
                  key="p"
                  href={href(`/operator/members/${m.id}/invoices/${i.number}/pdf`)}
                  className="font-medium text-brand-700 hover:underline"
                  download
                >
                  {t(`${M}.invoices.download`)}
                  <span className="sr-only"> {i.number}</span>
                </a>,
              ],
            }))}
          />
        )}
        <Pager
          label={t(`${M}.invoices.pages`)}
          page={m.invoices.page}
          count={m.invoices.pageCount}
          href={(p) => pageHref("invoices", p)}
        />
      </section>

      <section id="payments" aria-labelledby="payments-title" className="flex flex-col gap-3">
        <h2 id="payments-title" className="text-xl font-semibold text-ink">
          {t(`${M}.payments.title`, { count: m.payments.total })}
        </h2>
        {m.payments.items.length === 0 ? (
          <Empty>{t(`${M}.payments.empty`)}</Empty>
        ) : (
          <Table
            caption={t(`${M}.payments.caption`)}
            head={[
              t(`${M}.payments.date`),
              t(`${M}.payments.id`),
              t(`${M}.payments.plan`),
              t(`${M}.payments.amount`),
              t(`${M}.payments.status`),
              t(`${M}.payments.invoice`),
            ]}
            rows={m.payments.items.map((p) => ({
              key: p.id,
              cells: [
                <Time key="d" iso={p.createdAt} format={dates.time} />,
                <Code key="i">{p.id}</Code>,
                t(`account.profile.plans.${p.plan}`),
                <span key="a" className="whitespace-nowrap">
                  {money(p.amountCents, p.currency)}
                </span>,
                <span key="s">
                  {t(`${M}.payments.statuses.${p.status}`)}
                  {p.failureCode ? <span className="block text-xs text-ink-muted">{p.failureCode}</span> : null}
                  {p.card ? (
                    <span className="block text-xs text-ink-muted">
                      {p.card.brand} ···· {p.card.last4}
                    </span>
                  ) : null}
                </span>,
                p.invoiceNumber ? (
                  <a
                    key="inv"
                    href={href(`/operator/members/${m.id}/invoices/${p.invoiceNumber}/pdf`)}
                    className="font-medium text-brand-700 hover:underline"
                    download
                  >
                    {p.invoiceNumber}
                  </a>
                ) : (
                  "—"
                ),
              ],
            }))}
          />
        )}
        <Pager
          label={t(`${M}.payments.pages`)}
          page={m.payments.page}
          count={m.payments.pageCount}
          href={(p) => pageHref("payments", p)}
        />
      </section>
    </div>
  );
}

/** Dates as the desk shows them: in the page's language, UTC (the audit log's and the operator pages' zone). */
function useDates() {
  const { locale } = useI18n();
  const tag = LOCALE_TAGS[locale];
  const day = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
  const time = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return {
    day: (iso: string) => day.format(new Date(iso)),
    time: (iso: string) => `${time.format(new Date(iso))} UTC`,
  };
}

function Time({ iso, format }: { iso: string; format: (iso: string) => string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {format(iso)}
    </time>
  );
}

function Code({ children }: { children: ReactNode }) {
  return <code className="break-all rounded bg-canvas px-1.5 py-0.5 font-mono text-xs text-ink-soft">{children}</code>;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5">
      <h2 className="mb-3 text-base font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="mb-1 min-w-0 break-words text-ink sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-card bg-surface p-5 text-sm text-ink-muted ring-1 ring-line/60">{children}</p>;
}

/** A table that scrolls sideways on a phone (its first column stays readable), with a caption for screen readers. */
function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
}) {
  return (
    // Relative: a screen-reader-only label inside (absolutely placed) stays within the scrolling box.
    <div className="relative overflow-x-auto rounded-card bg-surface shadow-card ring-1 ring-line/60">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-canvas text-ink-muted">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.key} className="align-top">
              {r.cells.map((c, i) => (
                <td key={i} className="px-4 py-3 text-ink-soft">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pager({
  label,
  page,
  count,
  href,
}: {
  label: string;
  page: number;
  count: number;
  href: (p: number) => string;
}) {
  const { t } = useI18n();
  if (count <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary" preventScrollReset>
          {t(`${M}.previous`)}
        </Link>
      ) : null}
      <span className="text-sm text-ink-muted">{t(`${M}.pageOf`, { page, count })}</span>
      {page < count ? (
        <Link to={href(page + 1)} className="btn-secondary" preventScrollReset>
          {t(`${M}.next`)}
        </Link>
      ) : null}
    </nav>
  );
}

function StateBadges({ member: m }: { member: Member }) {
  const { t } = useI18n();
  const badges: { key: string; tone: string }[] = [];
  if (m.deletedAt) badges.push({ key: "deleted", tone: "bg-canvas text-ink-soft ring-line" });
  if (m.role === "operator") badges.push({ key: "operator", tone: "bg-ink text-surface ring-ink" });
  if (m.blockedAt) badges.push({ key: "blocked", tone: "bg-red-50 text-red-800 ring-red-200" });
  if (!m.deletedAt && !m.verified)
    badges.push({ key: "unverified", tone: "bg-premium-50 text-premium-700 ring-premium-100" });
  if (!badges.length) badges.push({ key: "active", tone: "bg-emerald-50 text-emerald-800 ring-emerald-200" });
  return (
    <>
      {badges.map((b) => (
        <span key={b.key} className={`badge ring-1 ${b.tone}`}>
          {t(`${M}.badges.${b.key}`)}
        </span>
      ))}
    </>
  );
}

/** The action forms the page shows for an account (none for a deleted one; fewer on one's own). */
function formsShown(m: Member, self: boolean): MemberIntent[] {
  if (m.deletedAt) return [];
  const forms: MemberIntent[] = ["plan"];
  if (!self) forms.push(m.blockedAt ? "unblock" : "block");
  if (!self && m.liveSessions > 0) forms.push("signOut");
  if (!m.verified) forms.push("resendVerification");
  if (!self && m.secondFactor.enabled) forms.push("resetSecondFactor");
  if (!self && m.role !== "operator") forms.push("delete");
  return forms;
}

/** The operator's actions on a live account; each a form of its own (a POST with the page's CSRF rule). */
function Actions({ data, result, self }: { data: Data; result: MemberActionData | undefined; self: boolean }) {
  const { t } = useI18n();
  const m = data.member;
  const failed = (intent: MemberIntent) => (result && !result.ok && result.intent === intent ? result : null);
  const shown = formsShown(m, self);
  const has = (intent: MemberIntent) => shown.includes(intent);
  return (
    <section aria-labelledby="actions-title" className="flex flex-col gap-3">
      <h2 id="actions-title" className="text-xl font-semibold text-ink">
        {t(`${M}.actions.title`)}
      </h2>
      {self ? <p className="text-sm text-ink-muted">{t(`${M}.actions.self`)}</p> : null}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        {has("unblock") ? (
          <ActionForm
            intent="unblock"
            title={t(`${M}.actions.unblock.title`)}
            text={t(`${M}.actions.unblock.text`)}
            submit={t(`${M}.actions.unblock.submit`)}
            failed={failed("unblock")}
            reason={t(`${M}.actions.unblock.reason`)}
          />
        ) : has("block") ? (
          <ActionForm
            intent="block"
            title={t(`${M}.actions.block.title`)}
            text={t(`${M}.actions.block.text`)}
            submit={t(`${M}.actions.block.submit`)}
            failed={failed("block")}
            reason={t(`${M}.actions.block.reason`)}
            danger
          />
        ) : null}
        <ActionForm
          intent="plan"
          title={t(`${M}.actions.plan.title`)}
          text={t(m.paying ? `${M}.actions.plan.paying` : `${M}.actions.plan.text`)}
          submit={t(`${M}.actions.plan.submit`)}
          failed={failed("plan")}
          disabled={m.paying}
        >
          {(values, errors) => (
            <Field label={t(`${M}.actions.plan.label`)} id="action-plan-plan" error={errors.plan}>
              {(props) => (
                <select {...props} name="plan" defaultValue={values.plan ?? m.plan} disabled={m.paying}>
                  {PLAN_CODES.map((p) => (
                    <option key={p} value={p}>
                      {t(`account.profile.plans.${p}`)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </ActionForm>
        {!has("resendVerification") ? null : (
          <ActionForm
            intent="resendVerification"
            title={t(`${M}.actions.resendVerification.title`)}
            text={t(`${M}.actions.resendVerification.text`)}
            submit={t(`${M}.actions.resendVerification.submit`)}
            failed={failed("resendVerification")}
          />
        )}
        {!has("signOut") ? null : (
          <ActionForm
            intent="signOut"
            title={t(`${M}.actions.signOut.title`)}
            text={t(`${M}.actions.signOut.text`, { count: m.liveSessions })}
            submit={t(`${M}.actions.signOut.submit`)}
            failed={failed("signOut")}
          />
        )}
        {!has("resetSecondFactor") ? null : (
          <ActionForm
            intent="resetSecondFactor"
            title={t(`${M}.actions.resetSecondFactor.title`)}
            text={t(`${M}.actions.resetSecondFactor.text`)}
            submit={t(`${M}.actions.resetSecondFactor.submit`)}
            failed={failed("resetSecondFactor")}
            reason={t(`${M}.actions.resetSecondFactor.reason`)}
          />
        )}
        {self ? null : !has("delete") ? (
          <Card title={t(`${M}.actions.delete.title`)}>
            <p className="text-sm text-ink-muted">{t(`${M}.actions.delete.operator`)}</p>
          </Card>
        ) : (
          <ActionForm
            intent="delete"
            title={t(`${M}.actions.delete.title`)}
            text={t(`${M}.actions.delete.text`)}
            submit={t(`${M}.actions.delete.submit`)}
            failed={failed("delete")}
            reason={t(`${M}.actions.delete.reason`)}
            danger
          >
            {(values, errors) => (
              <Field
                label={t(`${M}.actions.delete.confirm`, { email: m.email ?? "" })}
                id="action-delete-confirm"
                error={errors.confirm}
              >
                {(props) => (
                  <input
                    {...props}
                    name="confirm"
                    type="text"
                    autoComplete="off"
                    spellCheck={false}
                    defaultValue={values.confirm ?? ""}
                  />
                )}
              </Field>
            )}
          </ActionForm>
        )}
      </div>
    </section>
  );
}

type Failed = Extract<MemberActionData, { ok: false }> | null;

function ActionForm(props: {
  intent: MemberIntent;
  title: string;
  text: string;
  submit: string;
  failed: Failed;
  /** The reason field's label, when the action asks for one. */
  reason?: string;
  danger?: boolean;
  disabled?: boolean;
  children?: (values: Record<string, string>, errors: Record<string, string>) => ReactNode;
}) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === props.intent;
  const values = props.failed?.values ?? {};
  const errors = props.failed?.fieldErrors ?? {};
  const id = (f: string) => `action-${props.intent}-${f}`;
  return (
    <Card title={props.title}>
      <Form method="post" className="flex flex-col gap-3" aria-label={props.title}>
        <input type="hidden" name="intent" value={props.intent} />
        <p className="text-sm text-ink-muted">{props.text}</p>
        {props.reason ? (
          <Field label={props.reason} id={id("reason")} error={errors.reason} hint={t(`${M}.actions.reasonHint`)}>
            {(p) => (
              <textarea
                {...p}
                name="reason"
                rows={2}
                maxLength={DESK_MEMBERS.reasonMax}
                defaultValue={values.reason ?? ""}
                className="field-input resize-y"
              />
            )}
          </Field>
        ) : null}
        {props.children?.(values, errors)}
        <div>
          <button
            type="submit"
            className={props.danger ? "btn-danger" : "btn-secondary"}
            disabled={busy || props.disabled}
          >
            {props.submit}
          </button>
        </div>
      </Form>
    </Card>
  );
}

function Field(props: {
  label: string;
  id: string;
  error?: string;
  hint?: string;
  children: (p: { id: string; className: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => ReactNode;
}) {
  const { t } = useI18n();
  const describedBy = [props.hint ? `${props.id}-hint` : null, props.error ? `${props.id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={props.id} className="field-label">
        {props.label}
      </label>
      {props.children({
        id: props.id,
        className: "field-input",
        "aria-invalid": props.error ? true : undefined,
        "aria-describedby": describedBy || undefined,
      })}
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1.5 text-sm text-ink-muted">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="field-error mt-1.5">
          {t(props.error, { max: DESK_MEMBERS.reasonMax })}
        </p>
      ) : null}
    </div>
  );
}
