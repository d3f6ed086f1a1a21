import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { useAccountForm } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import type { SettingsAnswer, SettingsData } from "#app/routes/profile/settings.server.ts";
import { interestsSchema } from "#modules/accounts/schemas.ts";
import { AnswerNotices, SettingsSection } from "./settings-section.tsx";

/** The categories and topics the member follows, as checkboxes grouped by kind (intent "interests"). */
export function InterestsForm({
  interests,
  answer,
}: {
  interests: SettingsData["interests"];
  answer: SettingsAnswer | undefined;
}) {
  const { options, chosen } = interests;
  const { t } = useI18n();
  const busy = useNavigation().formData?.get("intent") === "interests";
  const [form, fields] = useAccountForm("settings-interests", interestsSchema, answer?.result, {
    tagIds: chosen.map(String),
  });
  // An id that is no number is an error of its item (tagIds[0]), not of the list.
  const fieldError = Object.values(fields.tagIds.allErrors).flat()[0];
  const groups = (["category", "tag"] as const)
    .map((type) => ({ type, list: options.filter((o) => o.type === type) }))
    .filter((g) => g.list.length);
  return (
    <SettingsSection id="interests" title={t("account.interests.settingsTitle")}>
      <p className="mt-2 max-w-prose text-sm text-ink-soft">{t("account.interests.settingsIntro")}</p>
      <div className="mt-4 flex flex-col gap-4">
        <AnswerNotices answer={answer} />
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="interests" />
          {groups.map((g) => (
            <fieldset key={g.type} aria-describedby={fieldError ? fields.tagIds.errorId : undefined}>
              <legend className="mb-2 text-sm font-semibold text-ink-muted">
                {t(g.type === "category" ? "account.interests.categories" : "account.interests.topics")}
              </legend>
              <div className="flex flex-wrap gap-2">
                {g.list.map((o) => (
                  <label
                    key={o.id}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-line bg-surface px-3.5 py-2 text-sm font-medium text-ink hover:border-brand-200 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
                  >
                    <input
                      type="checkbox"
                      name="tagIds"
                      value={o.id}
                      defaultChecked={chosen.includes(o.id)}
                      className="size-4 accent-brand-600"
                    />
                    {o.name}
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          {fieldError ? (
            <p id={fields.tagIds.errorId} className="field-error">
              {t(fieldError)}
            </p>
          ) : null}
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("account.interests.save")}
          </button>
        </Form>
      </div>
    </SettingsSection>
  );
}
