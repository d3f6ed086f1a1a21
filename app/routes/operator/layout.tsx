import { Outlet } from "react-router";
import { MoreMessages } from "#app/components/i18n.tsx";
import { OperatorChrome } from "#app/components/operator/operator-chrome.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { requireOperator } from "#app/middleware/require-operator.server.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { PolicyHandle } from "#server/load-context.ts";
import type { Route } from "./+types/layout";

/** Operators only, with their second factor on (requireOperator); 404 to everyone else. */
export const middleware: Route.MiddlewareFunction[] = [requireOperator()];

/** The operator area's own layout: the interests dialog never opens here. */
/** Route policy (server/route-policy.ts): the operator area, kept by no cache. */
export const handle: PolicyHandle & { interests: false } = { interests: false, policy: { cache: "personal" } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, locale } = pageContext(request, context);
  return { email: app.scope.viewer?.account?.email ?? "", messages: messageSet(locale, "operator") };
}

export default function OperatorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MoreMessages messages={loaderData.messages}>
      <OperatorChrome email={loaderData.email}>
        <Outlet />
      </OperatorChrome>
    </MoreMessages>
  );
}
