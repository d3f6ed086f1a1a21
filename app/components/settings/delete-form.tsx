import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { PasswordField, useAccountForm } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import type { SettingsAnswer } from "#app/routes/profile/settings.server.ts";
import { deleteAccountSchema } from "#modules/accounts/schemas.ts";
import { AnswerNotices, SettingsSection } from "./settings-section.tsx";

/** The account's deletion, confirmed by the password (intent "delete"): the danger zone, last on the page. */
export function DeleteForm({ answer }: { answer: SettingsAnswer | undefined }) {
  const { t } = useI18n();
  const busy = useNavigation().formData?.get("intent") === "delete";
  const [form, fields] = useAccountForm("settings-delete", deleteAccountSchema, answer?.result);
  return (
    <SettingsSection id="delete-h" title={t("account.settings.deleteTitle")} danger>
      <p className="mt-2 max-w-prose text-sm text-ink-soft">{t("account.settings.deleteText")}</p>
      <div className="mt-4 flex flex-col gap-4">
        <AnswerNotices answer={answer} seconds={answer && "wait" in answer ? answer.wait : undefined} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4 sm:max-w-sm">
          <input type="hidden" name="intent" value="delete" />
          <PasswordField
            field={fields.password}
            label={t("account.settings.deletePassword")}
            autoComplete="current-password"
          />
          <button type="submit" className="btn-danger self-start" disabled={busy}>
            {t("account.settings.deleteButton")}
          </button>
        </Form>
      </div>
    </SettingsSection>
  );
}
