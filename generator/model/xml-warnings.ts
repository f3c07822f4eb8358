/**
 * XML bodies (`application/xml`, `text/xml`, `*+xml`) are read and written from their schema's
 * `xml` objects (xml-shapes.ts). What a schema asks that XML cannot honour (an object as an
 * attribute, a union of different types, a schema that refers back to itself) is warned about
 * once per operation, naming the body and the place in its schema.
 */
import type { ApiModel } from "./types.js";
import { xmlShapes } from "./xml-shapes.js";

export function xmlWarnings(model: ApiModel): string[] {
  const warnings: string[] = [];
  for (const operation of model.operations) {
    const found: string[] = [];
    const request = xmlShapes(operation.requestBody?.contents ?? []);
    for (const note of request?.notes ?? []) found.push(`request body: ${note}`);
    for (const response of operation.responses) {
      const shapes = xmlShapes(response.contents);
      for (const note of shapes?.notes ?? []) found.push(`${response.status} response: ${note}`);
    }
    if (found.length === 0) continue;
    warnings.push(
      `xml: ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}) has XML the schema cannot fully map: ${found.join("; ")}`,
    );
  }
  return warnings;
}
