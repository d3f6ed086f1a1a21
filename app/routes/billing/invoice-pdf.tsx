import { appContext } from "#app/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/invoice-pdf";

/** Route policy (server/route-policy.ts): a member's invoice: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

/** An invoice of the viewer's own as a PDF, in the invoice's language; anyone else's is not found. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (!app.scope.viewer?.account)
    return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const ctx = app.scope;
  const invoice = await app.services.billing.getOwnInvoice(ctx, {
    accountId: app.scope.viewer?.account.id,
    number: params.number,
  });
  if (!invoice) return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const pdf = await app.services.billing.renderInvoicePdf(invoice, serverT(invoice.locale));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoice.number}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": "private, no-store",
      "Content-Language": invoice.locale,
    },
  });
}
