/**
 * The key of each operation's part of mocks.ts (its mocked responses: emit-mocks.ts): what
 * drawing and checking its data reads. That is the operation itself (its schemas, examples,
 * headers, deprecation, pagination), the OpenAPI version (the checks' JSON Schema dialect), and
 * the schemas its schemas reach through `$ref`s and discriminator mappings at any depth, the
 * component schemas and the model's other `$ref` targets alike: per node, a hash of everything it
 * reaches (component-order.ts's {@link closureHashes}). A `$ref` the graph cannot follow makes
 * the part read every schema (never fewer than it reads).
 */
import { createHash } from "node:crypto";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { closureHashes, componentGraph, escape } from "../validators/component-order.js";

export function mockPartKeys(model: ApiModel): (operation: OperationModel) => string {
  const graph = componentGraph(
    "",
    model.schemas,
    (ref) => ref,
    (ref) => (Object.hasOwn(model.refTargets, ref) ? model.refTargets[ref] : undefined),
  );
  const roots = Object.keys(model.schemas).map((name) => ({
    $ref: `#/components/schemas/${escape(name)}`,
  }));
  const closure = closureHashes(graph, [roots, model.operations]);
  let whole: string | undefined;
  const everything = () =>
    (whole ??= createHash("sha256")
      .update(JSON.stringify([model.schemas, model.refTargets]))
      .digest("hex"));
  const fixed = JSON.stringify([model.openapiVersion, closure.unresolved ? everything() : ""]);
  return (operation) => {
    const reached = new Set<string>();
    for (const ref of graph.refsOf(operation)) reached.add(closure.of(ref) ?? everything());
    return `${fixed}\n${JSON.stringify(operation)}\n${[...reached].sort().join("\n")}`;
  };
}
