import { Form } from "react-router";
import { useI18n } from "../i18n.tsx";

/** Sends a new verification link to an address. */
export function ResendForm({ email = "" }: { email?: string }) {
  const { t } = useI18n();
  return (
    <Form
      method="post"
      className="flex flex-col gap-2 rounded-lg bg-canvas p-4 ring-1 ring-line sm:flex-row sm:items-end"
    >
      <input type="hidden" name="intent" value="resend" />
      <div className="flex-1">
        <label htmlFor="resend-email" className="field-label">
          {t("auth.signup.email")}
        </label>
        <input
          id="resend-email"
          name="email"
          type="email"
          required
          defaultValue={email}
          autoComplete="email"
          className="field-input"
        />
      </div>
      <button type="submit" className="btn-secondary">
        {t("auth.signup.resend")}
      </button>
    </Form>
  );
}
