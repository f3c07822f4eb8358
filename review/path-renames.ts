/**
 * A path-template variable renamed (`/pets/{petId}` → `/pets/{id}`) is the same operation: the
 * URLs on the wire do not change, so it is not "removed, clients get 404" plus "new operation".
 * It is matched by method and path shape, and reported as one breaking change for what it does
 * break: generated clients name path parameters (`path: { petId }`), so their calls stop
 * compiling. The parameter rows the rename implies (`path.petId` removed, `path.id` added) are
 * folded into that row.
 */
import type { OperationInfo } from "./operations.js";
import { ChangeSink, type RawChange } from "./raw-change.js";

/** `GET /pets/{}`: the key with its template variables blanked. */
function shapeOf(info: OperationInfo): string {
  return `${info.method} ${info.path.replace(/\{[^}]*\}/g, "{}")}`;
}

/** The operation of `others` with the same method and path shape, not in `own` (a rename), if one. */
export function renamedTemplateMatch(
  operation: OperationInfo,
  others: ReadonlyMap<string, OperationInfo>,
  own: ReadonlyMap<string, OperationInfo>,
): OperationInfo | undefined {
  const shape = shapeOf(operation);
  const matches = [...others.values()].filter(
    (other) => !own.has(other.key) && shapeOf(other) === shape,
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/** The renamed variables, `[old, new]`, in path order. */
function renamedVariables(basePath: string, headPath: string): [string, string][] {
  const names = (path: string) => [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? "");
  const [before, after] = [names(basePath), names(headPath)];
  return before.flatMap((name, index): [string, string][] =>
    after[index] !== undefined && after[index] !== name ? [[name, after[index]]] : [],
  );
}

/** `changes` of the matched operation, with the rename row and its implied parameter rows folded. */
export function foldPathRenames(
  changes: readonly RawChange[],
  base: OperationInfo,
  head: OperationInfo,
): RawChange[] {
  const renames = renamedVariables(base.path, head.path);
  const implied = new Set(renames.flatMap(([from, to]) => [`path.${from}`, `path.${to}`]));
  const kept = changes.filter(
    (change) =>
      !(
        change.location === base.key &&
        implied.has(change.field) &&
        /(^|\.)(parameter-removed|required-parameter-added)$/.test(change.rule)
      ),
  );
  const out: RawChange[] = [];
  const sink = new ChangeSink({ side: "request", location: base.key, path: "" }, out);
  for (const [from, to] of renames) {
    sink
      .at(`path.${from}`)
      .breaking(
        "path-parameter-renamed",
        `path parameter {${from}} renamed to {${to}} (now ${head.key}): the URLs are the same on the wire, but generated clients name it (\`path: { ${from} }\`), so their calls no longer compile`,
        { before: from, after: to },
      );
  }
  return [...out, ...kept];
}
