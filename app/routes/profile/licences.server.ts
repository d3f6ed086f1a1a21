/**
 * The member's licences (issue 22), server half: the Licences tab's page (newest first, a page at a time)
 * and the one action that names a licence's project, wherever its form is (the download panel, the
 * download history, this tab): a fetcher is answered in place; a plain form without scripts is sent back
 * to its page with `?licence=saved` or the reason it was refused. Only the member's own licences: another
 * account's code is as unknown as one that never existed.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { type LicenceNotice, licenceNoticeParam } from "#app/lib/licence-project.ts";
import { pageParam } from "#app/lib/list-params.ts";
import { pageContext } from "#app/lib/route.server.ts";
import { pageTitle, samePath } from "#app/lib/seo.ts";
import { memberOf } from "#app/middleware/require-member.server.ts";
import type { LicenceProjectAnswer } from "#app/routes/actions/answers.ts";
import { formFields, fromFetcher, refererPath } from "#app/routes/actions/form.server.ts";
import { LICENCES } from "#config/constants.ts";
import { localePath } from "#modules/shared/i18n.ts";

/**
 * The project label form of a licence (the download panel, the download history, the Licences tab): the
 * licence's code as shown and the label. The licences service trims it and enforces the length
 * (LICENCES.projectMax); this only bounds what is read and refuses the shapes a form never sends.
 */
const licenceProjectInput = z.object({
  code: z
    .string()
    .min(1)
    .max(LICENCES.codeLength * 3),
  project: z
    .string()
    .max(LICENCES.projectMax * 4, { error: "licences.errors.projectTooLong" })
    .default(""),
});

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function licencesLoader({ request, context }: Args) {
  const { app, ctx, url, locale, origin, t } = pageContext(request, context);
  const { account } = memberOf(context);
  const licences = await app.services.licences.listLicences(ctx, {
    accountId: account.id,
    page: pageParam(url.searchParams),
  });
  return {
    licences,
    notice: licenceNoticeParam(url.searchParams),
    seo: {
      origin,
      locale,
      title: pageTitle(t("account.licences.metaTitle")),
      description: t("account.licences.intro"),
      paths: samePath("/profile/licences"),
    },
  };
}

const BAD_REQUEST = "account.licences.errors.badRequest";

/** The plain form's page again, with the outcome (`?licence=`) and the licence's row in view. */
function backWith(path: string, origin: string, notice: LicenceNotice, code: string | null): string {
  const back = new URL(path, origin);
  back.searchParams.set("licence", notice);
  back.hash = code ? `licence-${code}` : "";
  return back.pathname + back.search + back.hash;
}

/** POST /profile/licences { code, project }: the project label of one of the member's licences. */
export async function licenceProjectAction({ request, context }: Args) {
  const { app, locale, t } = pageContext(request, context);
  const { account } = memberOf(context);
  const fetcher = fromFetcher(request);
  const back = refererPath(request, app.origin) ?? localePath(locale, "/profile/licences");
  const input = licenceProjectInput.safeParse(await formFields(request));
  const refuse = (status: 400 | 404, code: string, notice: LicenceNotice, field?: "project") => {
    if (fetcher)
      return data<LicenceProjectAnswer>(
        { ok: false, code, message: t(code, { max: LICENCES.projectMax }), ...(field ? { field } : {}) },
        { status },
      );
    return redirect(backWith(back, app.origin, notice, input.data?.code ?? null), 303);
  };
  if (!input.success) {
    const tooLong = input.error.issues.some((i) => i.message === "licences.errors.projectTooLong");
    return tooLong
      ? refuse(400, "licences.errors.projectTooLong", "projectTooLong", "project")
      : refuse(400, BAD_REQUEST, "badRequest");
  }
  const r = await app.services.licences.nameLicenceProject(app.scope, {
    accountId: account.id,
    code: input.data.code,
    project: input.data.project,
  });
  if (!r.ok)
    return r.code === "licences.errors.projectTooLong"
      ? refuse(400, r.code, "projectTooLong", "project")
      : refuse(404, r.code, "unknown");
  const done = r.value.project ? "saved" : "cleared";
  if (!fetcher) return redirect(backWith(back, app.origin, done, r.value.code), 303);
  return data<LicenceProjectAnswer>({
    ok: true,
    code: r.value.code,
    project: r.value.project,
    message: t(`account.licences.${done}`),
  });
}
