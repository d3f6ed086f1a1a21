import { RouteErrorBoundary } from "#app/components/error-view.tsx";
import { notFound } from "#app/lib/route.server.ts";
import { errorMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/not-found";

/** Any address no other route claims. */
export async function loader({}: Route.LoaderArgs) {
  notFound("page");
}

export const meta: Route.MetaFunction = ({ matches, error }) => errorMeta(matches, error);

export default function NotFound() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
