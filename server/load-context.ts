import type { CaptchaWidget } from "#modules/auth/captcha.ts";
import type { Scope } from "#modules/scope.ts";
import type { RequestContext } from "./context.ts";
import type { Services } from "./services.server.ts";

/** What the Hono server hands to every loader and action. */
export type AppLoadContext = {
  services: Services;
  /** Absolute origin for canonical URLs, e.g. https://slidenest.example. */
  origin: string;
  /** The request as the server resolved it once: id, nonce, language, HTTPS, client, viewer. */
  request: RequestContext;
  /**
   * The request's scope (modules/scope.ts): the database, the clock, the language, the viewer, the ports.
   * Every service call takes it, or the part it names.
   */
  scope: Scope;
  requestId: string;
  nonce: string;
  /**
   * What a loader, an action or the render threw (app/entry.server.tsx's `handleError`): logged with the
   * request id; when the database was away, the answer becomes 503 with Retry-After (server/pages.ts).
   */
  reportError(error: unknown): void;
  /**
   * Whether outgoing mail is listed at /outbox: the embedded demo only (no SMTP, no DATABASE_URL).
   * Anywhere else the page would hand out other people's links, so it does not exist.
   */
  outboxPage: boolean;
  /** Whether the demo accounts may log in: demo mode, asked from this machine (or DEMO_MODE=on). */
  demoLogins: boolean;
  /** Whether "Continue with Google" is offered (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set). */
  googleSignIn: boolean;
  /** Whether "Continue with Facebook" is offered (FACEBOOK_APP_ID and FACEBOOK_APP_SECRET are set). */
  facebookSignIn: boolean;
  /** The client's address key (through the trusted proxies; IPv6 by /64), for per-client limits. */
  clientKey: string;
  /** A keyed hash of the client key: counts distinct clients (top searches) without keeping addresses. */
  clientTag: string;
  /** The CAPTCHA of public forms (sign-up): what the page's widget needs (the scope checks the answer). */
  captcha: { widget: CaptchaWidget };
  /** Takes one log-in or sign-up attempt from this client's budget; answers seconds to wait when spent. */
  limitAuthAttempt(): Promise<number | null>;
  /**
   * The account's budget of password guesses from every client, for `authenticate` (which takes from it
   * only for a password checked against an existing account); seconds to wait when spent.
   */
  loginGuesses(accountId: number): Promise<number | null>;
  /** Whether payments go to the sandbox provider (demo mode, for this client: the test cards are shown). */
  sandboxPayments: boolean;
  /** With Stripe, the publishable key for its card element; null otherwise. */
  stripePublishableKey: string | null;
  /** Takes one payment or plan-change attempt from this client's budget; answers seconds to wait when spent. */
  limitPaymentAttempt(): Promise<number | null>;
  /** Takes one change of favourites or collections from this member's budget (the hearts' and the collections' actions). */
  limitFavoriteChange(): Promise<number | null>;
  /**
   * A download's grant (app/routes/actions/downloads.server.ts): `limit()` takes one grant from this
   * client's budget (RATE_LIMITS.grants) and answers seconds to wait when spent; `guest(request)` is the
   * guest of the signed `sn_guest` cookie, with the Set-Cookie value to send when a new one was made.
   */
  downloadGrant: {
    limit(): Promise<number | null>;
    guest(request: Request): { guestId: string; setCookie: string | null };
  };
  /**
   * The guest of the request's signed `sn_guest` cookie, read only (null when there is none or it is not
   * intact): whose guest licences this browser may have the certificates of. Never makes one.
   */
  guestId(request: Request): string | null;
  /** Takes one licence check (the verification page) from this client's budget; answers seconds to wait when spent. */
  limitLicenceCheck(): Promise<number | null>;
  /** Takes one picture upload from this member's budget; answers seconds to wait when spent. */
  limitUpload(): Promise<number | null>;
  /**
   * Takes one contact message from this client's budget and from the sender address's (RATE_LIMITS.contact);
   * answers seconds to wait when either is spent.
   */
  limitContact(email: string): Promise<number | null>;
  /** Starts a session for an account; answers the Set-Cookie values to send. */
  startSession(accountId: number): Promise<string[]>;
  /** The Set-Cookie values that sign this browser out (its session is already gone). */
  endSession(): string[];
  /** The second factor (ADR 0020): the TOTP services' context and the log-in's second step. */
  secondFactor: {
    /**
     * After a right password: a session (its cookies), or, when the account has its second factor on, the
     * second step's cookie (no session yet).
     */
    afterPassword(accountId: number): Promise<{ step: "session" | "secondFactor"; cookies: string[] }>;
    /** The account of this browser's second step (the sn_2fa cookie, intact and unexpired), or null. */
    pending(request: Request): number | null;
    /** The Set-Cookie value that ends the second step. */
    clear(): string;
  };
};

/**
 * What a route declares about itself (its module's `handle.policy`), read by the server before it renders
 * (server/route-policy.ts); a child's declaration adds to its layouts'. Nothing here is mirrored by a
 * regular expression on the server.
 */
export type RoutePolicy = {
  /** Whether the server looks at the session (false: static documents nobody's session changes). */
  session: boolean;
  /**
   * Who may keep the answer: `shared` (anonymous answers from the page cache), `none` (rendered each time:
   * answers that vary with an unbounded query), `personal` (one-time links and account pages: rendered
   * each time and kept by no cache, even for a guest).
   */
  cache: "shared" | "none" | "personal";
  /** Whether a visit counts as a view of the template the address names (its `slug`). */
  countsView: boolean;
  /** The largest request body: a form's, or a picture upload's. */
  body: "form" | "avatar";
};

/** A route module's handle, as far as the server reads it. */
export type PolicyHandle = { policy?: Partial<RoutePolicy> };
