import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { I18nProvider } from "#app/components/i18n.tsx";
import { appContext } from "#app/context.ts";
import { reloadOnceForChunkError } from "#app/lib/chunk-reload.ts";
import { BRAND, UI } from "#config/browser.ts";
import { createT, localeFromPath, localePath, type MessageRef, registeredMessages } from "#modules/shared/i18n.ts";
import { messageSet } from "#modules/shared/messages.server.ts";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";

export type NavTag = { id: number; slug: string; type: string; iconName: string | null; name: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const locale = localeFromPath(new URL(request.url).pathname);
  const ctx = app.scope;
  const nav = await app.services.catalog.listNavigationTags(ctx);
  const account = app.scope.viewer?.account;
  // Usually read with the session itself (no statement of its own).
  const header = account ? await app.services.downloads.getMemberHeader(ctx, account, app.scope.viewer?.facts) : null;
  const allowance = header?.allowance ?? null;
  return {
    viewer: account
      ? {
          name: account.name,
          username: account.username,
          plan: account.plan,
          downloads: allowance ? { used: allowance.used, limit: allowance.limit } : null,
          needsInterests: !header?.hasInterests,
          avatarUrl: account.avatarUrl,
          role: account.role,
        }
      : null,
    locale,
    origin: app.origin,
    nonce: app.nonce,
    // What every page's chrome, cards and dialogs use; an area's own pages add the rest (MoreMessages).
    messages: messageSet(locale, !header ? "root" : header.hasInterests ? "member" : "memberInterests"),
    nav: nav.list.map((t) => ({ id: t.id, slug: t.slug, type: t.type, iconName: t.iconName, name: t.content.tabName })),
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** Root data is per locale: re-read it only when the locale of the URL changes. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname)) return true;
  // An explicit revalidation (after the interests are saved) re-reads it too.
  if (currentUrl.href === nextUrl.href && formMethod === undefined) return defaultShouldRevalidate;
  return formMethod !== undefined && defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const locale = data?.locale ?? "en";
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        {/* A stylesheet with a precedence is sent first in the head, before the module preloads (React's order). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
        <MessageLinks />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

/** The page's sets of words, fetched beside its scripts; entry.client waits for them before hydrating. */
function MessageLinks() {
  const hrefs = useMatches()
    .map((m) => (m.loaderData as { messages?: MessageRef } | undefined)?.messages?.href)
    .filter((href): href is string => typeof href === "string");
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} data-messages="" />
      ))}
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useSessionKeepAlive(Boolean(loaderData.viewer));
  return (
    <I18nProvider locale={loaderData.locale} messages={loaderData.messages}>
      <Outlet />
    </I18nProvider>
  );
}

/**
 * While signed in, ask who we are every few minutes (SPEC §4): the session stays fresh and an ended
 * one is noticed. Polling stops at the first failure and on log-out.
 */
function useSessionKeepAlive(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stop = () => timer && clearInterval(timer);
    timer = setInterval(async () => {
      try {
        const res = await fetch("/graphql", {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ query: "query Me { me { id } }" }),
        });
        const body = res.ok ? ((await res.json()) as { data?: { me: { id: number } | null } }) : null;
        if (!body?.data?.me) stop();
      } catch (error) {
        console.warn("session keep-alive stopped", error);
        stop();
      }
    }, UI.sessionPollMs);
    return stop;
  }, [signedIn]);
}

/** Last resort: rendering the page's own error view failed. Plain markup, a way home. */
export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<RootData>("root");
  const locale = data?.locale ?? (typeof window !== "undefined" ? localeFromPath(window.location.pathname) : "en");
  const t = createT(locale, registeredMessages(data?.messages) ?? {});
  useEffect(() => {
    console.error(error);
    reloadOnceForChunkError(error);
  }, [error]);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = data
    ? t(notFound ? "common.errors.notFoundTitle" : "common.errors.serverTitle")
    : notFound
      ? "This page could not be found"
      : "Something went wrong";
  const home = localePath(locale, "/");
  return (
    <main className="fallback-page">
      <p className="fallback-brand">{BRAND.name}</p>
      <h1 className="text-3xl font-bold">{title}</h1>
      <a className="btn-primary" href={home}>
        {data ? t("common.errors.goHome") : "Go to the home page"}
      </a>
    </main>
  );
}
