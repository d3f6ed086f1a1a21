import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { AuthCard, PasswordField, useAccountForm } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { changePasswordSchema } from "#modules/accounts/schemas.ts";
import { localePath } from "#modules/shared/i18n.ts";
import type { Route } from "./+types/change-password";

/** The reset page needs the link's hash; without one it sends the visitor to ask for a link (SPEC §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  const hash = url.searchParams.get("hash");
  if (!hash) throw redirect(localePath(locale, "/forgot-password"));
  const link = await app.services.accounts.checkResetLink(app.scope, hash);
  return {
    hash: hash.slice(0, 200),
    linkError: link.ok ? null : link.code,
    seo: {
      origin,
      locale,
      title: t("auth.change.metaTitle"),
      description: t("auth.change.intro"),
      paths: samePath("/change-password"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export async function action({ request, context }: Route.ActionArgs) {
  const { app, t } = pageContext(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: changePasswordSchema });
  const hide = { hideFields: ["password", "confirm"] };
  if (submission.status !== "success") return { result: submission.reply(hide) };
  const wait = await app.limitAuthAttempt();
  if (wait !== null)
    return { result: submission.reply({ formErrors: [t("auth.errors.rateLimited", { seconds: wait })], ...hide }) };
  const done = await app.services.accounts.resetPassword(app.scope, {
    token: submission.value.hash,
    password: submission.value.password,
  });
  if (!done.ok)
    return {
      result: submission.reply(
        done.field ? { fieldErrors: { [done.field]: [done.code] }, ...hide } : { formErrors: [done.code], ...hide },
      ),
    };
  return { changed: true as const };
}

export default function ChangePasswordPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useAccountForm(
    "change-password",
    changePasswordSchema,
    actionData && "result" in actionData ? actionData.result : undefined,
  );
  const busy = navigation.state === "submitting";

  if (actionData && "changed" in actionData) {
    return (
      <AuthCard title={t("auth.change.done")} intro={t("auth.change.doneText")}>
        <Link to={href("/login")} className="btn-primary mt-6 w-full py-3 text-base">
          {t("auth.change.login")}
        </Link>
      </AuthCard>
    );
  }

  const formError = form.errors?.[0] ?? loaderData.linkError;
  const outdated = formError === "auth.errors.linkOutdated";
  return (
    <AuthCard title={t("auth.change.heading")} intro={t("auth.change.intro")}>
      <div className="mt-6 flex flex-col gap-4">
        {formError ? (
          <FormNotice tone="error">
            {t(formError)}{" "}
            {outdated ? (
              <Link to={href("/forgot-password")} className="font-semibold underline">
                {t("auth.change.requestNew")}
              </Link>
            ) : null}
          </FormNotice>
        ) : null}
        {loaderData.linkError ? null : (
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="hash" value={loaderData.hash} />
            <PasswordField
              field={fields.password}
              label={t("auth.change.password")}
              hint={t("auth.signup.passwordHint")}
              autoComplete="new-password"
            />
            <PasswordField field={fields.confirm} label={t("auth.change.confirm")} autoComplete="new-password" />
            <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
              {t("auth.change.submit")}
            </button>
          </Form>
        )}
      </div>
    </AuthCard>
  );
}
