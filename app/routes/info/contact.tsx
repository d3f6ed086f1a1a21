import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Field, useAccountForm, useErrorText } from "#app/components/auth/form-parts.tsx";
import { CaptchaField, useCaptcha } from "#app/components/captcha.tsx";
import { useI18n, withMessages } from "#app/components/i18n.tsx";
import { CheckIcon, ClockIcon, HelpIcon, MailIcon } from "#app/components/icons.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { ACCOUNT_LIMITS, BRAND, CAPTCHA, CONTACT } from "#config/constants.ts";
import { contactSchema, visibleLength } from "#modules/contact/schemas.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/contact";

/** The contact form (SPEC §2, §3): first and last name, e-mail, message and the CAPTCHA of sign-up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, locale, origin, t } = pageContext(request, context);
  const viewer = app.scope.viewer?.account;
  // A member's name and address are filled in: the first word of the name is the first name.
  const [firstName = "", ...rest] = (viewer?.name ?? "").trim().split(/\s+/);
  return {
    messages: messageSet(locale, "contact"),
    captcha: app.captcha.widget,
    prefill: viewer ? { firstName, lastName: rest.join(" "), email: viewer.email } : null,
    seo: {
      origin,
      locale,
      title: t("contact.metaTitle"),
      description: t("contact.metaDescription"),
      paths: samePath("/contact-us"),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = pageContext(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: contactSchema });
  // Everything typed comes back into the form; the CAPTCHA's answer (single use) does not.
  const hideFields = [CAPTCHA.field];
  if (submission.status !== "success") return { result: submission.reply({ hideFields }) };
  // A person, not a script: the answer is checked (once) before any budget is taken or mail sent.
  const human = await app.scope.captcha(formData.get(CAPTCHA.field));
  if (!human.ok) return { result: submission.reply({ hideFields }), captcha: human.code };
  const wait = await app.limitContact(submission.value.email);
  if (wait !== null)
    return { result: submission.reply({ formErrors: ["contact.errors.rateLimited"], hideFields }), wait };
  // Members on a paid plan have priority support (billing.benefits): the service reads the account's plan
  // at sending, marks the message (first on the operator's desk) and says so.
  const account = app.scope.viewer?.account;
  const outcome = await app.services.contact.sendContactMessage(app.scope, submission.value, {
    accountId: account?.id ?? null,
  });
  if (!outcome.ok)
    return {
      result: submission.reply({
        formErrors: [outcome.code],
        fieldErrors: outcome.fieldErrors,
        hideFields,
      }),
    };
  return {
    sent: {
      name: outcome.value.firstName,
      email: outcome.value.email,
      confirmed: outcome.value.confirmed,
      priority: outcome.value.priority,
    },
  };
}

/** The same text, once it has stopped changing for `ms` (what a screen reader is told about the count). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function ContactForm({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const errorText = useErrorText();
  const [form, fields] = useAccountForm(
    "contact",
    contactSchema,
    actionData && "result" in actionData ? actionData.result : undefined,
    loaderData.prefill ?? undefined,
  );
  const captcha = useCaptcha(loaderData.captcha, actionData);
  const captchaError = actionData && "captcha" in actionData && !busy ? actionData.captcha : null;
  const wait = actionData && "wait" in actionData ? actionData.wait : 0;
  const formError = form.errors?.[0];

  const message = fields.message;
  const used = visibleLength(typeof message.value === "string" ? message.value : "");
  const over = used - CONTACT.messageMax;
  const countText =
    over > 0
      ? t("contact.form.over", { count: over })
      : t("contact.form.count", { count: used, max: CONTACT.messageMax });
  const spoken = useSettled(countText, 1000);
  const messageError = errorText(message.errors, { max: CONTACT.messageMax });

  return (
    <>
      <h2 id="contact-form-heading" className="text-xl font-semibold text-ink">
        {t("contact.form.heading")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("contact.form.required")}</p>
      <Form
        method="post"
        {...getFormProps(form)}
        onSubmit={captcha.guard(form.onSubmit)}
        aria-labelledby="contact-form-heading"
        className="mt-6 flex flex-col gap-5"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={fields.firstName.id}
            label={t("contact.form.firstName")}
            error={errorText(fields.firstName.errors, { max: CONTACT.nameMax })}
          >
            <input
              {...getInputProps(fields.firstName, { type: "text" })}
              autoComplete="given-name"
              className="field-input"
            />
          </Field>
          <Field
            id={fields.lastName.id}
            label={t("contact.form.lastName")}
            error={errorText(fields.lastName.errors, { max: CONTACT.nameMax })}
          >
            <input
              {...getInputProps(fields.lastName, { type: "text" })}
              autoComplete="family-name"
              className="field-input"
            />
          </Field>
        </div>
        <Field
          id={fields.email.id}
          label={t("contact.form.email")}
          hint={t("contact.form.emailHint")}
          error={errorText(fields.email.errors, { max: ACCOUNT_LIMITS.emailMax })}
        >
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={fields.email.errors ? `${fields.email.id}-error` : `${fields.email.id}-hint`}
            className="field-input"
          />
        </Field>
        <div>
          <label htmlFor={message.id} className="field-label">
            {t("contact.form.message")}
          </label>
          <textarea
            {...getTextareaProps(message)}
            rows={8}
            aria-describedby={`${messageError ? `${message.id}-error` : `${message.id}-hint`} ${message.id}-count`}
            className="field-input min-h-48 resize-y leading-6"
          />
          <div className="mt-1.5 flex flex-col gap-1 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            {messageError ? (
              <p id={`${message.id}-error`} className="text-red-700" role="alert">
                {messageError}
              </p>
            ) : (
              <p id={`${message.id}-hint`} className="text-ink-muted">
                {t("contact.form.messageHint")}
              </p>
            )}
            <p
              id={`${message.id}-count`}
              className={`shrink-0 tabular-nums ${over > 0 ? "font-semibold text-red-700" : "text-ink-muted"}`}
              data-testid="message-count"
            >
              {countText}
            </p>
          </div>
          <p className="sr-only" aria-live="polite">
            {spoken}
          </p>
        </div>
        <CaptchaField captcha={captcha} error={captchaError ? t(captchaError) : undefined} />
        {formError && !busy ? (
          <FormNotice tone="error">{t(formError, { count: Math.max(1, Math.ceil((wait ?? 0) / 60)) })}</FormNotice>
        ) : null}
        <button
          type="submit"
          className="btn-primary w-full py-3 text-base sm:w-auto sm:self-start sm:px-8"
          disabled={busy}
        >
          {busy ? t("contact.form.sending") : t("contact.form.submit")}
        </button>
      </Form>
    </>
  );
}

/** What the sender sees once the message went out: thanks by name, and where the confirmation went. */
function Sent({
  name,
  email,
  confirmed,
  priority,
}: {
  name: string;
  email: string;
  confirmed: boolean;
  priority: boolean;
}) {
  const { t, href } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  // After a client-side post, the reader's place moves to the answer.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-start">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200">
        <CheckIcon width={24} height={24} />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 scroll-mt-40 text-xl font-semibold text-ink outline-none">
        {t("contact.sent.title")}
      </h2>
      <p role="status" className="mt-2 text-ink-soft">
        {t(priority ? "contact.sent.textPriority" : "contact.sent.text", { name })}
      </p>
      {confirmed ? <p className="mt-2 text-ink-soft">{t("contact.sent.copy", { email })}</p> : null}
      <div className="mt-6 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={href("/contact-us")} className="btn-secondary">
          {t("contact.sent.another")}
        </Link>
        <Link to={href("/templates")} className="btn-primary">
          {t("contact.sent.browse")}
        </Link>
      </div>
    </div>
  );
}

