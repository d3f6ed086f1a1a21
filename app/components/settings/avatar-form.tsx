import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import type { SettingsData } from "#app/routes/profile/settings.server.ts";
import { AVATAR } from "#config/constants.ts";
import { SettingsSection } from "./settings-section.tsx";

const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
/** The first letter of a name, for the picture's place when there is none. */
const initialOf = (name: string) => [...name.trim()][0]?.toLocaleUpperCase() ?? "?";

/**
 * The member's picture: upload one or remove it. The forms post to /profile/avatar, which comes back to the
 * settings with the outcome (`notice`) and, after a refusal for too many uploads, the seconds to wait.
 */
export function AvatarForm({
  account,
  notice,
  wait,
}: {
  account: Pick<SettingsData["account"], "name" | "avatarUrl">;
  notice: SettingsData["avatarNotice"];
  wait: SettingsData["wait"];
}) {
  const { name, avatarUrl } = account;
  const { t, href } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.formAction?.endsWith("/profile/avatar") ?? false;
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  // Checked here first (the server checks again): no 5 MB upload only to hear it was too big.
  const check = (e: React.FormEvent<HTMLFormElement>) => {
    const file = (e.currentTarget.elements.namedItem("avatar") as HTMLInputElement | null)?.files?.[0];
    const issue = !file
      ? "account.settings.errors.noFile"
      : file.size > AVATAR.maxBytes
        ? "account.settings.errors.fileTooLarge"
        : file.type && !AVATAR_TYPES.includes(file.type)
          ? "account.settings.errors.invalidFileType"
          : null;
    setProblem(issue);
    if (issue) e.preventDefault();
  };
  const message = problem ?? (notice && !notice.ok ? notice.key : null);
  return (
    <SettingsSection id="avatar" title={t("account.settings.avatarTitle")}>
      <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt={t("account.settings.avatarAlt", { name })}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full object-cover ring-1 ring-line"
          />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-50 text-3xl font-semibold text-brand-700 ring-1 ring-line"
          >
            {initialOf(name)}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          {notice?.ok ? <FormNotice tone="success">{t(notice.key)}</FormNotice> : null}
          {message ? (
            <FormNotice tone="error">
              <span id={errorId}>{t(message, { seconds: wait })}</span>
            </FormNotice>
          ) : null}
          <Form
            method="post"
            action={href("/profile/avatar")}
            encType="multipart/form-data"
            onSubmit={check}
            className="flex flex-col gap-3"
          >
            <label htmlFor={inputId} className="field-label">
              {t("account.settings.avatarChoose")}
            </label>
            <input
              id={inputId}
              type="file"
              name="avatar"
              accept={AVATAR_TYPES.join(",")}
              aria-describedby={message ? errorId : undefined}
              aria-invalid={message ? true : undefined}
              className="block w-full max-w-sm text-sm text-ink-soft file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
            />
            <p className="text-sm text-ink-muted">{t("account.settings.avatarHint")}</p>
            <button type="submit" className="btn-primary self-start" disabled={busy}>
              {t("account.settings.avatarUpload")}
            </button>
          </Form>
          {avatarUrl ? (
            <Form method="post" action={href("/profile/avatar")} encType="multipart/form-data">
              <input type="hidden" name="intent" value="remove" />
              <button type="submit" className="btn-ghost -ml-3 text-red-800" disabled={busy}>
                {t("account.settings.avatarRemove")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </SettingsSection>
  );
}
