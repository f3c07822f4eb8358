/**
 * The key of each operation's part of mocks.ts (its mocked responses: emit-mocks.ts): what
 * drawing and checking its data reads. That is the part of the operation it is given
 * ({@link mockedOperationInput}: its responses, with their schemas, examples and headers, its
 * deprecation, its names; not its parameters nor its request body, so an edit of those reuses
 * it), the OpenAPI version (the checks' JSON Schema dialect), and
 * the schemas its schemas reach through `$ref`s and discriminator mappings at any depth, the
 * component schemas and the model's other `$ref` targets alike (model/schema-reach.ts's
 * fingerprint, as the other emitters' parts; a `$ref` it cannot follow stays in the key as text).
 */
import { SchemaReach } from "../../model/schema-reach.js";
import type { ApiModel, OperationModel } from "../../model/types.js";

/** What an operation's mocks read of it: the part is made from this alone, so its key covers it. */
export type MockedOperationInput = Pick<
  OperationModel,
  "name" | "operationId" | "deprecation" | "responses"
>;

export function mockedOperationInput(operation: OperationModel): MockedOperationInput {
  const { name, operationId, deprecation, responses } = operation;
  return { name, operationId, deprecation, responses };
}

/**
 * The key of each operation's part; `reach` over the model without prose (the run's instance, whose
 * hashes the other emitters' parts have made already: neither a description nor a summary is
 * drawn), else one over `model`.
 */
export function mockPartKeys(
  model: ApiModel,
  reach: SchemaReach = new SchemaReach(model),
): (operation: OperationModel) => string {
  const version = JSON.stringify(model.openapiVersion);
  return (operation) => {
    const input = mockedOperationInput(operation);
    return `${version}\n${JSON.stringify(input)}\n${reach.fingerprint([input])}`;
  };
}
