import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard, Field, FormNotice, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { emailFormSchema } from "#modules/accounts/schemas.ts";
import type { Route } from "./+types/forgot-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, locale, origin, t } = pageContext(request, context);
  return {
    outbox: app.outboxPage,
    /** A signed-in visitor changes their password through the same link, sent to their own address. */
    email: app.scope.viewer?.account?.email ?? "",
    seo: {
      origin,
      locale,
      title: t("auth.forgot.metaTitle"),
      description: t("auth.forgot.metaDescription"),
      paths: samePath("/forgot-password"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

/** From "enter email" to "email sent" (SPEC §4); "resend" posts the same address again. */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, t } = pageContext(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: emailFormSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const wait = await app.limitAuthAttempt();
  if (wait !== null)
    return { result: submission.reply({ formErrors: [t("auth.errors.rateLimited", { seconds: wait })] }) };
  const sent = await app.services.accounts.requestPasswordReset(app.scope, submission.value.email);
  if (!sent.ok) return { result: submission.reply({ formErrors: [sent.code] }) };
  return { sent: submission.value.email, again: formData.get("intent") === "resend" };
}

export default function ForgotPasswordPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const errorText = useErrorText();
  const [form, fields] = useAccountForm(
    "forgot",
    emailFormSchema,
    actionData && "result" in actionData ? actionData.result : undefined,
    { email: loaderData.email },
  );
  const busy = navigation.state === "submitting";
  const sent = actionData && "sent" in actionData ? actionData : null;

  if (sent) {
    return (
      <AuthCard title={t("auth.forgot.sentHeading")} intro={t("auth.forgot.sentText", { email: sent.sent ?? "" })}>
        <div className="mt-6 flex flex-col gap-3">
          {sent.again ? <FormNotice tone="success">{t("auth.forgot.resent")}</FormNotice> : null}
          {loaderData.outbox ? (
            <a href={href("/outbox")} className="btn-primary w-full py-3 text-base">
              {t("auth.forgot.openMail")}
            </a>
          ) : null}
          <Form method="post">
            <input type="hidden" name="email" value={sent.sent} />
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="btn-secondary w-full" disabled={busy}>
              {t("auth.forgot.resend")}
            </button>
          </Form>
          <Link to={href("/login")} className="btn-ghost self-center">
            {t("auth.forgot.backToLogin")}
          </Link>
        </div>
      </AuthCard>
    );
  }

  const formError = form.errors?.[0];
  return (
    <AuthCard title={t("auth.forgot.heading")} intro={t("auth.forgot.intro")}>
      <div className="mt-6 flex flex-col gap-4">
        {formError ? <FormNotice tone="error">{t(formError)}</FormNotice> : null}
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
          <Field id={fields.email.id} label={t("auth.forgot.email")} error={errorText(fields.email.errors)}>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              className="field-input"
            />
          </Field>
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {t("auth.forgot.submit")}
          </button>
        </Form>
        <Link to={href("/login")} className="btn-ghost self-center">
          {t("auth.forgot.backToLogin")}
        </Link>
      </div>
    </AuthCard>
  );
}
