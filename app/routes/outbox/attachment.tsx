import { appContext } from "#app/context.ts";
import { getOutboxAttachment } from "#modules/mail/mailer.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/attachment";

/** Route policy (server/route-policy.ts): someone's mail: kept by no cache. */
export const handle: PolicyHandle = { policy: { cache: "personal" } };

const notFound = () => new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

/**
 * A file an outbox mail carries (an invoice PDF), as the mail carried it: only where the outbox page
 * exists for this client (demo mode, no SMTP; DECISIONS: Operations).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (!app.outboxPage) return notFound();
  if (!/^\d{1,9}$/.test(params.id) || !/^\d{1,3}$/.test(params.n)) return notFound();
  const file = await getOutboxAttachment(app.scope.db, Number(params.id), Number(params.n));
  if (!file) return notFound();
  const name = file.filename.replace(/[^\w.-]/g, "_");
  return new Response(new Uint8Array(file.content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Content-Length": String(file.content.length),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
