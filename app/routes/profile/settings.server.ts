import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type RouterContextProvider, redirect } from "react-router";
import type { AppLoadContext } from "#app/context.ts";
import { avatarOutcome } from "#app/lib/avatar-outcomes.ts";
import { waitParam } from "#app/lib/list-params.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import { secondFactorAction, secondFactorView } from "#app/routes/auth/second-factor.server.ts";
import {
  deleteAccountSchema,
  emailChangeSchema,
  interestsSchema,
  passwordUpdateSchema,
  profileSchema,
} from "#modules/accounts/schemas.ts";
import { endSessionsSchema } from "#modules/auth/session-schemas.ts";
import { localePath } from "#modules/shared/i18n.ts";

/**
 * The member's settings, server half: the page's data and its one action (profile, e-mail, interests,
 * password, deletion, second factor, sessions), each form checked by its own schema.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function settingsLoader({ request, context }: Args) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const { account } = memberOf(context);
  const [options, chosen, pending] = await Promise.all([
    app.services.interests.interestOptions(ctx),
    app.services.interests.listInterests(ctx, account.id),
    app.services.emailChange.pendingEmailChange(ctx, account.id),
  ]);
  return {
    account: { name: account.name, username: account.username, email: account.email, avatarUrl: account.avatarUrl },
    avatarNotice: avatarOutcome(url.searchParams.get("avatar")),
    wait: waitParam(url.searchParams),
    pendingEmail: pending?.email ?? null,
    sessions: await sessionsOf(app),
    secondFactor: await secondFactorView(app),
    interests: {
      options: options.map((o) => ({ id: o.id, type: o.type, name: o.content.name })),
      chosen,
    },
    seo: {
      origin,
      locale,
      title: pageTitle(t("account.settings.metaTitle")),
      description: t("account.settings.intro"),
      paths: samePath("/profile/settings"),
    },
  };
}

const SCHEMAS = {
  profile: profileSchema,
  email: emailChangeSchema,
  interests: interestsSchema,
  password: passwordUpdateSchema,
  delete: deleteAccountSchema,
} as const;
export type SettingsIntent = keyof typeof SCHEMAS;
/** The page's data, as its forms receive it. */
export type SettingsData = Awaited<ReturnType<typeof settingsLoader>>;
/** The action's answer to one of the forms (a redirect is none). */
export type SettingsAnswer = Exclude<Awaited<ReturnType<typeof settingsAction>>, Response>;

