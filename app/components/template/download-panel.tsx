import { useEffect, useId, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { LicenceCode, LicenceLinks, LicenceProjectForm } from "#app/components/account/licence-parts.tsx";
import { graphql } from "#app/lib/graphql-client.ts";
import type { RootData } from "#app/root.tsx";
import { type DownloadAnswer, isNoAnswer } from "#app/routes/actions/answers.ts";
import { LOCALE_TAGS } from "#config/browser.ts";
import { DOWNLOAD_ALLOWANCE } from "#config/constants.ts";
import type { Allowance } from "#modules/downloads/service.ts";
import { useI18n } from "../i18n.tsx";
import { DownloadIcon } from "../icons.tsx";
import { Dialog } from "../ui/dialog.tsx";

const FORMATS = ["PP", "GS", "KN"] as const;
/** SPEC §7 GetDownloadsCount, with the allowance it is counted against. */
const ALLOWANCE_QUERY = "query GetDownloadsCount { getDownloadsCount downloadAllowance { used limit left resetsAt } }";
/** Reasons a refused download comes back with (`?download=` after a plain form post). */
export const DOWNLOAD_NOTICES = [
  "premium",
  "limitGuest",
  "limitFree",
  "limitExceeded",
  "notAvailable",
  "broken",
  "rateLimited",
] as const;
export type DownloadNotice = (typeof DOWNLOAD_NOTICES)[number];

/**
 * The allowance a refusal's dialog names: the one loaded, else the one the refusal implies (a plain form
 * post comes back with `?download=` before, or without, any script loading it): a guest's, a free
 * account's or a paid plan's (Personal: Commercial has no limit).
 */
export function refusalLimit(allowance: Pick<Allowance, "limit"> | null, notice: DownloadNotice | null): number {
  const implied =
    notice === "limitFree"
      ? DOWNLOAD_ALLOWANCE.FREE
      : notice === "limitExceeded"
        ? DOWNLOAD_ALLOWANCE.PERSONAL_MONTHLY
        : DOWNLOAD_ALLOWANCE.GUEST;
  return allowance?.limit ?? implied ?? 0;
}

/** The dialog of a refusal's code. */
export function noticeOf(code: string): DownloadNotice {
  const reason = code.split(".").pop();
  return DOWNLOAD_NOTICES.find((n) => n === reason) ?? "notAvailable";
}

/**
 * Download buttons per app, the allowance meter and the dialogs of a refused download. The form posts to
 * the download route (app/routes/actions/downloads.tsx): through a fetcher with scripts, answered in place
 * (the header's meter follows when the page's data is revalidated); without, a plain form sent on to the
 * file or back with ?download=reason.
 */
export function DownloadPanel({
  colorId,
  notes,
  initialNotice,
  wait = 60,
}: {
  colorId: number;
  notes: Record<(typeof FORMATS)[number], string>;
  initialNotice: DownloadNotice | null;
  /** Seconds to wait, when a plain form came back rate-limited. */
  wait?: number;
}) {
  const { t, locale, href } = useI18n();
  const location = useLocation();
  const backQuery = new URLSearchParams(location.search);
  backQuery.delete("download");
  const back = `${location.pathname}${backQuery.size ? `?${backQuery}` : ""}`;
  const [allowance, setAllowance] = useState<Allowance | null>(null);
  const [notice, setNotice] = useState<DownloadNotice | null>(initialNotice);
  const [message, setMessage] = useState<string>("");
  const [errorText, setErrorText] = useState<string>("");
  const [licence, setLicence] = useState<GrantedLicence | null>(null);
  const member = Boolean(useRouteLoaderData<RootData>("root")?.viewer);
  const fetcher = useFetcher<DownloadAnswer>();
  const busy = fetcher.state === "submitting" ? String(fetcher.formData?.get("format") ?? "") : null;

  useEffect(() => {
    let live = true;
    graphql<{ getDownloadsCount: number; downloadAllowance: Omit<Allowance, "resetsAt"> & { resetsAt: string } }>(
      ALLOWANCE_QUERY,
      undefined,
      { locale },
    )
      .then(({ downloadAllowance: a }) => {
        if (live) setAllowance({ ...a, resetsAt: new Date(a.resetsAt) });
      })
      .catch((error) => console.warn("allowance not loaded", error));
    return () => {
      live = false;
    };
  }, [locale]);

  // Each answer once (revalidating the page keeps it): the file (or the Slides link) opens, or the refusal's dialog.
  const handled = useRef<DownloadAnswer | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer || handled.current === answer) return;
    handled.current = answer;
    if (isNoAnswer(answer)) {
      setErrorText(t("common.errors.serverText"));
      setNotice("notAvailable");
      return;
    }
    if (answer.allowance) setAllowance({ ...answer.allowance, resetsAt: new Date(answer.allowance.resetsAt) });
    if (answer.ok) {
      setMessage(answer.kind === "link" ? t("downloads.openedLink") : answer.message);
      setLicence(answer.licence ?? null);
      if (answer.kind === "link") window.open(answer.url, "_blank", "noopener");
      else window.location.assign(answer.url);
      return;
    }
    setErrorText(answer.message);
    setNotice(noticeOf(answer.code));
  }, [fetcher.data, t]);

  const resetDate = allowance
    ? allowance.resetsAt.toLocaleDateString(LOCALE_TAGS[locale], {
        day: "numeric",
        month: "long",
        timeZone: "UTC",
      })
    : "";
  const limit = refusalLimit(allowance, notice);

  return (
    <>
      <fetcher.Form
        method="post"
        action={href("/downloads")}
        onSubmit={() => {
          setMessage("");
          setLicence(null);
        }}
      >
        <input type="hidden" name="colorId" value={colorId} />
        <ul className="flex flex-col gap-2">
          {FORMATS.map((f) => (
            <li key={f}>
              <button
                type="submit"
                name="format"
                value={f}
                disabled={busy !== null}
                aria-busy={busy === f}
                className={`${f === "PP" ? "btn-primary" : "btn-secondary"} w-full justify-start`}
                data-format={f}
              >
                <DownloadIcon /> {t(`template.download.${f}`)}
              </button>
              <p className="mt-1 text-xs text-ink-muted">{notes[f]}</p>
            </li>
          ))}
        </ul>
      </fetcher.Form>
      <p role="status" aria-live="polite" className="mt-3 text-sm font-medium text-emerald-800 empty:hidden">
        {message}
      </p>
      {licence ? <GrantLicence licence={licence} member={member} /> : null}
      {allowance ? <AllowanceMeter allowance={allowance} resetDate={resetDate} /> : null}
      <Dialog
        open={notice === "premium"}
        onClose={() => setNotice(null)}
        title={t("downloads.dialogs.premiumTitle")}
        tone="premium"
        actions={
          <>
            <Link to={href("/templates?license=free")} className="btn-secondary">
              {t("downloads.dialogs.premiumFree")}
            </Link>
            <Link to={href("/pricing")} className="btn-secondary">
              {t("downloads.dialogs.premiumCompare")}
            </Link>
            <Link to={href("/payment/personal")} className="btn-primary">
              {t("downloads.dialogs.goPremium")}
            </Link>
          </>
        }
      >
        <p>{t("downloads.dialogs.premiumText")}</p>
      </Dialog>
      <Dialog
        open={notice === "limitGuest"}
        onClose={() => setNotice(null)}
        title={t("downloads.dialogs.limitTitle")}
        actions={
          <>
            <Link to={href("/pricing")} className="btn-secondary">
              {t("downloads.dialogs.limitCompare")}
            </Link>
            <Link to={`${href("/signup")}?redirect=${encodeURIComponent(back)}`} className="btn-primary">
              {t("downloads.dialogs.signup")}
            </Link>
          </>
        }
      >
        <p>{t("downloads.dialogs.limitText", { limit, date: resetDate || t("downloads.dialogs.nextMonth") })}</p>
        <p>{t("downloads.dialogs.limitRegister")}</p>
        <p className="text-sm text-ink-muted">{t("downloads.dialogs.limitAgain")}</p>
      </Dialog>
      <Dialog
        open={notice === "limitFree"}
        onClose={() => setNotice(null)}
        title={t("downloads.dialogs.upgradeTitle")}
        tone="premium"
        actions={
          <>
            <Link to={href("/pricing")} className="btn-secondary">
              {t("downloads.dialogs.limitCompare")}
            </Link>
            <Link to={href("/payment/personal")} className="btn-primary">
              {t("downloads.dialogs.goPremium")}
            </Link>
          </>
        }
      >
        <p>{t("downloads.dialogs.upgradeText", { limit })}</p>
        <p className="text-sm text-ink-muted">
          {t("downloads.dialogs.exceededText", { limit, date: resetDate || t("downloads.dialogs.nextMonth") })}
        </p>
      </Dialog>
      <Dialog
        open={notice === "limitExceeded"}
        onClose={() => setNotice(null)}
        title={t("downloads.dialogs.exceededTitle")}
        actions={
          <Link to={href("/payment/commercial")} className="btn-primary">
            {t("downloads.dialogs.goCommercial")}
          </Link>
        }
      >
        <p>{t("downloads.dialogs.exceededText", { limit, date: resetDate || t("downloads.dialogs.nextMonth") })}</p>
        <p className="text-sm text-ink-muted">{t("downloads.dialogs.limitAgain")}</p>
      </Dialog>
      <Dialog
        open={notice === "notAvailable" || notice === "broken" || notice === "rateLimited"}
        onClose={() => setNotice(null)}
        title={t("downloads.dialogs.errorTitle")}
      >
        <p>{errorText || (notice ? t(`downloads.errors.${notice}`, { seconds: wait }) : "")}</p>
      </Dialog>
    </>
  );
}