function Aside() {
  const { t, href } = useI18n();
  const card = "rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60";
  const title = "flex items-center gap-2 font-semibold text-ink";
  const link = "font-semibold text-brand-700 hover:underline";
  return (
    <aside aria-label={t("contact.aside.helpTitle")} className="flex flex-col gap-4">
      <section className={card} aria-labelledby="contact-email-title">
        <h2 id="contact-email-title" className={title}>
          <MailIcon className="text-brand-600" />
          {t("contact.aside.emailTitle")}
        </h2>
        <p className="mt-2 text-sm text-ink-soft">{t("contact.aside.emailText")}</p>
        <a
          href={`mailto:${BRAND.supportEmail}`}
          className={`${link} mt-1 inline-block text-sm [overflow-wrap:anywhere]`}
        >
          {BRAND.supportEmail}
        </a>
      </section>
      <section className={card} aria-labelledby="contact-time-title">
        <h2 id="contact-time-title" className={title}>
          <ClockIcon className="text-brand-600" />
          {t("contact.aside.timeTitle")}
        </h2>
        <p className="mt-2 text-sm text-ink-soft">{t("contact.aside.timeText")}</p>
        <p className="mt-2 text-sm text-ink-soft" data-testid="priority-support">
          {t("contact.aside.priorityText")}{" "}
          <Link to={href("/pricing")} className={link}>
            {t("contact.aside.plans")}
          </Link>
        </p>
      </section>
      <section className={card} aria-labelledby="contact-help-title">
        <h2 id="contact-help-title" className={title}>
          <HelpIcon className="text-brand-600" />
          {t("contact.aside.helpTitle")}
        </h2>
        <p className="mt-2 text-sm text-ink-soft">{t("contact.aside.helpText")}</p>
        <ul className="mt-2 flex flex-col gap-1.5 text-sm">
          <li>
            <Link to={href("/faq")} className={link}>
              {t("contact.aside.faq")}
            </Link>
          </li>
          <li>
            <Link to={`${href("/faq")}#help`} className={link}>
              {t("contact.aside.accountHelp")}
            </Link>
          </li>
          <li>
            <Link to={href("/license")} className={link}>
              {t("contact.aside.license")}
            </Link>
          </li>
        </ul>
      </section>
    </aside>
  );
}

function ContactContent(props: Route.ComponentProps) {
  const { t } = useI18n();
  const actionData = useActionData<typeof action>();
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <div className="container-page max-w-6xl py-10 sm:py-14">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{t("contact.title")}</h1>
        <p className="mt-3 text-lg leading-8 text-ink-soft">{t("contact.intro")}</p>
      </div>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <section
          aria-labelledby={sent ? undefined : "contact-form-heading"}
          aria-label={sent ? t("contact.sent.title") : undefined}
          className="rounded-card bg-surface p-5 shadow-card ring-1 ring-line/60 sm:p-8"
        >
          {sent ? <Sent {...sent} /> : <ContactForm {...props} />}
        </section>
        <Aside />
      </div>
    </div>
  );
}

export default withMessages(ContactContent);

export { RouteErrorBoundary as ErrorBoundary } from "#app/components/error-view.tsx";
