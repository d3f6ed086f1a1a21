import { type FieldMetadata, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { type ComponentProps, type ReactNode, useState } from "react";
import type { $ZodType, input, output } from "zod/v4/core";
import { ACCOUNT_LIMITS } from "#config/constants.ts";
import { LIMIT_PARAMS } from "#modules/accounts/schemas.ts";
import { useI18n } from "../i18n.tsx";
import { EyeIcon, EyeOffIcon } from "../icons.tsx";

/**
 * Translates Conform error keys; minimum-length messages get the length the caller passes, maximum-length
 * ones their limit by themselves (LIMIT_PARAMS: "at most 80 characters").
 */
export function useErrorText() {
  const { t } = useI18n();
  return (errors: string[] | undefined, params?: Record<string, string | number>) =>
    errors?.length ? t(errors[0], { ...LIMIT_PARAMS[errors[0]], ...params }) : undefined;
}

/**
 * A labelled input with its hint and error, wired for screen readers. The error has its place kept under
 * the field (a line, or the hint's place, as tall as the longer of the two), so a field that turns invalid
 * when it is left (on the way to the next field or the submit button) does not move the form under the
 * pointer and the click still lands where it was aimed.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  // The kept place for the error stands in for part of the gap to the next field.
  return (
    <div className="-mb-2.5">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      {hint ? (
        <div className="grid">
          <p
            id={`${id}-hint`}
            className={`col-start-1 row-start-1 mt-1.5 text-sm text-ink-muted ${error ? "invisible" : ""}`}
            aria-hidden={error ? true : undefined}
          >
            {hint}
          </p>
          {error ? (
            <div className="col-start-1 row-start-1">
              <p id={`${id}-error`} className="field-error" role="alert">
                {error}
              </p>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="min-h-[1.625rem]">
          {error ? (
            <p id={`${id}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * Conform over one zod schema, the way every account form uses it: the browser checks a field when it
 * is left and again on each keystroke once it showed an error; the action's answer comes back as
 * `lastResult`.
 */
export function useAccountForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | undefined,
  defaultValue?: Record<string, string | string[]>,
) {
  return useForm<input<Schema>, output<Schema>>({
    id,
    defaultValue: defaultValue as never,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** The card every auth page is: its heading, a line under it, then the page's own content. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-card bg-surface p-6 shadow-card ring-1 ring-line/60 sm:p-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      {intro ? <p className="mt-1 text-ink-muted">{intro}</p> : null}
      {children}
    </div>
  );
}

/**
 * A password input with a button that shows what was typed (and hides it again); the input keeps its
 * name, value and validation either way. Without scripts the button does nothing and the field is a plain
 * password field.
 */
export function PasswordInput(props: Omit<ComponentProps<"input">, "type">) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={shown ? "text" : "password"} className={`${props.className ?? "field-input"} pr-12`} />
      <button
        type="button"
        onClick={() => setShown((v) => !v)}
        aria-pressed={shown}
        aria-controls={props.id}
        title={t(shown ? "auth.passwordToggle.hide" : "auth.passwordToggle.show")}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600"
      >
        {shown ? <EyeOffIcon /> : <EyeIcon />}
        <span className="sr-only">{t("auth.passwordToggle.show")}</span>
      </button>
    </div>
  );
}

/** A password input in a labelled field; `autoComplete` says whether it is the current or a new one. */
export function PasswordField({
  field,
  label,
  hint,
  autoComplete,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint?: string;
  autoComplete: "current-password" | "new-password";
}) {
  const errorText = useErrorText();
  return (
    <Field
      id={field.id}
      label={label}
      hint={hint}
      error={errorText(field.errors, { length: ACCOUNT_LIMITS.passwordMin })}
    >
      <PasswordInput
        {...getInputProps(field, { type: "password" })}
        autoComplete={autoComplete}
        aria-describedby={field.errors ? `${field.id}-error` : hint ? `${field.id}-hint` : undefined}
        className="field-input"
      />
    </Field>
  );
}
