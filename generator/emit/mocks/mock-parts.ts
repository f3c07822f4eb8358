/**
 * The key of each operation's part of mocks.ts (its mocked responses: emit-mocks.ts): what
 * drawing and checking its data reads. That is the part of the operation it is given
 * ({@link mockedOperationInput}: its responses, with their schemas, examples and headers, its
 * deprecation, its names; not its parameters nor its request body, so an edit of those reuses
 * it), the OpenAPI version (the checks' JSON Schema dialect), and
 * the schemas its schemas reach through `$ref`s and discriminator mappings at any depth, the
 * component schemas and the model's other `$ref` targets alike: per node, a hash of everything it
 * reaches (component-order.ts's {@link closureHashes}). A `$ref` the graph cannot follow makes
 * the part read every schema (never fewer than it reads).
 */
import { createHash } from "node:crypto";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { closureHashes, componentGraph, escape } from "../validators/component-order.js";

/** What an operation's mocks read of it: the part is made from this alone, so its key covers it. */
export type MockedOperationInput = Pick<
  OperationModel,
  "name" | "operationId" | "deprecation" | "responses"
>;

export function mockedOperationInput(operation: OperationModel): MockedOperationInput {
  const { name, operationId, deprecation, responses } = operation;
  return { name, operationId, deprecation, responses };
}

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
    const input = mockedOperationInput(operation);
    const reached = new Set<string>();
    for (const ref of graph.refsOf(input)) reached.add(closure.of(ref) ?? everything());
    return `${fixed}\n${JSON.stringify(input)}\n${[...reached].sort().join("\n")}`;
  };
}
