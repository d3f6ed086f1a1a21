import { Form, Link, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { seo } from "#app/lib/seo.ts";
import { BRAND, DESK_MESSAGES } from "#config/constants.ts";
import { DESK_MESSAGE_ERRORS } from "#modules/contact/desk-schemas.ts";
import type { Route } from "./+types/message";
import { messageAction, messageLoader } from "./message.server.ts";

/** One contact message on the operator's desk: the whole message, its sender, its thread, the reply form. */
export const loader = (args: Route.LoaderArgs) => messageLoader(args);
export const action = (args: Route.ActionArgs) => messageAction(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

const D = "deskMessages";
type Data = Route.ComponentProps["loaderData"];
type Reply = Data["replies"][number];

const STATE_TONE: Record<string, string> = {
  open: "bg-brand-50 text-brand-700 ring-brand-200",
  answered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  closed: "bg-canvas text-ink-soft ring-line",
};

/** Refusals of the reply's words, shown as the field's error. */
const FIELD_ERRORS = [DESK_MESSAGE_ERRORS.empty, DESK_MESSAGE_ERRORS.tooLong, DESK_MESSAGE_ERRORS.control] as const;

const REPLY_TONE: Record<string, string> = {
  sent: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
  sending: "bg-brand-50 text-brand-700 ring-brand-200",
  draft: "bg-canvas text-ink-soft ring-line",
};

export default function OperatorMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const { message: m } = loaderData;
  // The thread: what went out, is going out, or failed (with why); a draft is in the form, not here.
  const replies = loaderData.replies.filter((r) => r.status !== "draft");
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const stamp = (iso: string) => <time dateTime={iso}>{when.format(new Date(iso))} UTC</time>;
  const back = `${href("/operator/messages")}${m.state === "open" ? "" : `?state=${m.state}`}`;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to={back} className="text-sm font-medium text-brand-700 hover:underline">
          <span aria-hidden="true">← </span>
          {t(`${D}.message.back`)}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="break-words text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {t(`${D}.message.title`, { name: m.name })}
          </h1>
          <span
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${STATE_TONE[m.state]}`}
            data-testid="message-state"
          >
            {t(`${D}.stateOne.${m.state}`)}
          </span>
          {m.paidPlan ? (
            <span className="badge-premium" data-testid="priority-mark">
              {t(`${D}.priority`, { plan: t(`${D}.plan.${m.paidPlan}`) })}
            </span>
          ) : null}
        </div>
      </div>

      <section
        aria-labelledby="message-heading"
        className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-6"
      >
        <h2 id="message-heading" className="sr-only">
          {t(`${D}.message.theMessage`)}
        </h2>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Fact label={t(`${D}.message.from`)}>
            <span className="text-ink">{m.name}</span>{" "}
            <a href={`mailto:${m.email}`} className="break-all text-brand-700 hover:underline">
              {m.email}
            </a>
          </Fact>
          <Fact label={t(`${D}.message.received`)}>{stamp(m.createdAt)}</Fact>
          <Fact label={t(`${D}.message.language`)}>{t(`${D}.language.${m.locale}`)}</Fact>
          <Fact label={t(`${D}.message.account`)}>
            {m.account === null ? (
              t(`${D}.message.guest`)
            ) : m.account.deleted ? (
              t(`${D}.message.deletedAccount`)
            ) : (
              <Link
                to={href(`/operator/members/${m.account.id}`)}
                className="break-all text-brand-700 hover:underline"
                data-testid="sender-account"
              >
                {m.account.username}
              </Link>
            )}
          </Fact>
          {m.answeredAt ? <Fact label={t(`${D}.message.answered`)}>{stamp(m.answeredAt)}</Fact> : null}
          {m.closedAt ? <Fact label={t(`${D}.message.closed`)}>{stamp(m.closedAt)}</Fact> : null}
        </dl>
        <div
          lang={m.locale}
          className="mt-5 whitespace-pre-wrap break-words rounded-lg border-l-4 border-brand-600 bg-canvas px-4 py-3 text-ink"
          data-testid="message-text"
        >
          {m.text}
        </div>
      </section>

      <section aria-labelledby="thread-heading" className="flex flex-col gap-3">
        <h2 id="thread-heading" className="text-lg font-semibold text-ink">
          {t(`${D}.thread.title`)}
        </h2>
        {replies.length === 0 ? (
          <p className="text-sm text-ink-muted">{t(`${D}.thread.empty`)}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {replies.map((r) => (
              <ReplyItem key={r.id} reply={r} stamp={stamp} />
            ))}
          </ol>
        )}
      </section>

      <ReplyForm data={loaderData} actionData={actionData} />

      <StateForm state={m.state} actionData={actionData} />
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="font-medium text-ink-muted">{label}</dt>
      <dd className="mt-0.5 text-ink-soft">{children}</dd>
    </div>
  );
}

function ReplyItem({ reply: r, stamp }: { reply: Reply; stamp: (iso: string) => React.ReactNode }) {
  const { t } = useI18n();
  return (
    <li className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-5" data-testid="thread-reply">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${REPLY_TONE[r.status]}`}>
          {t(`${D}.reply.status.${r.status}`)}
        </span>
        <span className="break-all font-medium text-ink">{r.authorLabel}</span>
        <span className="text-ink-muted">{stamp(r.sentAt ?? r.updatedAt)}</span>
        <span className="text-ink-muted">{t(`${D}.language.${r.locale}`)}</span>
      </div>
      <p lang={r.locale} className="mt-2 whitespace-pre-wrap break-words text-ink-soft">
        {r.body}
      </p>
      {r.status === "failed" && r.error ? (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {t(`${D}.reply.failedBecause`)} <span className="break-words font-mono text-xs">{r.error}</span>
        </p>
      ) : null}
    </li>
  );
}

