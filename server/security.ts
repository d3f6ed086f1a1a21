import { randomBytes } from "node:crypto";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/** reCAPTCHA's script and frame origins (Google's CSP guidance for reCAPTCHA). */
const RECAPTCHA_SCRIPTS = "https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/";
const RECAPTCHA_FRAMES = "https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/";

/**
 * Content Security Policy with a per-response nonce for scripts. Workers (the CAPTCHA's proof of work)
 * come from our own files only.
 */
export function contentSecurityPolicy(
  nonce: string,
  dev = false,
  opts: { stripe?: boolean; recaptcha?: boolean } = {},
): string {
  // Stripe's card element: its script (nonced, then trusted through strict-dynamic), API and frames.
  const stripe = opts.stripe === true;
  // reCAPTCHA (only when configured instead of the embedded proof of work): Google's script and frames.
  const recaptcha = opts.recaptcha === true;
  const frames = [
    ...(stripe ? ["https://js.stripe.com https://hooks.stripe.com"] : []),
    ...(recaptcha ? [RECAPTCHA_FRAMES] : []),
  ];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}${recaptcha ? ` ${RECAPTCHA_SCRIPTS}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${stripe ? " https://*.stripe.com" : ""}`,
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}${stripe ? " https://api.stripe.com" : ""}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    frames.length ? `frame-src ${frames.join(" ")}` : "frame-src 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** Headers every response carries. HSTS only when the request came over HTTPS. */
export function securityHeaders(headers: Headers, opts: { https: boolean }): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
  if (opts.https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
}
