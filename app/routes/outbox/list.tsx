import { Link } from "react-router";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { notFound, pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath, seo } from "#app/lib/seo.ts";
import { LOCALE_TAGS } from "#config/browser.ts";
import { getOutboxMail, listOutbox } from "#modules/mail/mailer.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/list";

/** Route policy (server/route-policy.ts): other people's links: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/**
 * The demo outbox (DECISIONS: Operations): while no SMTP server is configured, outgoing mail is kept
 * and listed here. With SMTP configured the page does not exist.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { app, ctx, locale, origin, t } = pageContext(request, context);
  if (!app.outboxPage) notFound("page");
  const id = params.id === undefined ? null : Number(params.id);
  if (id !== null && (!Number.isInteger(id) || id < 1 || id > 2_147_483_647)) notFound("page");
  const mail = id === null ? null : await getOutboxMail(ctx.db, id);
  if (id !== null && !mail) notFound("page");
  const mails = id === null ? await listOutbox(ctx.db, { limit: 50 }) : [];
  return {
    mail: mail
      ? {
          id: mail.id,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          createdAt: mail.createdAt.toISOString(),
          attachments: mail.attachments,
        }
      : null,
    mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, createdAt: m.createdAt.toISOString() })),
    messages: messageSet(locale, "outbox"),
    seo: {
      origin,
      locale,
      title: pageTitle(t("account.outbox.title")),
      description: t("account.outbox.intro"),
      paths: samePath("/outbox"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** Plain text with its web addresses made into links. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="break-all font-semibold text-brand-700 underline">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </>
  );
}

export default withMessages(Outbox);

function Outbox({ loaderData }: Route.ComponentProps) {
  const { t, href, locale } = useI18n();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(LOCALE_TAGS[locale], { dateStyle: "medium", timeStyle: "short" });
  const { mail, mails } = loaderData;
  const size = (bytes: number) =>
    new Intl.NumberFormat(LOCALE_TAGS[locale], { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 }).format(
      bytes / 1024,
    );
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.outbox.title")}</h1>
      <p className="mt-2 text-ink-muted">{t("account.outbox.intro")}</p>
      {mail ? (
        <article className="mt-8 rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60">
          <Link to={href("/outbox")} className="text-sm font-semibold text-brand-700 hover:underline">
            ← {t("account.outbox.back")}
          </Link>
          <h2 className="mt-4 text-xl font-semibold text-ink">{mail.subject}</h2>
          <p className="mt-1 text-sm text-ink-muted">
            {t("account.outbox.to")}: {mail.to} · {t("account.outbox.sent")}: {when(mail.createdAt)}
          </p>
          <div className="mt-6 whitespace-pre-wrap text-ink-soft" data-testid="mail-body">
            <Linkified text={mail.text} />
          </div>
          {mail.attachments.length ? (
            <section className="mt-6 border-t border-line pt-4">
              <h3 className="text-sm font-semibold text-ink">{t("mail.outbox.attachments")}</h3>
              <ul className="mt-2 space-y-1">
                {mail.attachments.map((a, i) => (
                  <li key={`${i}-${a.filename}`}>
                    {/* A file, not a page: a plain link the browser downloads. */}
                    <a
                      href={href(`/outbox/${mail.id}/attachments/${i}`)}
                      download={a.filename}
                      className="font-semibold text-brand-700 underline"
                    >
                      {t("mail.outbox.download", { name: a.filename, size: size(a.size) })}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
      ) : mails.length ? (
        <ul className="mt-8 divide-y divide-line rounded-card bg-surface shadow-card ring-1 ring-line/60">
          {mails.map((m) => (
            <li key={m.id}>
              <Link to={href(`/outbox/${m.id}`)} className="flex flex-col gap-0.5 px-5 py-4 hover:bg-brand-50">
                <span className="font-semibold text-ink">{m.subject}</span>
                <span className="text-sm text-ink-muted">
                  {m.to} · {when(m.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
          {t("account.outbox.empty")}
        </p>
      )}
    </div>
  );
}