type GrantedLicence = Extract<DownloadAnswer, { ok: true }>["licence"];

/**
 * The licence a download was granted under, right under "Your download has started": its code, kind,
 * certificate and public check (a guest's certificate opens in this browser only). A member may label the
 * project it is for, there or later in the Licences tab: a folded field, never in the download's way.
 */
function GrantLicence({ licence, member }: { licence: GrantedLicence; member: boolean }) {
  const { t, href } = useI18n();
  return (
    <div className="mt-3 rounded-xl bg-canvas p-3 text-sm" data-testid="grant-licence">
      <p className="text-ink">
        <span className="font-semibold">{t("downloads.licence.label")}</span>{" "}
        <LicenceCode code={licence.code} className="text-[0.8125rem] text-ink" />
      </p>
      <p className="mt-0.5 text-xs text-ink-muted">
        {t(`licences.kinds.${licence.kind}`)}
        {licence.isNew ? "" : ` · ${t("downloads.licence.same")}`}
      </p>
      <LicenceLinks code={licence.code} className="mt-2 text-sm" />
      {member && !licence.isNew ? (
        <p className="mt-2 text-xs text-ink-muted">
          <Link
            to={href("/profile/licences")}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {t("downloads.licence.manage")}
          </Link>
        </p>
      ) : member ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-semibold text-ink-soft hover:text-brand-700">
            {t("downloads.licence.addProject")}
          </summary>
          <div className="mt-2">
            <LicenceProjectForm code={licence.code} project={null} label={t("downloads.licence.project")} />
          </div>
        </details>
      ) : (
        <p className="mt-2 text-xs text-ink-muted">{t("downloads.licence.guestNote")}</p>
      )}
    </div>
  );
}

