import { Form, useActionData, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { LOCALE_TAGS, type Locale } from "#config/constants.ts";

/** One signed-in device as the settings loader hands it over (dates as ISO strings). */
export type SessionView = {
  id: string;
  browser: string | null;
  os: string | null;
  network: string | null;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
};

type Answer = { intent: "sessions"; notice: string; ok: boolean; count?: number };

const formats = new Map<string, Intl.DateTimeFormat>();
/** A moment as the page's language writes it, in UTC (the same on the server and in the browser). */
function formatMoment(locale: Locale, iso: string, withTime: boolean): string {
  const key = `${locale}|${withTime}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE_TAGS[locale], {
      dateStyle: "long",
      ...(withTime ? { timeStyle: "short" } : {}),
      timeZone: "UTC",
    });
    formats.set(key, f);
  }
  return withTime ? `${f.format(new Date(iso))} UTC` : f.format(new Date(iso));
}

/**
 * "Where you're signed in" (account settings): every live session with its device, when it signed in
 * and was last active, and the network it came from; the current one marked. Plain forms: each "Sign
 * out" posts the session's id, the last button posts "others"; they work before JavaScript loads.
 */
export function SessionsList({ sessions }: { sessions: SessionView[] }) {
  const { t, locale } = useI18n();
  const data = useActionData() as Answer | { intent?: string } | undefined;
  const answer = data && data.intent === "sessions" ? (data as Answer) : undefined;
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "sessions";
  const device = (s: SessionView) =>
    s.browser && s.os
      ? t("account.sessions.device", { browser: s.browser, os: s.os })
      : s.browser
        ? s.browser
        : s.os
          ? t("account.sessions.onOs", { os: s.os })
          : t("account.sessions.unknownDevice");
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section
      aria-labelledby="sessions-h"
      id="sessions"
      className="scroll-mt-40 rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60 sm:p-8"
    >
      <h2 id="sessions-h" className="text-lg font-semibold text-ink">
        {t("account.sessions.title")}
      </h2>
      <p className="mt-2 max-w-prose text-sm text-ink-soft">{t("account.sessions.intro")}</p>
      <div className="mt-4 flex flex-col gap-4">
        {answer ? (
          <FormNotice tone={answer.ok ? "success" : "error"}>
            {t(answer.notice, { count: answer.count ?? 0 })}
          </FormNotice>
        ) : null}
        <ul className="divide-y divide-line/70 rounded-lg ring-1 ring-line/70">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                  <span className="break-words">{device(s)}</span>
                  {s.current ? (
                    <span className="badge bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200">
                      {t("account.sessions.current")}
                    </span>
                  ) : null}
                </p>
                <ul className="mt-1 flex flex-col gap-0.5 text-sm text-ink-muted">
                  <li>{t("account.sessions.lastActive", { date: formatMoment(locale, s.lastActiveAt, true) })}</li>
                  <li>{t("account.sessions.signedIn", { date: formatMoment(locale, s.signedInAt, false) })}</li>
                  <li className="break-all">
                    {s.network
                      ? t("account.sessions.network", { network: s.network })
                      : t("account.sessions.networkUnknown")}
                  </li>
                </ul>
              </div>
              {s.current ? null : (
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="intent" value="sessions" />
                  <button
                    type="submit"
                    name="end"
                    value={s.id}
                    className="btn-secondary w-full sm:w-auto"
                    disabled={busy}
                    aria-label={t("account.sessions.signOutOne", { device: device(s) })}
                  >
                    {t("account.sessions.signOut")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others ? (
          <Form method="post">
            <input type="hidden" name="intent" value="sessions" />
            <button type="submit" name="end" value="others" className="btn-secondary" disabled={busy}>
              {t("account.sessions.signOutOthers")}
            </button>
          </Form>
        ) : (
          <p className="text-sm text-ink-muted">{t("account.sessions.noOthers")}</p>
        )}
      </div>
    </section>
  );
}