/** One action, several forms: each names its intent and is checked by its own schema (shared with the browser). */
export async function settingsAction({ request, context }: Args) {
  const { app, locale } = pageContext(request, context);
  const viewer = memberOf(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "sessions") return sessionsAction(app, formData);
  if (intent === "secondFactor") return secondFactorAction(app, formData);
  if (!(intent in SCHEMAS)) throw new Response(null, { status: 400 });
  const accountId = viewer.account.id;
  /** Who types a current password: its checks back off per account and client and count per session. */
  const asker = { sessionId: viewer.sessionId, client: app.clientKey };
  /**
   * A refusal of the current password: after too many wrong ones the service ended this session, so its
   * cookies go and the log-in page says why; otherwise the seconds to wait, if it is a wait.
   */
  const signedOut = (r: { code: string }) => {
    if (r.code !== "auth.errors.passwordAttempts") return null;
    const headers = new Headers();
    for (const cookie of app.endSession()) headers.append("Set-Cookie", cookie);
    return redirect(`${localePath(locale, "/login")}?error=passwordAttempts`, { headers });
  };
  /**
   * A change checked with the current password that the service refused: signed out after too many wrong
   * passwords, else the form again with the refusal on its field (or on the form), the password fields empty.
   */
  const refused = (
    submission: {
      reply(options: {
        fieldErrors?: Record<string, string[]>;
        formErrors?: string[];
        hideFields?: string[];
      }): SubmissionResult<string[]>;
    },
    r: { code: string; field?: string; seconds?: number },
    hideFields: string[],
  ) =>
    signedOut(r) ?? {
      intent,
      result: submission.reply(
        r.field ? { fieldErrors: { [r.field]: [r.code] }, hideFields } : { formErrors: [r.code], hideFields },
      ),
      wait: r.seconds,
    };

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") return { intent, result: submission.reply() };
    const r = await app.services.profile.updateProfile(app.scope, { accountId, ...submission.value });
    if (!r.ok)
      return {
        intent,
        result: submission.reply(r.field ? { fieldErrors: { [r.field]: [r.code] } } : { formErrors: [r.code] }),
      };
    return { intent, done: "account.settings.profileUpdated", result: submission.reply() };
  }

  if (intent === "email") {
    const hideCurrent = { hideFields: ["current"] };
    const submission = parseWithZod(formData, { schema: emailChangeSchema });
    if (submission.status !== "success") return { intent, result: submission.reply(hideCurrent) };
    const wait = await app.limitAuthAttempt();
    if (wait !== null)
      return { intent, result: submission.reply({ formErrors: ["auth.errors.rateLimited"], ...hideCurrent }), wait };
    const r = await app.services.emailChange.requestEmailChange(app.scope, {
      accountId,
      email: submission.value.email,
      password: submission.value.current,
      ...asker,
    });
    if (!r.ok) return refused(submission, r, hideCurrent.hideFields);
    return {
      intent,
      done: "account.settings.emailSent",
      email: r.value.email,
      /** The mail server was still busy at the time-out: the link may arrive late. */
      late: r.value.delivery === "late",
      result: submission.reply({ resetForm: true }),
    };
  }

  if (intent === "interests") {
    const submission = parseWithZod(formData, { schema: interestsSchema });
    if (submission.status !== "success") return { intent, result: submission.reply() };
    const r = await app.services.interests.updateInterests(app.scope, {
      accountId,
      tagIds: submission.value.tagIds,
    });
    if (!r.ok) return { intent, result: submission.reply({ formErrors: [r.code] }) };
    return { intent, done: "account.interests.saved", result: submission.reply() };
  }

  const hide = { hideFields: ["current", "password", "confirm"] };
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: passwordUpdateSchema });
    if (submission.status !== "success") return { intent, result: submission.reply(hide) };
    const wait = await app.limitAuthAttempt();
    if (wait !== null)
      return { intent, result: submission.reply({ formErrors: ["auth.errors.rateLimited"], ...hide }), wait };
    const r = await app.services.profile.changePassword(app.scope, {
      accountId,
      ...asker,
      current: submission.value.current,
      password: submission.value.password,
    });
    if (!r.ok) return refused(submission, r, hide.hideFields);
    return { intent, done: "account.settings.passwordUpdated", result: submission.reply({ resetForm: true }) };
  }

  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  if (submission.status !== "success") return { intent, result: submission.reply({ hideFields: ["password"] }) };
  const wait = await app.limitAuthAttempt();
  if (wait !== null)
    return {
      intent,
      result: submission.reply({ formErrors: ["auth.errors.rateLimited"], hideFields: ["password"] }),
      wait,
    };
  const r = await app.services.profile.deleteAccount(app.scope, {
    accountId,
    password: submission.value.password,
    ...asker,
  });
  if (!r.ok) return refused(submission, r, ["password"]);
  const headers = new Headers();
  for (const cookie of app.endSession()) headers.append("Set-Cookie", cookie);
  return redirect(`${localePath(locale, "/signup")}?deleted=1`, { headers });
}

/** The server half of the account settings' list of sessions (issue 19, item 4): its loader data and its action. */

export type SessionsAnswer = {
  intent: "sessions";
  /** Translation key of the notice: done (success) or the error. */
  notice: string;
  ok: boolean;
  count?: number;
  /** Never set: the other settings forms' answers carry Conform's result, these do not. */
  result?: undefined;
};

/** The viewer's sessions as the page shows them (dates as ISO strings). */
export async function sessionsOf(app: AppLoadContext) {
  const viewer = app.request.viewer;
  if (!viewer) return [];
  const list = await app.services.sessions.listSessions(app.scope, {
    accountId: viewer.account.id,
    sessionId: viewer.sessionId,
  });
  return list.map((s) => ({
    ...s,
    signedInAt: s.signedInAt.toISOString(),
    lastActiveAt: s.lastActiveAt.toISOString(),
  }));
}

/** "Sign out" of one session or of all the others: one schema, one service call, a notice. */
export async function sessionsAction(app: AppLoadContext, formData: FormData): Promise<SessionsAnswer> {
  const viewer = app.request.viewer;
  if (!viewer) throw new Response(null, { status: 401 });
  const parsed = endSessionsSchema.safeParse({ intent: formData.get("intent"), end: formData.get("end") });
  if (!parsed.success) return { intent: "sessions", ok: false, notice: "account.sessions.errors.notFound" };
  const ctx = app.scope;
  const who = { accountId: viewer.account.id, sessionId: viewer.sessionId };
  if (parsed.data.end === "others") {
    const r = await app.services.sessions.revokeOtherSessions(ctx, who);
    return r.ok
      ? { intent: "sessions", ok: true, notice: "account.sessions.endedOthers", count: r.value.ended }
      : { intent: "sessions", ok: false, notice: r.code };
  }
  const r = await app.services.sessions.revokeSession(ctx, { ...who, target: parsed.data.end });
  return r.ok
    ? { intent: "sessions", ok: true, notice: "account.sessions.ended" }
    : { intent: "sessions", ok: false, notice: r.code };
}
