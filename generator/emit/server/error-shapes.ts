/**
 * How the server runtime fills the error responses a spec declares (templates/server/core/error-format.ts):
 * a 4xx/5xx/`default` response with a JSON (or problem+json) object schema whose required
 * properties all map to something the runtime knows gets an {@link ErrorShape}:
 * - integer `status`/`statusCode`/`code`/`httpStatus` → the status;
 * - text `code`/`error`/`type`/`errorCode`/`reason`/`kind` → the runtime's code (`type` is the
 *   problem type, `about:blank`, in problem details: problem+json, or both `title` and `detail`);
 * - text `message`/`msg`/`detail`/`description`/`errorMessage`/`error_description` → the message;
 *   `title` → the status's reason phrase;
 * - an object `error`/`err`/`fault` → the same, nested (OpenAI's and Stripe's `{ error: {...} }`);
 * - any other required property that may be null → null (OpenAI's `param`).
 * The API's usual error format is the shaped error response its operations declare most often.
 */
import type { ErrorShape } from "../../../templates/server/core/descriptor.js";
import { isObject } from "../../model/resolve-ref.js";
import { resolveSchemaObject, type SchemaRefs } from "../../schema/schema-refs.js";
import type { ApiModel, MediaModel, ResponseModel } from "../../model/types.js";
import { isJsonMediaType, jsonMedia, validatorName } from "../validators/validator-names.js";

const STATUS_NAMES = new Set(["status", "statuscode", "httpstatus", "httpstatuscode", "code"]);
const CODE_NAMES = new Set([
  "code",
  "error",
  "type",
  "errorcode",
  "errcode",
  "errortype",
  "reason",
  "kind",
]);
const MESSAGE_NAMES = new Set([
  "message",
  "msg",
  "detail",
  "details",
  "description",
  "errormessage",
  "errordescription",
]);
const NESTED_NAMES = new Set(["error", "err", "fault"]);

/** Whether a response status is one the runtime's errors can have. */
export function isErrorStatus(status: string): boolean {
  return /^[45]([0-9]{2}|XX)$/i.test(status) || status === "default";
}

function typesOf(schema: Record<string, unknown> | undefined): string[] {
  if (schema === undefined) return [];
  const type = schema.type;
  if (Array.isArray(type))
    return type.filter((entry): entry is string => typeof entry === "string");
  if (typeof type === "string") return [type];
  return isObject(schema.properties) ? ["object"] : [];
}

function objectSchema(
  refs: SchemaRefs,
  raw: unknown,
): { properties: Record<string, unknown>; required: string[] } | undefined {
  const schema = resolveSchemaObject(refs, raw);
  if (schema === undefined) return undefined;
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const part of [
    schema,
    ...(Array.isArray(schema.allOf)
      ? schema.allOf.map((sub) => resolveSchemaObject(refs, sub))
      : []),
  ]) {
    if (part === undefined) continue;
    if (isObject(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required))
      required.push(...part.required.filter((name): name is string => typeof name === "string"));
  }
  return Object.keys(properties).length === 0 ? undefined : { properties, required };
}

