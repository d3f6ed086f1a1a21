import {
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

/** What a root field costs against the client's budget: searches cost what they do to the database. */
export const FIELD_COST: Record<string, number> = {
  searchAutocompletions: 5,
  /** Shares its lookup with searchAutocompletions in one request. */
  searchAutocompleteTemplates: 1,
  downloadAllowance: 1,
  mainPageSearchMenu: 10,
  tags: 2,
  categories: 2,
  me: 2,
  subscribe: 10,
  changePlan: 10,
  updatePaymentMethod: 10,
};

/** The root fields of a selection, aliases counted each time and fragments expanded. */
function rootFields(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  seen = new Set<string>(),
): string[] {
  const out: string[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel.name.value);
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

/** The cost of the operation that runs: its root fields, each at its price. */
export function operationCost(document: DocumentNode, operationName?: string | null): number {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  if (!op) return 1;
  return rootFields(op.selectionSet, fragmentsOf(document)).reduce((sum, f) => sum + (FIELD_COST[f] ?? 1), 0);
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
  return fields.length > 0 && fields.every((f) => SHARED_FIELDS.has(f));
}
