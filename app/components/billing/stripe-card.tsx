import { useCallback, useEffect, useRef, useState } from "react";

/** The parts of Stripe.js this page uses (https://js.stripe.com/v3). */
type CardElement = {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: "change", handler: (e: { error?: { message: string }; complete: boolean }) => void): void;
};
type StripeJs = {
  elements(options?: { locale?: string }): { create(type: "card", options?: Record<string, unknown>): CardElement };
  handleNextAction(input: { clientSecret: string }): Promise<{ error?: { message?: string } }>;
  createPaymentMethod(input: {
    type: "card";
    card: CardElement;
    billing_details?: { name?: string; email?: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let loading: Promise<void> | null = null;

/** Loads Stripe.js once. The page's script is nonced, and strict-dynamic lets the scripts it adds run. */
function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3";
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js did not load"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Stripe's own card element: the card number is typed into Stripe's frame and never reaches our server.
 * `tokenize` answers a payment method id to post with the form, or Stripe's message.
 */
export function useStripeCard(publishableKey: string | null, locale: string) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: CardElement } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    loadStripeJs()
      .then(() => {
        if (!live || !window.Stripe || !mountRef.current) return;
        const js = window.Stripe(publishableKey);
        const card = js.elements({ locale }).create("card", { hidePostalCode: true });
        card.mount(mountRef.current);
        card.on("change", (e) => setError(e.error?.message ?? null));
        stripe.current = { js, card };
        setReady(true);
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      live = false;
      stripe.current?.card.destroy();
      stripe.current = null;
    };
  }, [publishableKey, locale]);
  const tokenize = useCallback(async (details: { name?: string; email?: string }) => {
    if (!stripe.current) return { error: null };
    const r = await stripe.current.js.createPaymentMethod({
      type: "card",
      card: stripe.current.card,
      billing_details: details,
    });
    // Stripe's messages come in the element's locale; without one, the form's own error shows.
    if (r.error || !r.paymentMethod) return { error: r.error?.message ?? null };
    return { id: r.paymentMethod.id };
  }, []);
  return { mountRef, ready, error, tokenize };
}

/** The card element's box, styled like our inputs, with Stripe's message under it. */
export function StripeCardField({
  label,
  mountRef,
  error,
}: {
  label: string;
  mountRef: React.RefObject<HTMLDivElement | null>;
  error: string | null;
}) {
  return (
    <div>
      <span className="field-label">{label}</span>
      <div ref={mountRef} className="field-input min-h-11 py-3" data-testid="stripe-card" />
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A form that pays with Stripe's element: on submit, the element makes a payment method first, its id
 * goes into the hidden `cardToken` input, and the form is submitted again through `submit` (Conform's).
 * Without a publishable key the form submits as it is. The token is cleared whenever `resetOn` changes
 * (each answer of the server): a token pays once.
 */
export function useTokenizedSubmit(
  publishableKey: string | null,
  locale: string,
  submit: (e: React.FormEvent<HTMLFormElement>) => void,
  resetOn: unknown,
  /** Shown when Stripe gives no message of its own (the element did not load, say). */
  fallback: string,
) {
  const card = useStripeCard(publishableKey, locale);
  const tokenRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each answer
  useEffect(() => {
    if (tokenRef.current) tokenRef.current.value = "";
  }, [resetOn]);
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    if (publishableKey && tokenRef.current && !tokenRef.current.value) {
      e.preventDefault();
      const data = new FormData(form);
      const name = data.get("billingName");
      const email = data.get("billingEmail");
      void card
        .tokenize({
          name: typeof name === "string" ? name : undefined,
          email: typeof email === "string" ? email : undefined,
        })
        .then((r) => {
          if ("id" in r && r.id && tokenRef.current) {
            tokenRef.current.value = r.id;
            setError(null);
            form.requestSubmit();
          } else setError(("error" in r ? r.error : null) ?? fallback);
        });
      return;
    }
    submit(e);
  };
  return { mountRef: card.mountRef, tokenRef, error: error ?? card.error, onSubmit };
}

/**
 * The bank's confirmation of a payment (3-D Secure), in Stripe's own window, then `done` with its result:
 * runs once per client secret. The page then asks the server to finish the purchase.
 */
export function useBankConfirmation(
  publishableKey: string | null,
  clientSecret: string | null,
  done: (outcome: { ok: true } | { ok: false; message: string | null }) => void,
) {
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!publishableKey || !clientSecret || started.current === clientSecret) return;
    started.current = clientSecret;
    loadStripeJs()
      .then(async () => {
        if (!window.Stripe) throw new Error("Stripe.js did not load");
        const r = await window.Stripe(publishableKey).handleNextAction({ clientSecret });
        done(r.error ? { ok: false, message: r.error.message ?? null } : { ok: true });
      })
      .catch(() => done({ ok: false, message: null }));
  }, [publishableKey, clientSecret, done]);
}
