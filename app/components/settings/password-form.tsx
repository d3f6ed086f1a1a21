import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PasswordField, useAccountForm } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import type { SettingsAnswer } from "#app/routes/profile/settings.server.ts";
import { passwordUpdateSchema } from "#modules/accounts/schemas.ts";
import { AnswerNotices, SettingsSection } from "./settings-section.tsx";

/** A new password, given with the current one and repeated (intent "password"). */
export function PasswordForm({ answer }: { answer: SettingsAnswer | undefined }) {
  const { t } = useI18n();
  const busy = useNavigation().formData?.get("intent") === "password";
  const [form, fields] = useAccountForm("settings-password", passwordUpdateSchema, answer?.result);
  return (
    <SettingsSection id="password-h" title={t("account.settings.passwordTitle")}>
      <div className="mt-4 flex flex-col gap-4">
        <AnswerNotices answer={answer} seconds={answer && "wait" in answer ? answer.wait : undefined} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="password" />
          <PasswordField field={fields.current} label={t("account.settings.current")} autoComplete="current-password" />
          <div className="grid gap-4 sm:grid-cols-2">
            <PasswordField
              field={fields.password}
              label={t("account.settings.new")}
              hint={t("account.settings.passwordHint")}
              autoComplete="new-password"
            />
            <PasswordField field={fields.confirm} label={t("account.settings.confirm")} autoComplete="new-password" />
          </div>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.settings.savePassword")}
          </button>
        </Form>
      </div>
    </SettingsSection>
  );
}
