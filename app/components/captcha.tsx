import "altcha/altcha.css";
import "./captcha.css";
import type { AltchaWidgetElement } from "altcha/types/generic";
import type {} from "altcha/types/react";
import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { UI } from "#config/browser.ts";
import { CAPTCHA } from "#config/constants.ts";
import type { CaptchaWidget } from "#modules/auth/captcha.ts";
import { useI18n } from "./i18n.tsx";

/**
 * The CAPTCHA of a public form (sign-up; the contact form later): the embedded ALTCHA proof of work, or
 * Google's invisible reCAPTCHA v2, as the server chose (the loader's `CaptchaWidget`). Usage:
 *
 *   const captcha = useCaptcha(loaderData.captcha, actionData);
 *   <Form onSubmit={captcha.guard(form.onSubmit)}> … <CaptchaField captcha={captcha} error={…} /> …
 *
 * The answer travels in the form's `captcha` field. ALTCHA starts solving as soon as the page loads,
 * so it is usually done before the form is; a submit that comes first waits for it and then goes on by
 * itself (no second click). reCAPTCHA runs when the form is sent. After every answer of the server the
 * check starts again (an answer is single use). Without JavaScript the form still posts, and the server
 * says what is missing.
 */

/** What the visitor sees of the check: working, done, or why it could not run (SPEC §8). */
export type CaptchaStatus = "idle" | "working" | "ready" | "loadFailed" | "executeFailed";

