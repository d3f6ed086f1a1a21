import { type ReactNode, useEffect, useRef } from "react";
import { useI18n } from "#app/components/i18n.tsx";
import { FormNotice } from "#app/components/ui/form-notice.tsx";

/**
 * An answer the customer must meet wherever they are on the page (on a phone the Pay button is far below
 * the top of the form): focused when it appears, so the view moves to it and it is read out (an alert).
 * Give it a new key for each answer, so a second decline is focused again.
 */
export function FocusedNotice({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="scroll-mt-24 rounded-lg" data-testid="payment-error">
      <FormNotice tone="error">{children}</FormNotice>
    </div>
  );
}

/** A refused payment (its message key, and the seconds to wait after too many tries), focused. */
export function DeclinedNotice({ code, seconds }: { code: string; seconds?: number }) {
  const { t } = useI18n();
  return (
    <FocusedNotice>
      {code === "billing.errors.declined" || code === "billing.errors.providerUnavailable" ? (
        <strong className="block">{t("billing.payment.tryAgain")}</strong>
      ) : null}
      {t(code, { seconds: seconds ?? 60 })}
    </FocusedNotice>
  );
}
