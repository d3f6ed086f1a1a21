import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import { GRAPHQL } from "#config/constants.ts";
import type { GraphqlContext } from "./context.ts";

/**
 * The one builder of the schema. Each field's `complexity` is its cost, the one cost model: the whole
 * operation must stay under GRAPHQL.maxComplexity, and its root fields' own costs are what the operation
 * takes from the caller's budget (cost.ts). A field without one costs 1.
 */
export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
}>({
  plugins: [ComplexityPlugin],
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 1,
    limit: { complexity: GRAPHQL.maxComplexity, depth: GRAPHQL.maxDepth, breadth: 100 },
  },
});

/** The builder's schema types, for field builders handed between files. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
/** Builds a field of Query (each area exports its root fields; index.ts lists them in order). */
export type QueryFields = PothosSchemaTypes.QueryFieldBuilder<Types, Types["Root"]>;
/** Builds a field of Mutation. */
export type MutationFields = PothosSchemaTypes.MutationFieldBuilder<Types, Types["Root"]>;
/** Builds a field of an object type whose values have the shape `Shape`. */
export type ObjectFields<Shape> = PothosSchemaTypes.ObjectFieldBuilder<Types, Shape>;

builder.scalarType("JSON", { serialize: (v) => v, parseValue: (v) => v });

export const OrderDirection = builder.enumType("OrderDirection", { values: ["asc", "desc"] as const });
