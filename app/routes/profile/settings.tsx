import { useActionData } from "react-router";
import { SecondFactorSettings } from "#app/components/account/second-factor.tsx";
import { SessionsList } from "#app/components/account/sessions-list.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { AvatarForm } from "#app/components/settings/avatar-form.tsx";
import { DeleteForm } from "#app/components/settings/delete-form.tsx";
import { EmailForm } from "#app/components/settings/email-form.tsx";
import { InterestsForm } from "#app/components/settings/interests-form.tsx";
import { PasswordForm } from "#app/components/settings/password-form.tsx";
import { ProfileForm } from "#app/components/settings/profile-form.tsx";
import { seo } from "#app/lib/seo.ts";
import type { SecondFactorAnswer } from "#app/routes/auth/second-factor.server.ts";
import type { Route } from "./+types/settings";
import { type SettingsIntent, settingsAction, settingsLoader } from "./settings.server.ts";

/** The member's settings: the server half (loader and action) is settings.server.ts, the forms components/settings/. */
export const loader = (args: Route.LoaderArgs) => settingsLoader(args);

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** One action, several forms: each names its intent and is checked by its own schema (shared with the browser). */
export const action = (args: Route.ActionArgs) => settingsAction(args);

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { account, interests, pendingEmail, avatarNotice, wait, sessions } = loaderData;
  const data = useActionData<typeof action>();
  /** The action's answer for one of the forms, or nothing when the last post was another's. */
  const answerTo = (intent: SettingsIntent) => (data && data.intent === intent ? data : undefined);
  // The second factor's answer has a shape of its own (second-factor.server.ts).
  const secondFactor = data && data.intent === "secondFactor" ? (data as SecondFactorAnswer) : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{t("account.settings.title")}</h1>
        <p className="mt-2 text-ink-muted">{t("account.settings.intro")}</p>
      </div>
      <AvatarForm account={account} notice={avatarNotice} wait={wait} />
      <ProfileForm account={account} answer={answerTo("profile")} />
      <EmailForm email={account.email} pending={pendingEmail} answer={answerTo("email")} />
      <InterestsForm interests={interests} answer={answerTo("interests")} />
      <PasswordForm answer={answerTo("password")} />
      <SecondFactorSettings view={loaderData.secondFactor} answer={secondFactor} />
      <SessionsList sessions={sessions} />
      <DeleteForm answer={answerTo("delete")} />
    </div>
  );
}
