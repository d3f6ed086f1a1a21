import { createYoga, maskError } from "graphql-yoga";
import { isDatabaseUnavailable } from "#db/client.server.ts";
import type { Logger } from "#modules/shared/context.ts";
import { builder } from "./builder.ts";
import { type ContextOptions, contextBuilder, type EdgeContext, type GraphqlContext } from "./context.ts";
import { UNAVAILABLE_MESSAGE, unavailable } from "./errors.ts";
import { budgetPlugin, validationPlugin } from "./plugins.ts";
import * as account from "./types/account.ts";
import * as billing from "./types/billing-mutations.ts";
import * as downloads from "./types/downloads.ts";
import * as languages from "./types/languages.ts";
import * as licences from "./types/licences.ts";
import * as search from "./types/search.ts";
import * as tags from "./types/tags.ts";

// The API's root fields, in the order the schema lists them; each is built in the file of its area.
builder.queryType({
  fields: (t) => ({
    tags: tags.tags(t),
    tag: tags.tag(t),
    categories: tags.categories(t),
    me: account.me(t),
    searchAutocompletions: search.searchAutocompletions(t),
    searchAutocompleteTemplates: search.searchAutocompleteTemplates(t),
    downloadAllowance: downloads.downloadAllowance(t),
    mainPageSearchMenu: search.mainPageSearchMenu(t),
    getDownloadsCount: downloads.getDownloadsCount(t),
    languages: languages.languages(t),
    licence: licences.licence(t),
  }),
});

builder.mutationType({
  fields: (t) => ({
    subscribe: billing.subscribe(t),
    changePlan: billing.changePlan(t),
    cancelSubscription: billing.cancelSubscription(t),
    renewSubscription: billing.renewSubscription(t),
    updatePaymentMethod: billing.updatePaymentMethod(t),
    updateAccountInterests: account.updateAccountInterests(t),
    updateMe: account.updateMe(t),
  }),
});

const schema = builder.toSchema();

/** The schema (the same object every time). */
export function buildSchema() {
  return schema;
}

export function createGraphqlHandler(
  opts: ContextOptions & {
    log: Logger;
    production: boolean;
    /** The site's own origin: the only one allowed to call with credentials from a browser. */
    origin: string;
  },
) {
  const yoga = createYoga<EdgeContext, GraphqlContext>({
    schema,
    graphqlEndpoint: "/graphql",
    cors: { origin: opts.origin, credentials: true, methods: ["GET", "POST"] },
    landingPage: false,
    // No file uploads here: multipart requests are refused instead of being buffered.
    multipart: false,
    graphiql: !opts.production,
    maskedErrors: {
      // A database outage during a resolver is a 503 with Retry-After, not "Unexpected error".
      maskError: (error, message, isDev) =>
        isDatabaseUnavailable((error as { originalError?: unknown }).originalError ?? error)
          ? unavailable(UNAVAILABLE_MESSAGE)
          : maskError(error, message, isDev),
    },
    plugins: [validationPlugin(opts.production), budgetPlugin],
    fetchAPI: { Request, Response, Headers, fetch, ReadableStream, FormData, Blob, File, URL, URLSearchParams },
    logging: {
      debug: () => {},
      info: () => {},
      warn: (...args: unknown[]) => opts.log.warn("graphql", { args: args.map(String) }),
      error: (...args: unknown[]) => opts.log.error("graphql", { args: args.map(String) }),
    },
    context: contextBuilder(opts),
  });
  return (req: Request, edge: EdgeContext = {}) => yoga.fetch(req, edge) as Promise<Response>;
}
