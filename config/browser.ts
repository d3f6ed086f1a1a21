/**
 * The share of constants.ts that the scripts of every page use (the header, footer, words, previews):
 * defined here so that those scripts carry these and not every constant of the product (billing,
 * CAPTCHA, rate limits...). constants.ts re-exports them: it stays the one place to look a constant up.
 * Browser code that every page loads imports from here; everything else imports from constants.ts.
 */
export const BRAND = {
  name: "SlideNest",
  supportEmail: "support@slidenest.example",
  copyrightEmail: "copyright@slidenest.example",
  copyrightYear: 2025,
  legalUpdated: "2021-11",
  social: {
    twitter: "https://twitter.com/slidenest",
    pinterest: "https://www.pinterest.com/slidenest",
    instagram: "https://www.instagram.com/slidenest",
  },
} as const;

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_TAGS: Record<Locale, string> = { en: "en-US", es: "es-ES" };
/** The currency of every price and invoice. */
export const CURRENCY = "USD";

export const UI = {
  progressBar: { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 },
  chunkReloadGuardMs: 60_000,
  fetchMinDelayMs: 200,
  headerScrollThresholdPx: 70,
  /** While signed in, the browser asks who it is this often (SPEC §4). */
  sessionPollMs: 240_000,
  /** Notices of actions in place (app/components/ui/toast.tsx): how long each stays, and how many at once. */
  toastMs: 5_000,
  /**
   * The CAPTCHA's proof of work (app/components/captcha.tsx): an error (a challenge that did not load, a
   * solve that failed on a busy device) is tried again by itself this many times, this long apart, before
   * the visitor is told; a submit waiting for it keeps waiting.
   */
  captchaRetries: 2,
  captchaRetryMs: 500,
  toastErrorMs: 9_000,
  toastMax: 3,
} as const;

/** Preview image widths (px) offered in srcset; the first is the smallest. */
export const PREVIEW_WIDTHS = [320, 480, 640, 960, 1280] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

/**
 * When a page's main image (app/components/ui/viewport-image.tsx) may take its widest candidates: a wide
 * screen, or a density of 2 or more. Otherwise the `<img>`'s own candidates, without the widest. A phone's
 * first page can weigh its srcset before `<meta name="viewport">` applies, at 980 px wide: 412 px at 1.75
 * (Lighthouse's phone) then took the 1280 px article cover one load in three on a slow machine, where it
 * needs 721 px. A screen of 980 px at a density under 2 would need more than the narrow set's widest and gets
 * it a little soft; every other screen gets what it needs.
 */
export const WIDE_IMAGE_MEDIA = "(min-width: 1024px), (min-resolution: 2dppx)";

/** Languages the server offers (GraphQL Languages). */
export const LANGUAGES = [
  { id: 1, name: "English", locale: "en" },
  { id: 2, name: "Español", locale: "es" },
] as const satisfies readonly { id: number; name: string; locale: Locale }[];
