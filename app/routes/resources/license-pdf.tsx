import { appContext } from "#app/context.ts";
import { localeFromPath, stripLocale } from "#modules/shared/i18n.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/license-pdf";

/** Route policy (server/route-policy.ts): a document that is the same for everyone: no session looked at. */
export const handle: PolicyHandle = { policy: { session: false } };

/** The licence document as a PDF, in the language of the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const kind = stripLocale(url.pathname) === "/pdf-license-commercial" ? "commercial" : "personal";
  const pdf = await app.services.legal.licensePdf(kind, locale, app.origin);
  const name =
    locale === "es"
      ? `slidenest-licencia-${kind === "commercial" ? "comercial" : "personal"}.pdf`
      : `slidenest-${kind}-license.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${name}"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "public, max-age=3600, s-maxage=86400",
      "Content-Language": locale,
    },
  });
}
