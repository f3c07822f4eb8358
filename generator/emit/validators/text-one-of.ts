/**
 * `oneOf`s read from text (parameters, response headers). Coercion lets the text `42` fit both
 * branches of `oneOf: [integer, string]`, so the `oneOf` would refuse every number (Octokit's
 * `workflow_id`: an id, or the workflow's file name). Where each branch has one type of its own,
 * distinct from the others' (`integer` and `number` overlap, so they do not count), no JSON value
 * can match two branches, and `anyOf` says the same on JSON; for text, an `anyOf` whose branches
 * go from the most specific type to the least (boolean, integer, number, object, array, string,
 * null) gives the text to the first that reads it, with its coercion (the validators run with
 * `unevaluated: false` unless a schema uses `unevaluated*`, see emit-validators.ts), whatever the
 * spec's order: `42` is the integer 42, `main.yml` the string. The schema is rewritten that way,
 * only in the modules that coerce; bodies keep their `oneOf`.
 */

const SPECIFICITY = ["boolean", "integer", "number", "object", "array", "string", "null"];

/** The schema with every such `oneOf` turned into an `anyOf`; the same object when there is none. */
export function textOneOf<T>(schema: T): T {
  return rewrite(schema, 0) as T;
}

const MAX_DEPTH = 64;

function rewrite(value: unknown, depth: number): unknown {
  if (depth > MAX_DEPTH || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = rewrite(item, depth + 1);
      if (next !== item) (out ??= [...value])[index] = next;
    });
    return out ?? value;
  }
  const object = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(object)) {
    const next = rewrite(item, depth + 1);
    if (next !== item) (out ??= { ...object })[key] = next;
  }
  const result = out ?? object;
  if (!Array.isArray(result.oneOf) || result.anyOf !== undefined || !distinctTypes(result.oneOf)) return result;
  const { oneOf, ...rest } = result;
  return { ...rest, anyOf: [...(oneOf as unknown[])].sort((a, b) => rank(a) - rank(b)) };
}

function rank(branch: unknown): number {
  const index = SPECIFICITY.indexOf((branch as { type: string }).type);
  return index === -1 ? SPECIFICITY.length : index;
}

/** Whether every branch declares one type, and no two branches' types overlap. */
function distinctTypes(branches: readonly unknown[]): boolean {
  if (branches.length < 2) return false;
  const seen = new Set<string>();
  for (const branch of branches) {
    const type = typeof branch === "object" && branch !== null ? (branch as Record<string, unknown>).type : undefined;
    if (typeof type !== "string") return false;
    // an integer is a number: `[integer, number]` branches may both match
    const kind = type === "integer" ? "number" : type;
    if (seen.has(kind)) return false;
    seen.add(kind);
  }
  return true;
}