type Grecaptcha = {
  ready(cb: () => void): void;
  render(
    el: HTMLElement,
    options: {
      sitekey: string;
      size: "invisible";
      badge: "bottomright" | "bottomleft" | "inline";
      callback: (token: string) => void;
      "expired-callback": () => void;
      "error-callback": () => void;
    },
  ): number;
  execute(id: number): void;
  reset(id: number): void;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let recaptchaLoading: Promise<Grecaptcha> | null = null;

/** Loads Google's script once, in the page's language. The page's script is nonced; strict-dynamic lets it in. */
function loadRecaptcha(locale: string): Promise<Grecaptcha> {
  recaptchaLoading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=explicit&hl=${encodeURIComponent(locale)}`;
    script.async = true;
    script.onload = () => {
      const g = window.grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error("reCAPTCHA did not start"));
    };
    script.onerror = () => {
      recaptchaLoading = null;
      script.remove();
      reject(new Error("reCAPTCHA did not load"));
    };
    document.head.append(script);
  });
  return recaptchaLoading;
}

/** No logo or footer link; no collection of pointer movements (nothing asks for it); no added delay. */
const WIDGET_CONFIGURATION = JSON.stringify({
  hideFooter: true,
  hideLogo: true,
  humanInteractionSignature: false,
  minDuration: 0,
});

type PendingSubmit = { form: HTMLFormElement; submitter: HTMLElement | null };

export type CaptchaControl = {
  widget: CaptchaWidget;
  status: CaptchaStatus;
  /** A submit is waiting for the check; it goes on by itself once the check is done. */
  pending: boolean;
  /** Wraps the form's own onSubmit: holds the submit until the check is done. */
  guard(onSubmit?: (event: FormEvent<HTMLFormElement>) => void): (event: FormEvent<HTMLFormElement>) => void;
  altchaRef: RefObject<AltchaWidgetElement | null>;
  recaptchaRef: RefObject<HTMLDivElement | null>;
  /** The hidden field with the reCAPTCHA token (ALTCHA keeps its own). */
  tokenRef: RefObject<HTMLInputElement | null>;
  /** The reCAPTCHA token to post. */
  token: string;
};

export function useCaptcha(widget: CaptchaWidget, answered: unknown): CaptchaControl {
  const { t, locale } = useI18n();
  const altchaRef = useRef<AltchaWidgetElement | null>(null);
  const recaptchaRef = useRef<HTMLDivElement | null>(null);
  const tokenRef = useRef<HTMLInputElement | null>(null);
  const recaptchaId = useRef<number | null>(null);
  const pendingSubmit = useRef<PendingSubmit | null>(null);
  /** The last challenge request failed: an error now is a failure to load, not to run. */
  const challengeFailed = useRef(false);
  const [status, setStatus] = useState<CaptchaStatus>("idle");
  const [pending, setPending] = useState(false);
  const [token, setToken] = useState("");
  const altchaModule = useRef<typeof import("./altcha.client.ts") | null>(null);
  /** The widget's script could not load: a submit goes as it is and the server says what is missing. */
  const altchaLoadFailed = useRef(false);
  /** The widget is configured and its first check asked for (start() below): until then a submit waits. */
  const altchaStarted = useRef(false);

  // The widget's texts in the page's language (a client-side switch between /signup and /es/signup too).
  const texts = useRef({ locale, strings: {} as Record<string, string> });
  texts.current = {
    locale,
    strings: Object.fromEntries(
      (["label", "verifying", "verified", "error", "expired", "waitAlert"] as const).map((k) => [
        k,
        t(`common.captcha.widget.${k}`),
      ]),
    ),
  };

  /** The check is done: a submit that waited for it goes on. */
  const release = useCallback((sent: boolean) => {
    const waiting = pendingSubmit.current;
    pendingSubmit.current = null;
    setPending(false);
    if (sent && waiting) waiting.form.requestSubmit(waiting.submitter ?? undefined);
  }, []);

  // ALTCHA: load the widget, give it our texts, and start solving at once.
  useEffect(() => {
    if (widget.kind !== "altcha") return;
    const node = altchaRef.current;
    if (!node) return;
    let live = true;
    /** Errors tried again since the last success: a busy device or a dropped request heal by themselves. */
    let retries = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onState = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      if (state === "verifying") setStatus("working");
      else if (state === "verified") {
        retries = 0;
        setStatus("ready");
        release(true);
      } else if (state === "error") {
        if (retries < UI.captchaRetries) {
          // Still working as far as the visitor can tell; a waiting submit stays held.
          retries++;
          setStatus("working");
          retry = setTimeout(() => {
            if (!live) return;
            node.reset?.();
            void node.verify();
          }, UI.captchaRetryMs);
          return;
        }
        retries = 0;
        setStatus(challengeFailed.current ? "loadFailed" : "executeFailed");
        release(false);
      } else if (state === "unverified") setStatus("idle");
    };
    // An expired solution is dropped; the next submit solves a new challenge (no work while nobody types).
    const onExpired = () => node.reset?.();
    let wait: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (!live) return;
      // Its methods exist once the element has mounted, a moment after the script defines it.
      if (typeof node.configure !== "function") {
        wait = setTimeout(start, 20);
        return;
      }
      void node.configure({
        fetch: (input, init) => {
          challengeFailed.current = false;
          return fetch(input, init).then(
            (res) => {
              if (!res.ok) challengeFailed.current = true;
              return res;
            },
            (error) => {
              challengeFailed.current = true;
              throw error;
            },
          );
        },
      });
      altchaStarted.current = true;
      void node.verify();
    };
    node.addEventListener("statechange", onState);
    node.addEventListener("expired", onExpired);
    import("./altcha.client.ts")
      .then((mod) => {
        if (!live) return;
        altchaModule.current = mod;
        mod.setAltchaStrings(texts.current.locale, texts.current.strings);
        start();
      })
      .catch(() => {
        altchaLoadFailed.current = true;
        if (!live) return;
        setStatus("loadFailed");
        release(false);
      });
    return () => {
      live = false;
      altchaStarted.current = false;
      node.removeEventListener("statechange", onState);
      node.removeEventListener("expired", onExpired);
      clearTimeout(wait);
      clearTimeout(retry);
      pendingSubmit.current = null;
    };
  }, [widget.kind, release]);

  useEffect(() => {
    altchaModule.current?.setAltchaStrings(locale, texts.current.strings);
  }, [locale]);

  // reCAPTCHA: load Google's script and make an invisible widget; it runs when the form is sent.
  const siteKey = widget.kind === "recaptcha" ? widget.siteKey : null;
  useEffect(() => {
    const el = recaptchaRef.current;
    if (!siteKey || !el) return;
    let live = true;
    loadRecaptcha(texts.current.locale)
      .then((g) => {
        if (!live || recaptchaId.current !== null) return;
        recaptchaId.current = g.render(el, {
          sitekey: siteKey,
          size: "invisible",
          badge: "bottomright",
          callback: (value) => {
            // The hidden field must hold the token before the waiting submit goes on.
            if (tokenRef.current) tokenRef.current.value = value;
            setToken(value);
            setStatus("ready");
            release(true);
          },
          "expired-callback": () => {
            if (tokenRef.current) tokenRef.current.value = "";
            setToken("");
            setStatus("idle");
          },
          "error-callback": () => {
            if (tokenRef.current) tokenRef.current.value = "";
            setToken("");
            setStatus("executeFailed");
            release(false);
          },
        });
      })
      .catch(() => {
        if (live) setStatus("loadFailed");
      });
    return () => {
      live = false;
      recaptchaId.current = null;
      pendingSubmit.current = null;
    };
  }, [siteKey, release]);

  // The server answered: whatever was posted is used up (or refused); start a new check.
  useEffect(() => {
    if (answered === undefined || answered === null) return;
    if (widget.kind === "altcha") {
      const node = altchaRef.current;
      if (node && typeof node.verify === "function") {
        node.reset();
        void node.verify();
      }
    } else if (recaptchaId.current !== null) {
      window.grecaptcha?.reset(recaptchaId.current);
      if (tokenRef.current) tokenRef.current.value = "";
      setToken("");
      setStatus("idle");
    }
  }, [answered, widget.kind]);

  const guard = useCallback(
    (onSubmit?: (event: FormEvent<HTMLFormElement>) => void) => (event: FormEvent<HTMLFormElement>) => {
      onSubmit?.(event);
      if (event.defaultPrevented) return;
      const hold = () => {
        event.preventDefault();
        pendingSubmit.current = {
          form: event.currentTarget,
          submitter: (event.nativeEvent as SubmitEvent).submitter ?? null,
        };
        setPending(true);
      };
      if (widget.kind === "altcha") {
        const node = altchaRef.current;
        // The widget could not load: let the form go; the server says what is missing.
        if (!node || altchaLoadFailed.current) return;
        // Its script is still on its way (a slow phone or network), or the widget is not configured yet:
        // hold the submit; start() asks for the check and its end sends the form.
        if (!altchaStarted.current || typeof node.getState !== "function") {
          hold();
          return;
        }
        const state = node.getState();
        if (state === "verified") return;
        hold();
        if (state !== "verifying") void node.verify();
        return;
      }
      // The token as it is in the form now (set by Google's callback just before the waiting submit).
      const g = window.grecaptcha;
      if (tokenRef.current?.value || !g || recaptchaId.current === null) return;
      hold();
      g.execute(recaptchaId.current);
    },
    [widget.kind],
  );

  return { widget, status, pending, guard, altchaRef, recaptchaRef, tokenRef, token };
}

/** The check inside the form, with its message: why it could not run, or why the server refused it. */
export function CaptchaField({ captcha, error }: { captcha: CaptchaControl; error?: string }) {
  const { t, locale } = useI18n();
  const message =
    captcha.status === "loadFailed"
      ? t("common.captcha.loadFailed")
      : captcha.status === "executeFailed"
        ? t("common.captcha.executeFailed")
        : error;
  const messageId = `${CAPTCHA.field}-error`;
  return (
    <div className="sn-captcha">
      {captcha.widget.kind === "altcha" ? (
        <altcha-widget
          ref={captcha.altchaRef}
          challenge={captcha.widget.challengeUrl}
          name={CAPTCHA.field}
          language={locale}
          auto="off"
          type="checkbox"
          display="standard"
          configuration={WIDGET_CONFIGURATION}
          aria-describedby={message ? messageId : undefined}
        />
      ) : (
        <>
          <input ref={captcha.tokenRef} type="hidden" name={CAPTCHA.field} value={captcha.token} />
          <div ref={captcha.recaptchaRef} />
          {/* Google's badge is hidden; its terms ask for this notice instead. */}
          <p className="text-xs leading-5 text-ink-muted">
            {t("common.captcha.recaptcha.before")}{" "}
            <a
              href="https://policies.google.com/privacy"
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 hover:underline"
            >
              {t("common.captcha.recaptcha.privacy")}
            </a>{" "}
            {t("common.captcha.recaptcha.between")}{" "}
            <a
              href="https://policies.google.com/terms"
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 hover:underline"
            >
              {t("common.captcha.recaptcha.terms")}
            </a>{" "}
            {t("common.captcha.recaptcha.after")}
          </p>
        </>
      )}
      {message ? (
        <p id={messageId} className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      {captcha.pending ? (
        <p className="sr-only" role="status">
          {t("common.captcha.working")}
        </p>
      ) : null}
    </div>
  );
}
