/**
 * Route keys (a path key's fragment: `/#Action=X`, templates/server/core/route-keys.ts) that the
 * document places where the server does not route by them: a key named only by a property of the
 * request body (AWS's query protocol may post `Action` in a urlencoded form). The server routes
 * before it reads a body, by the query or a declared header; the generated client puts the key in
 * the query as well, but a client that follows the document and sends it only in the body gets a
 * 404. `generate` warns naming the operation and the key.
 */
import { formFieldShape } from "./form-fields.js";
import { modelRefs } from "./resolve-ref.js";
import type { ApiModel } from "./types.js";

export function routeKeyWarnings(model: ApiModel): string[] {
  const read = modelRefs(model);
  const warnings: string[] = [];
  for (const operation of model.operations) {
    const hash = operation.path.indexOf("#");
    if (hash === -1) continue;
    const declared = new Set(
      [...operation.parameters.query, ...operation.parameters.header].map((p) =>
        p.name.toLowerCase(),
      ),
    );
    const bodyProperties = new Set(
      (operation.requestBody?.contents ?? []).flatMap((media) =>
        Object.keys(formFieldShape(read, media.schema).properties ?? {}),
      ),
    );
    for (const item of operation.path.slice(hash + 1).split("&")) {
      const name = item.split("=")[0] ?? "";
      if (name === "" || declared.has(name.toLowerCase()) || !bodyProperties.has(name)) continue;
      warnings.push(
        `routing: ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) is told apart by ${name}, which it declares only in its request body: the server routes by the query (where the generated client also sends it), so a client that sends ${name} only in the body gets a 404`,
      );
    }
  }
  return warnings;
}
