/**
 * house/error-response-schema: every 4xx/5xx (and `default`) response of every
 * operation has a JSON body whose schema is the shared Error schema, by $ref.
 *
 * Options: `schema` - the component name of the error schema (default `Error`);
 * `mediaType` - the media type every error body must offer (default `application/json`).
 * Responses are checked where operations use them, so a shared
 * `components/responses` entry is checked through every operation that refers to it.
 */
const ERROR_STATUS = /^([45](\d\d|XX)|default)$/i;

import { inCallback } from "../rule-helpers.js";

export default function ErrorResponseSchema(options = {}) {
  const schemaName = options.schema ?? "Error";
  const mediaTypeName = options.mediaType ?? "application/json";
  const expectedRef = `#/components/schemas/${schemaName}`;
  /** The resolved Error schema node of the root document, when it exists. */
  let errorSchema;

  return {
    Root: {
      enter(root, { resolve }) {
        const raw = root?.components?.schemas?.[schemaName];
        errorSchema = raw === undefined ? undefined : resolve(raw).node;
      },
    },
    Operation: {
      enter(operation, { report, location, resolve }) {
        if (inCallback(location)) return; // the API calls the client there
        const responses = operation?.responses;
        if (!isObject(responses)) return;
        const name = operation.operationId ?? location.pointer;
        for (const [status, rawResponse] of Object.entries(responses)) {
          if (!ERROR_STATUS.test(status)) continue;
          const at = location.child(["responses", status]);
          const response = resolve(rawResponse).node;
          const content = isObject(response) ? response.content : undefined;
          if (!isObject(content) || !isObject(content[mediaTypeName])) {
            report({
              message: `Response ${status} of \`${name}\` must have a \`${mediaTypeName}\` body with the \`${schemaName}\` schema.`,
              location: at,
            });
            continue;
          }
          for (const [mediaType, media] of Object.entries(content)) {
            const rawSchema = isObject(media) ? media.schema : undefined;
            if (!isErrorSchema(rawSchema, resolve)) {
              report({
                message: `Response ${status} (${mediaType}) of \`${name}\` must use \`$ref: '${expectedRef}'\` as its schema.`,
                location: at,
              });
            }
          }
        }
      },
    },
  };

  function isErrorSchema(rawSchema, resolve) {
    if (!isObject(rawSchema) || typeof rawSchema.$ref !== "string") return false;
    if (rawSchema.$ref === expectedRef) return true;
    // A $ref through another file or alias still counts when it lands on the same schema.
    return errorSchema !== undefined && resolve(rawSchema).node === errorSchema;
  }
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
