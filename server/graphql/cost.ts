import {
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLSchema,
  getArgumentValues,
  getVariableValues,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  type ValidationContext,
  type VariableValues,
} from "graphql";

/** The root fields of a selection, aliases counted each time and fragments expanded. */
function rootFields(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): FieldNode[] {
  const out: FieldNode[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel);
    else if (sel.kind === Kind.INLINE_FRAGMENT) out.push(...rootFields(sel.selectionSet, fragments, seen));
    else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
      const frag = fragments.get(sel.name.value);
      if (frag) out.push(...rootFields(frag.selectionSet, fragments, new Set([...seen, sel.name.value])));
    }
  }
  return out;
}

function fragmentsOf(document: DocumentNode) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  return fragments;
}

/** Refuses operations with more than `max` root fields: aliases cannot multiply a search. */
export function rootFieldsRule(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    return {
      OperationDefinition(node) {
        const n = rootFields(node.selectionSet, fragments).length;
        if (n > max)
          context.reportError(
            new GraphQLError(`Too many fields in one request (${n}; at most ${max}).`, { nodes: [node] }),
          );
      },
    };
  };
}

/** A field's cost as the schema declares it (builder.ts): a number, or the `field` part of { field, multiplier }. */
type Complexity = number | { field?: number; multiplier?: number };
type ComplexityOption = Complexity | ((args: Record<string, unknown>, ctx: object, field: unknown) => Complexity);

/** A root field's own cost, its arguments applied (a field without one, such as __typename, costs 1). */
function ownCost(
  field: GraphQLField<unknown, unknown> | undefined,
  node: FieldNode,
  variables: VariableValues | undefined,
): number {
  const option = field?.extensions?.complexity as ComplexityOption | undefined;
  let cost: Complexity | undefined;
  if (field && typeof option === "function") {
    let args: Record<string, unknown> = {};
    try {
      args = getArgumentValues(field, node, variables);
    } catch {
      // Arguments that do not coerce fail the execution itself; the field's price does not depend on them.
    }
    cost = option(args, {}, field);
  } else if (typeof option !== "function") cost = option;
  if (typeof cost === "number") return cost;
  return cost?.field ?? 1;
}

/**
 * What the operation that runs takes from the caller's budget: each root field (aliases counted each
 * time, fragments expanded) at its own cost in the schema, the one cost model, without its selections'.
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  rawVariables?: Record<string, unknown> | null,
): number {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  const root = op && schema.getRootType(op.operation);
  if (!op || !root) return 1;
  const { variableValues } = getVariableValues(schema, op.variableDefinitions ?? [], rawVariables ?? {});
  const fields = root.getFields();
  return rootFields(op.selectionSet, fragmentsOf(document)).reduce(
    (sum, node) => sum + ownCost(fields[node.name.value], node, variableValues),
    0,
  );
}

/** Root fields whose answer is the same for every caller: a GET of only these may be cached a minute. */
const SHARED_FIELDS = new Set(["searchAutocompletions", "searchAutocompleteTemplates", "mainPageSearchMenu"]);

/**
 * Whether a GET query (its `query` text) asks only for shared answers. Anything that does not parse, a
 * mutation, a `__typename` at the root or any other field (Me, allowance) makes it personal.
 */
export function isSharedQuery(query: string | undefined): boolean {
  if (!query || query.length > 2_000) return false;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return false;
  }
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (ops.length !== 1 || ops[0].operation !== "query") return false;
  const fields = rootFields(ops[0].selectionSet, fragmentsOf(document));
  return fields.length > 0 && fields.every((f) => SHARED_FIELDS.has(f.name.value));
}
