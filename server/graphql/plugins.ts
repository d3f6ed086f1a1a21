import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import type { Plugin } from "graphql-yoga";
import { GRAPHQL } from "#config/constants.ts";
import { isDatabaseUnavailable } from "#db/client.server.ts";
import type { GraphqlContext } from "./context.ts";
import { operationCost, rootFieldsRule } from "./cost.ts";
import { depthLimitRule } from "./depth-limit.ts";
import { unavailable } from "./errors.ts";

/** Depth and root-field limits for every operation; no introspection in production. */
export function validationPlugin(production: boolean): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(depthLimitRule(GRAPHQL.maxDepth));
      addValidationRule(rootFieldsRule(GRAPHQL.maxRootFields));
      if (production) addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * Every operation pays its cost (searches more than lookups) from the client's budget; a database
 * outage, in the budget or in a resolver, answers 503 in the request's language.
 */
export const budgetPlugin: Plugin<GraphqlContext> = {
  async onExecute({ args, setResultAndStopExecution }) {
    const ctx = args.contextValue;
    let wait: number | null;
    try {
      wait = await ctx.takeCost(
        operationCost(
          args.schema,
          args.document,
          args.operationName,
          args.variableValues as Record<string, unknown> | null | undefined,
        ),
      );
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // The budget lives in the database: while it is down, say so (503), like every other answer.
      setResultAndStopExecution({ errors: [unavailable(ctx.t("common.errors.unavailable"))] });
      return;
    }
    if (wait === null)
      return {
        // A database outage in a resolver says so in the request's language (503, Retry-After).
        onExecuteDone({ result, setResult }) {
          if (!("errors" in result) || !result.errors?.length) return;
          if (!result.errors.some((e) => isDatabaseUnavailable(e.originalError))) return;
          setResult({
            ...result,
            errors: result.errors.map((e) =>
              isDatabaseUnavailable(e.originalError) ? unavailable(ctx.t("common.errors.unavailable")) : e,
            ),
          });
        },
      };
    setResultAndStopExecution({
      errors: [
        new GraphQLError(ctx.t("common.errors.rateLimited", { seconds: wait }), {
          extensions: { code: "RATE_LIMITED", http: { status: 429, headers: { "Retry-After": String(wait) } } },
        }),
      ],
    });
  },
};
