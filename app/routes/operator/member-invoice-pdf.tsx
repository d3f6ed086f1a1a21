import { appContext } from "#app/context.ts";
import { serverT } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/member-invoice-pdf";

/**
 * An account's invoice as a PDF for the desk, in the invoice's language: the member's own PDF
 * (billing's getOwnInvoice and renderInvoicePdf, the same document the member downloads). Under the
 * operator layout, so its guard (requireOperator) answers everyone else with the 404 page; an invoice of
 * another account than the one in the address is not found either.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const gone = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0;
  if (!app.scope.viewer?.account || id < 1 || id > 2_147_483_647) return gone();
  const invoice = await app.services.billing.getOwnInvoice(app.scope, { accountId: id, number: params.number });
  if (!invoice) return gone();
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
