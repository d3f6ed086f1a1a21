import type { AppLoadContext } from "#app/context.ts";
import type { Locale } from "#config/constants.ts";
import { endSessionsSchema } from "#modules/auth/session-schemas.ts";

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
export async function sessionsOf(app: AppLoadContext, locale: Locale) {
  const viewer = app.request.viewer;
  if (!viewer) return [];
  const list = await app.services.sessions.listSessions(app.serviceContext(locale), {
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
export async function sessionsAction(app: AppLoadContext, locale: Locale, formData: FormData): Promise<SessionsAnswer> {
  const viewer = app.request.viewer;
  if (!viewer) throw new Response(null, { status: 401 });
  const parsed = endSessionsSchema.safeParse({ intent: formData.get("intent"), end: formData.get("end") });
  if (!parsed.success) return { intent: "sessions", ok: false, notice: "account.sessions.errors.notFound" };
  const ctx = app.serviceContext(locale);
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