function ReplyForm({ data, actionData }: { data: Data; actionData: Route.ComponentProps["actionData"] }) {
  const { t, locale } = useI18n();
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const busy = intent === "save" || intent === "send";
  const { message: m, draft, replies } = data;
  const mine = actionData && actionData.intent !== "state" ? actionData : null;
  const refused = mine && !mine.ok ? mine : null;
  // The words themselves were refused (not the send): the field is marked and names the refusal.
  const invalid = refused !== null && (FIELD_ERRORS as readonly string[]).includes(refused.code);
  // The words in the form: what was posted and not taken, else the message's draft (or failed reply).
  const words = refused?.body ?? (draft && draft.status !== "sending" ? draft.body : "");
  const replyId = draft && draft.status !== "sending" ? draft.id : (refused?.replyId ?? null);
  const sent = replies.filter((r) => r.status === "sent").length;
  const n = new Intl.NumberFormat(locale);
  return (
    <section
      aria-labelledby="reply-heading"
      className="rounded-card bg-surface p-4 shadow-card ring-1 ring-line/60 sm:p-6"
    >
      <h2 id="reply-heading" className="text-lg font-semibold text-ink">
        {t(`${D}.reply.title`)}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {t(`${D}.reply.hint`, {
          email: m.email,
          language: t(`${D}.languageInText.${m.locale}`),
          support: BRAND.supportEmail,
        })}
      </p>
      {mine ? (
        mine.ok ? (
          <p
            role="status"
            className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
          >
            {t(mine.code)}
          </p>
        ) : (
          <div
            role="alert"
            className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
            id="reply-error"
            data-testid="reply-error"
          >
            <p className="font-medium">{t(mine.code, { max: n.format(DESK_MESSAGES.replyMax) })}</p>
            {mine.detail ? <p className="mt-1 break-words font-mono text-xs">{mine.detail}</p> : null}
          </div>
        )
      ) : null}
      {draft?.status === "sending" ? (
        <p role="status" className="mt-4 text-sm text-ink-soft">
          {t(`${D}.reply.sendingNow`)}
        </p>
      ) : null}
      <Form method="post" className="mt-4 flex flex-col gap-4" key={`${replyId ?? "new"}-${sent}`}>
        {replyId !== null ? <input type="hidden" name="replyId" value={replyId} /> : null}
        <div>
          <label htmlFor="reply-body" className="field-label">
            {t(`${D}.reply.label`, { language: t(`${D}.languageInText.${m.locale}`) })}
          </label>
          <textarea
            id="reply-body"
            name="body"
            rows={8}
            lang={m.locale}
            defaultValue={words}
            className="field-input resize-y"
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? "reply-body-hint reply-error" : "reply-body-hint"}
          />
          <p id="reply-body-hint" className="mt-1.5 text-sm text-ink-muted">
            {t(`${D}.reply.limit`, { max: n.format(DESK_MESSAGES.replyMax) })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="send" className="btn-primary" disabled={busy}>
            {intent === "send" ? t(`${D}.reply.sending`) : t(`${D}.reply.send`)}
          </button>
          <button type="submit" name="intent" value="save" className="btn-secondary" disabled={busy}>
            {t(`${D}.reply.save`)}
          </button>
        </div>
      </Form>
    </section>
  );
}

function StateForm({ state, actionData }: { state: string; actionData: Route.ComponentProps["actionData"] }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine = actionData?.intent === "state" ? actionData : null;
  const closed = state === "closed";
  return (
    <section aria-labelledby="state-heading" className="rounded-card bg-surface p-4 ring-1 ring-line/60 sm:p-6">
      <h2 id="state-heading" className="text-base font-semibold text-ink">
        {t(`${D}.stateForm.title`)}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {t(closed ? `${D}.stateForm.closedText` : `${D}.stateForm.openText`)}
      </p>
      {mine ? (
        <p
          role={mine.ok ? "status" : "alert"}
          className={`mt-3 text-sm font-medium ${mine.ok ? "text-emerald-800" : "text-red-800"}`}
        >
          {t(mine.code)}
        </p>
      ) : null}
      <Form method="post" className="mt-3">
        <button
          type="submit"
          name="intent"
          value={closed ? "reopen" : "close"}
          className="btn-secondary"
          disabled={busy}
        >
          {t(closed ? `${D}.stateForm.reopen` : `${D}.stateForm.close`)}
        </button>
      </Form>
    </section>
  );
}
