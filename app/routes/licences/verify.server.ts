/**
 * The public licence check, server half: the code of the address checked against the licences (within
 * this client's budget of checks), or the form's `?code=` sent on to its address. Never the project label.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath } from "#app/lib/seo.ts";
import { formatLicenceCode, normaliseLicenceCode } from "#modules/licences/code.ts";
import type { PublicLicence } from "#modules/licences/service.ts";
import { localePath } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";

type LoaderArgs = {
  request: Request;
  params: { code?: string };
  context: Readonly<RouterContextProvider>;
};

export type CheckState =
  | { kind: "form" }
  | { kind: "valid"; licence: PublicLicence }
  | { kind: "invalid"; message: string }
  | { kind: "rateLimited"; message: string };

/** What was asked, as it may be shown again in the form: no control characters, no more than a code's length and some. */
function shown(input: string): string {
  return [...input.replace(/\p{Cc}+/gu, "")].slice(0, 64).join("").trim();
}

export async function verifyLoader({ request, params, context }: LoaderArgs) {
  const { app, ctx, t, url, origin, locale } = pageContext(request, context);
  const headers = new Headers({ "X-Robots-Tag": "noindex" });
  const base = localePath(locale, "/licence");
  let asked = params.code ?? null;

  // The form (GET): a code goes to its own address, written as people read it; anything else is answered here.
  const typed = url.searchParams.get("code");
  if (asked === null && typed !== null) {
    const code = normaliseLicenceCode(typed.trim());
    if (code) throw redirect(`${base}/${formatLicenceCode(code)}`, { headers });
    if (typed.trim() === "") throw redirect(base, { headers });
    asked = typed;
  }

  let state: CheckState = { kind: "form" };
  let status = 200;
  if (asked !== null) {
    const wait = await app.limitLicenceCheck();
    if (wait !== null) {
      headers.set("Retry-After", String(wait));
      state = { kind: "rateLimited", message: t("licences.errors.rateLimited", { seconds: wait }) };
      status = 429;
    } else {
      const result = await app.services.licences.checkLicence(ctx, asked);
      if (result.ok) state = { kind: "valid", licence: result.value };
      else {
        state = { kind: "invalid", message: t(result.code) };
        status = result.status ?? 404;
      }
    }
  }

  const code = state.kind === "valid" ? state.licence.code : null;
  const paths = samePath(code ? `/licence/${code}` : "/licence");
  return data(
    {
      messages: messageSet(locale, "licence"),
      state,
      asked: asked === null ? "" : shown(asked),
      seo: {
        origin,
        locale,
        title: pageTitle(code ? t("licences.verify.metaTitleCode", { code }) : t("licences.verify.metaTitle")),
        description: t("licences.verify.metaDescription"),
        paths,
        // Checked on request, never listed by search engines (one page per licence).
        noindex: true,
      },
    },
    { status, headers },
  );
}
