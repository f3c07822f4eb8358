/**
 * `--allow-undeclared-path-parameters`: a path template expression that no `in: path` parameter
 * declares makes a spec invalid OpenAPI, refused by default (model/check-path-template.ts). For
 * vendor specs that cannot be fixed, the option declares each missing one on the operation as a
 * required `string` path parameter, with a warning naming it, so every later stage (types, client,
 * server) sees a valid operation.
 */
import { METHODS } from "../model/build-model.js";
import { templateParameters } from "../model/check-path-template.js";
import { escapePointer, isObject, resolveObject } from "../model/resolve-ref.js";

export function declareMissingPathParameters(
  document: Record<string, unknown>,
  warnings: string[],
): void {
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveObject(document, rawItem);
    if (!item) continue;
    const expressions = templateParameters(path);
    if (expressions.length === 0) continue;
    for (const method of METHODS) {
      const operation = resolveObject(document, item[method]);
      if (!operation) continue;
      const declared = new Set<string>();
      for (const list of [item.parameters, operation.parameters]) {
        if (!Array.isArray(list)) continue;
        for (const raw of list) {
          const parameter = resolveObject(document, raw);
          if (parameter?.in === "path" && typeof parameter.name === "string")
            declared.add(parameter.name);
        }
      }
      const missing = expressions.filter((name) => !declared.has(name));
      if (missing.length === 0) continue;
      const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
      for (const name of missing)
        parameters.push({ name, in: "path", required: true, schema: { type: "string" } });
      operation.parameters = parameters;
      const list = missing.map((name) => `{${name}}`).join(", ");
      warnings.push(
        `#/paths/${escapePointer(path)}/${method}: ${list} declared by no parameter: read as a required string path parameter`,
      );
    }
  }
}
