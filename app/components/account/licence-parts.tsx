import { useId } from "react";
import { useFetcher } from "react-router";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { licenceNoticeKey, type LicenceNotice as Notice } from "#app/lib/licence-project.ts";
import { isNoAnswer, type LicenceProjectAnswer } from "#app/routes/actions/answers.ts";
import { LICENCES } from "#config/constants.ts";
import { useI18n } from "../i18n.tsx";

/** A licence's code in a URL: as shown (groups of four), encoded. */
const codePath = (code: string) => encodeURIComponent(code);

/** A licence's code in type that tells 0 from O, broken (when it must be) only between its groups. */
export function LicenceCode({ code, className = "" }: { code: string; className?: string }) {
  const groups = code.split("-");
  return (
    <code className={`font-mono ${className}`} data-testid="licence-code">
      {groups.map((g, i) => (
        <span key={`${i}-${g}`} className="whitespace-nowrap">
          {g}
          {i < groups.length - 1 ? (
            <>
              -<wbr />
            </>
          ) : null}
        </span>
      ))}
    </code>
  );
}

/** The licence's certificate (PDF) and its public check, in the page's language. Plain links: both are documents. */
export function LicenceLinks({ code, className = "" }: { code: string; className?: string }) {
  const { t, href } = useI18n();
  return (
    <span className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <a
        href={href(`/licence/${codePath(code)}/pdf`)}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {t("account.licences.certificate")}
        <span className="sr-only">{` ${t("account.licences.ofLicence", { code })}`}</span>
      </a>
      <a
        href={href(`/licence/${codePath(code)}`)}
        className="font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        {t("account.licences.verify")}
        <span className="sr-only">{` ${t("account.licences.ofLicence", { code })}`}</span>
      </a>
    </span>
  );
}

/**
 * The project label of one of the member's licences: a field and a save button, posted to the Licences
 * tab's action (app/routes/profile/licences.server.ts). Through a fetcher it is saved in place (the page's
 * data follows when revalidated); without scripts the form posts and comes back to this page.
 */
export function LicenceProjectForm({
  code,
  project,
  label,
  labelClass = "",
}: {
  code: string;
  project: string | null;
  /** The field's visible name (the Licences tab's column, the panel's "Project (optional)"). */
  label: string;
  /** More classes for the field's name (the Licences tab hides it where its column says it). */
  labelClass?: string;
}) {
  const { t, href } = useI18n();
  const fetcher = useFetcher<LicenceProjectAnswer>();
  const id = useId();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const refusal =
    answer && !answer.ok ? (isNoAnswer(answer) ? t("account.licences.errors.failed") : answer.message) : null;
  const done = answer?.ok ? answer.message : "";
  return (
    <fetcher.Form method="post" action={href("/profile/licences")} className="flex min-w-0 flex-col gap-1">
      <input type="hidden" name="code" value={code} />
      <label htmlFor={`${id}-project`} className={`text-xs font-semibold text-ink-soft ${labelClass}`}>
        {label}
        <span className="sr-only">{` (${t("account.licences.ofLicence", { code })})`}</span>
      </label>
      <div className="flex min-w-0 gap-2">
        <input
          id={`${id}-project`}
          name="project"
          type="text"
          defaultValue={project ?? ""}
          maxLength={LICENCES.projectMax}
          autoComplete="off"
          placeholder={t("account.licences.projectPlaceholder")}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? `${id}-error` : undefined}
          className="field-input min-w-0 flex-1 px-2.5 py-1.5 text-sm"
        />
        <button type="submit" className="btn-secondary shrink-0 px-3 py-1.5" disabled={fetcher.state !== "idle"}>
          {t("account.licences.save")}
        </button>
      </div>
      {refusal ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
          {refusal}
        </p>
      ) : null}
      <p role="status" className="text-xs font-medium text-emerald-800 empty:hidden">
        {done}
      </p>
    </fetcher.Form>
  );
}

/** What a plain form's save came back with (`?licence=`): saved, or why not. */
export function LicenceNotice({ notice }: { notice: Notice }) {
  const { t } = useI18n();
  return (
    <FormNotice tone={notice === "saved" || notice === "cleared" ? "success" : "error"}>
      {t(licenceNoticeKey(notice), { max: LICENCES.projectMax })}
    </FormNotice>
  );
}
