import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Field, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import type { SettingsAnswer, SettingsData } from "#app/routes/profile/settings.server.ts";
import { profileSchema } from "#modules/accounts/schemas.ts";
import { AnswerNotices, SettingsSection } from "./settings-section.tsx";

/** The member's name and username (intent "profile"). */
export function ProfileForm({
  account,
  answer,
}: {
  account: Pick<SettingsData["account"], "name" | "username">;
  answer: SettingsAnswer | undefined;
}) {
  const { t } = useI18n();
  const busy = useNavigation().formData?.get("intent") === "profile";
  const errorText = useErrorText();
  const [form, fields] = useAccountForm("settings-profile", profileSchema, answer?.result, {
    name: account.name,
    username: account.username,
  });
  return (
    <SettingsSection id="profile-h" title={t("account.settings.profileTitle")}>
      <div className="mt-4 flex flex-col gap-4">
        <AnswerNotices answer={answer} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="profile" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={fields.name.id} label={t("account.settings.name")} error={errorText(fields.name.errors)}>
              <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className="field-input" />
            </Field>
            <Field
              id={fields.username.id}
              label={t("account.settings.username")}
              hint={t("account.settings.usernameHint")}
              error={errorText(fields.username.errors)}
            >
              <input
                {...getInputProps(fields.username, { type: "text" })}
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                className="field-input"
              />
            </Field>
          </div>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.settings.saveProfile")}
          </button>
        </Form>
      </div>
    </SettingsSection>
  );
}