/** Up to this many credits the meter shows one segment per credit; past it, one continuous bar. */
const SEGMENTS_MAX = 20;

/**
 * The allowance meter (DESIGN: used, left, reset date): one segment per credit for a small allowance
 * (a guest's 3, the free plan's 10), one bar for a large one (Personal's 200), words only when unlimited.
 * It fits the panel at any allowance, down to a 360 px phone; its name and value are the words beside it.
 */
function AllowanceMeter({ allowance, resetDate }: { allowance: Allowance; resetDate: string }) {
  const { t } = useI18n();
  const labelId = useId();
  const { used, limit } = allowance;
  const usedText =
    limit === null ? t("downloads.meter.unlimited", { count: used }) : t("downloads.meter.used", { used, limit });
  return (
    <div className="mt-4 rounded-xl bg-canvas p-3" data-testid="allowance">
      <p id={labelId} className="text-xs font-semibold text-ink">
        {t("downloads.meter.label")}
      </p>
      {limit !== null ? (
        // biome-ignore lint/a11y/useSemanticElements: a native <meter> cannot draw one segment per credit
        <div
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          aria-valuetext={usedText}
          className="mt-2"
        >
          {limit <= SEGMENTS_MAX ? (
            <div className="flex gap-1">
              {Array.from({ length: limit }, (_, i) => (
                <span
                  key={i}
                  className={`h-1.5 min-w-0 flex-1 rounded-full ${i < used ? "bg-brand-600" : "bg-line"}`}
                />
              ))}
            </div>
          ) : (
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-line">
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${Math.min(100, (used / Math.max(limit, 1)) * 100)}%` }}
              />
            </div>
          )}
        </div>
      ) : null}
      <p className="mt-2 text-xs text-ink-muted">
        {limit === null ? (
          usedText
        ) : (
          <>
            {usedText} · {t("downloads.meter.left", { count: allowance.left ?? 0 })} ·{" "}
            {t("downloads.meter.resets", { date: resetDate })}
          </>
        )}
      </p>
    </div>
  );
}
