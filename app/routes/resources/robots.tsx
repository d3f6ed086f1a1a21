import { appContext } from "#app/context.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/robots";

/** Route policy (server/route-policy.ts): a document that is the same for everyone: no session looked at. */
export const handle: PolicyHandle = { policy: { session: false } };

export function loader({ context }: Route.LoaderArgs) {
  const { origin } = context.get(appContext);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /files/download/",
    "Disallow: /graphql",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
