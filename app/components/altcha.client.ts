/**
 * The ALTCHA widget (`<altcha-widget>`), loaded in the browser only when a form with the CAPTCHA shows.
 * The "external" build carries no inline workers: the proof-of-work worker is a file of our own build
 * (CSP `worker-src 'self'`), and its styles come from altcha/altcha.css with the page's CSS.
 */
import "altcha/external";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import ShaWorker from "altcha/workers/sha?worker";

for (const algorithm of ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"])
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
for (const algorithm of ["SHA-256", "SHA-384", "SHA-512"])
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());

/** The widget's texts for a language: ours where the widget shows them, its English for the rest. */
export function setAltchaStrings(language: string, strings: Record<string, string>) {
  globalThis.$altcha.i18n.set(language, { ...globalThis.$altcha.i18n.get("en"), ...strings });
}
