import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Field, PasswordField, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import type { SettingsAnswer, SettingsData } from "#app/routes/profile/settings.server.ts";
import { emailChangeSchema } from "#modules/accounts/schemas.ts";
import { AnswerNotices, SettingsSection } from "./settings-section.tsx";

/** A new e-mail address, confirmed by the password (intent "email"); a change waiting for its link is named. */
export function EmailForm({
  email,
  pending,
  answer,
}: {
  email: SettingsData["account"]["email"];
  pending: SettingsData["pendingEmail"];
  answer: SettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const busy = useNavigation().formData?.get("intent") === "email";
  const errorText = useErrorText();
  const [form, fields] = useAccountForm("settings-email", emailChangeSchema, answer?.result);
  return (
    <SettingsSection id="email-h" title={t("account.settings.emailTitle")}>
      <p className="mt-2 max-w-prose text-sm text-ink-soft">
        {t("account.settings.emailNow")} <span className="font-medium break-all text-ink">{email}</span>
      </p>
      <div className="mt-4 flex flex-col gap-4">
        <AnswerNotices answer={answer} seconds={answer && "wait" in answer ? answer.wait : undefined} />
        {answer && "late" in answer && answer.late ? (
          <FormNotice tone="info">{t("auth.errors.sendLate")}</FormNotice>
        ) : null}
        {pending && !(answer && "done" in answer) ? (
          <FormNotice tone="info">{t("account.settings.emailPending", { email: pending })}</FormNotice>
        ) : null}
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="email" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fields.email.id} label={t("account.settings.newEmail")} error={errorText(fields.email.errors)}>
              <input
                {...getInputProps(fields.email, { type: "email" })}
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                className="field-input"
              />
            </Field>
            <PasswordField
              field={fields.current}
              label={t("account.settings.emailPassword")}
              autoComplete="current-password"
            />
          </div>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.settings.saveEmail")}
          </button>
        </Form>
      </div>
    </SettingsSection>
  );
}
