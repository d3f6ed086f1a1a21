import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { AuthCard, Field, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { emailFormSchema } from "#modules/accounts/schemas.ts";
import { webmailFor } from "#modules/mail/webmail.ts";
import type { Route } from "./+types/forgot-password";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, url, locale, origin, t } = pageContext(request, context);
  return {
    outbox: app.outboxPage,
    /**
     * A signed-in visitor changes their password through the same link, sent to their own address; else
     * the address typed on the log-in form comes along (`?email=`, when it is one).
     */
    email: app.scope.viewer?.account?.email ?? linkedEmail(url.searchParams.get("email")),
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

/** An address handed over in the link from the log-in page, when it is one. */
function linkedEmail(value: string | null): string {
  const parsed = emailFormSchema.safeParse({ email: value ?? "" });
  return parsed.success ? parsed.data.email : "";
}

/**
 * From "enter email" to "email sent" (SPEC §4); "resend" posts the same address again. The link is sent
 * within the request: a mail server that refuses is 'Unable to send email', one that is slow "may arrive
 * late", and any other failure (the database away, say) 'Sending error' (SPEC §8); the address stays typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, t } = pageContext(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: emailFormSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const wait = await app.limitAuthAttempt();
  if (wait !== null)
    return { result: submission.reply({ formErrors: [t("auth.errors.rateLimited", { seconds: wait })] }) };
  const email = submission.value.email;
  let sent: Awaited<ReturnType<typeof app.services.accounts.requestPasswordReset>>;
  try {
    sent = await app.services.accounts.requestPasswordReset(app.scope, email);
  } catch (error) {
    app.scope.log.error("password reset not sent", { error });
    return { result: submission.reply({ formErrors: ["auth.errors.sendingError"] }) };
  }
  if (!sent.ok) return { result: submission.reply({ formErrors: [sent.code] }) };
  return {
    sent: email,
    again: formData.get("intent") === "resend",
    late: sent.value.delivery === "late",
    webmail: webmailFor(email),
  };
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
          {sent.late ? (
            <FormNotice tone="info">{t("auth.errors.sendLate")}</FormNotice>
          ) : sent.again ? (
            <FormNotice tone="success">{t("auth.forgot.resent")}</FormNotice>
          ) : null}
          {sent.webmail ? (
            <a
              href={sent.webmail}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-primary w-full py-3 text-base"
            >
              {t("auth.forgot.openMail")}
            </a>
          ) : null}
          {loaderData.outbox ? (
            <a
              href={href("/outbox")}
              className={`${sent.webmail ? "btn-secondary" : "btn-primary"} w-full py-3 text-base`}
            >
              {t("auth.signup.openOutbox")}
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