/** The shape of an error body schema, or undefined when the runtime cannot fill it. */
export function errorShapeOf(
  refs: SchemaRefs,
  raw: unknown,
  problem: boolean,
  depth = 0,
): ErrorShape | undefined {
  if (depth > 3) return undefined;
  let object;
  try {
    object = objectSchema(refs, raw);
  } catch {
    return undefined;
  }
  if (object === undefined) return undefined;
  const problemLike = problem || ("title" in object.properties && "detail" in object.properties);
  const shape: Record<string, ErrorShape[string]> = {};
  for (const [name, sub] of Object.entries(object.properties)) {
    const key = name.toLowerCase().replace(/[-_]/g, "");
    let resolved: Record<string, unknown> | undefined;
    try {
      resolved = resolveSchemaObject(refs, sub);
    } catch {
      continue;
    }
    const types = typesOf(resolved);
    const text = types.length === 0 || types.includes("string");
    if ((types.includes("integer") || types.includes("number")) && STATUS_NAMES.has(key))
      shape[name] = "status";
    else if (text && problemLike && key === "type") shape[name] = "type";
    else if (text && key === "title") shape[name] = "title";
    else if (text && CODE_NAMES.has(key)) shape[name] = "code";
    else if (text && MESSAGE_NAMES.has(key)) shape[name] = "message";
    else if (types.includes("object") && NESTED_NAMES.has(key)) {
      const nested = errorShapeOf(refs, sub, false, depth + 1);
      if (nested !== undefined) shape[name] = nested;
    }
    if (
      !(name in shape) &&
      object.required.includes(name) &&
      (resolved?.nullable === true || types.includes("null"))
    )
      shape[name] = "null";
  }
  if (object.required.some((name) => !(name in shape))) return undefined;
  return Object.keys(shape).length === 0 ? undefined : shape;
}

/**
 * The error shapes of one model's responses, found once per schema a response's schema resolves
 * to: most operations declare the same error schema (each of Stripe's 457 operations a `$ref` to
 * `#/components/schemas/error`), which the server API asks about three times per response. The
 * emitter makes one per call, so what it remembers lives as long as that call's objects.
 */
export class ErrorShapes {
  /** By the schema object a response's schema resolves to: [JSON's shape, problem+json's]. */
  private readonly known = new WeakMap<object, [ErrorShape?, ErrorShape?]>();

  constructor(private readonly refs: SchemaRefs) {}

  /** The media type of an error response the runtime can fill (JSON, problem+json), with its shape. */
  ofResponse(response: ResponseModel): { media: MediaModel; shape: ErrorShape } | undefined {
    if (!isErrorStatus(response.status)) return undefined;
    const media =
      jsonMedia(response.contents) ??
      response.contents.find((entry) => isJsonMediaType(entry.mediaType));
    if (media === undefined || media.schema === undefined) return undefined;
    const problem = media.mediaType.toLowerCase().startsWith("application/problem+json");
    const shape = this.ofSchema(media.schema, problem);
    return shape === undefined ? undefined : { media, shape };
  }

  /** {@link errorShapeOf} of a response's schema (a shape is read only, so it is shared). */
  private ofSchema(schema: unknown, problem: boolean): ErrorShape | undefined {
    let target;
    try {
      target = resolveSchemaObject(this.refs, schema);
    } catch {
      return undefined; // (errorShapeOf's answer)
    }
    if (target === undefined) return errorShapeOf(this.refs, schema, problem);
    let known = this.known.get(target);
    if (known === undefined) this.known.set(target, (known = []));
    const at = problem ? 1 : 0;
    if (!(at in known)) known[at] = errorShapeOf(this.refs, target, problem);
    return known[at];
  }
}

/** The API's usual error response: the shaped one its operations declare most often. */
export function apiErrorFormat(
  model: ApiModel,
  shapes: ErrorShapes,
): { mediaType: string; shape: ErrorShape; validator: string } | undefined {
  const counts = new Map<
    string,
    { count: number; mediaType: string; shape: ErrorShape; validator: string }
  >();
  for (const operation of model.operations) {
    for (const response of operation.responses) {
      const found = shapes.ofResponse(response);
      if (found === undefined) continue;
      const key = JSON.stringify([found.media.mediaType, found.shape, found.media.schema]);
      const entry = counts.get(key) ?? {
        count: 0,
        mediaType: found.media.mediaType,
        shape: found.shape,
        validator: validatorName(operation, response.status),
      };
      entry.count += 1;
      counts.set(key, entry);
    }
  }
  let best: { count: number; mediaType: string; shape: ErrorShape; validator: string } | undefined;
  for (const entry of counts.values())
    if (best === undefined || entry.count > best.count) best = entry;
  return best;
}
