import type { ReactNode } from "react";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import type { SettingsAnswer } from "#app/routes/profile/settings.server.ts";

/** One card of the settings page: a section named by its heading (a red ring for the danger zone). */
export function SettingsSection({
  id,
  title,
  children,
  danger,
}: {
  id: string;
  title: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`scroll-mt-40 rounded-card bg-surface p-6 shadow-card ring-1 sm:p-8 ${danger ? "ring-red-200" : "ring-line/60"}`}
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A settings form's answer above it: the form's own error (a wait in seconds, if any) or what was done. */
export function AnswerNotices({ answer, seconds }: { answer: SettingsAnswer | undefined; seconds?: number }) {
  const { t } = useI18n();
  const formError = answer?.result?.error?.[""]?.[0];
  if (formError) return <FormNotice tone="error">{t(formError, { seconds: seconds ?? 60 })}</FormNotice>;
  if (answer && "done" in answer && answer.done)
    return (
      <FormNotice tone="success">{t(answer.done, { email: "email" in answer ? String(answer.email) : "" })}</FormNotice>
    );
  return null;
}
