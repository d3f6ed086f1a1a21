import { appContext } from "#app/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/certificate-pdf";

/** Route policy (server/route-policy.ts): a holder's own certificate: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" },
  });

/**
 * The certificate of a licence of the viewer's own as a PDF, in the address's language: a member's licence,
 * or a guest's when this browser's signed guest cookie is the one it was granted to. Anything else, another
 * holder's licence included, is not found (a code's existence is not revealed here).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { licences } = app.services;
  const account = app.scope.viewer?.account;
  const guestId = app.guestId(request);
  const licence =
    (account ? await licences.ownLicence(app.scope, { holder: { accountId: account.id }, code: params.code }) : null) ??
    (guestId ? await licences.ownLicence(app.scope, { holder: { guestId }, code: params.code }) : null);
  if (!licence) return notFound();
  const locale = app.scope.locale;
  const pdf = await licences.renderCertificatePdf(licence, { locale, origin: app.origin, t: serverT(locale) });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="slidenest-license-${licence.code}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "Content-Language": locale,
      "X-Robots-Tag": "noindex",
    },
  });
}
