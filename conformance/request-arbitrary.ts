/**
 * Requests for one operation as fast-check arbitraries: positive ones (every parameter and the
 * body valid, optional parameters sometimes left out) and negative ones (exactly one thing broken:
 * a parameter or the body made invalid, or something required left out), so that shrinking keeps
 * the broken part and simplifies the rest.
 */
import { parseRouteKeys } from "../templates/server/core/route-keys.js";
import { isXmlMediaType, NOT_XML, xmlCarried, xmlNodeOf } from "./xml-values.js";
import type { XmlNode } from "../templates/xml/xml-shape.js";
import fc from "fast-check";
import { isObject } from "../generator/schema/json-pointer.js";
import { resolveSchemaObject, type SchemaRefs } from "../generator/schema/schema-refs.js";
import type {
  MediaModel,
  OperationModel,
  ParameterLocation,
  ParameterModel,
} from "../generator/model/types.js";
import { freshKeyArbitrary } from "./idempotency-key.js";
import { invalidArbitrary } from "./invalid-arbitrary.js";
import type { ConformanceApi } from "./load-api.js";
import { parameterText, parameterWireText, readTextAs } from "./parameter-text.js";
import {
  hasRejected,
  mergeAllOf,
  REJECTED,
  rejectUnless,
  schemaArbitrary,
} from "../generator/schema/schema-arbitrary.js";
import { formReadsBack, readsBack } from "./wire-reading.js";

export interface GeneratedBody {
  readonly mediaType: string;
  readonly value: unknown;
  /** For an XML media type: how the value is written (xml-values.ts). */
  readonly xml?: XmlNode;
}

export interface GeneratedRequest {
  readonly operationId: string;
  /** Upper case. */
  readonly method: string;
  /** The path template, e.g. `/pets/{petId}`. */
  readonly path: string;
  readonly parameters: Readonly<Record<ParameterLocation, Readonly<Record<string, unknown>>>>;
  readonly body: GeneratedBody | undefined;
  /** Negative requests: what was made invalid (undefined for positive ones). */
  readonly mutation: string | undefined;
}

/** `undefined`: no request could be drawn this time (the property skips it; fast-check bounds the skips). */
export type RequestArbitrary =
  | { readonly kind: "ok"; readonly arbitrary: fc.Arbitrary<GeneratedRequest | undefined> }
  | { readonly kind: "skipped"; readonly reason: string };

/** Header parameters OpenAPI says to ignore (https://spec.openapis.org/oas/v3.0.3#fixed-fields-10). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);

/** The media type requests are sent with: JSON first, then forms, XML and text. */
export function requestMedia(operation: OperationModel): MediaModel | undefined {
  if (operation.method === "get" || operation.method === "head") return undefined; // fetch cannot send one
  const contents = operation.requestBody?.contents ?? [];
  return (
    contents.find((media) => /^application\/(.+\+)?json$/i.test(media.mediaType)) ??
    contents.find((media) => /^application\/x-www-form-urlencoded$/i.test(media.mediaType)) ??
    contents.find((media) => isXmlMediaType(media.mediaType) && media.schema !== undefined) ??
    contents.find((media) => /^text\/plain$/i.test(media.mediaType)) ??
    contents.find((media) => media.mediaType === "*/*")
  );
}

/** The parameters a request generator fills (auth headers the caller sends are left to the caller). */
export function generatedParameters(
  operation: OperationModel,
  skipHeaders: ReadonlySet<string>,
): ParameterModel[] {
  return (["path", "query", "header", "cookie"] as const).flatMap((location) =>
    operation.parameters[location].filter(
      (parameter) =>
        location !== "header" ||
        (!IGNORED_HEADERS.has(parameter.name.toLowerCase()) &&
          !skipHeaders.has(parameter.name.toLowerCase())),
    ),
  );
}

/**
 * Text a parameter can carry: visible ASCII for headers and cookies, a usable segment for paths;
 * an empty array or object has no form outside a path, nor has an object whose members are all
 * such (`{ sort: [] }`: an exploded object sends no pair), so a required parameter never takes
 * one. Positive draws also keep only values whose text reads back as the same value
 * (wire-reading.ts).
 */
function carriable(parameter: ParameterModel, value: unknown): boolean {
  const empty = Array.isArray(value) ? value.length === 0 : formEmpty(value);
  if (empty && parameter.required && parameter.in !== "path") return false;
  const text = parameterWireText(parameter, value);
  if (parameter.in === "path") return text !== "" && text !== "." && text !== "..";
  if (parameter.in === "header") return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(text);
  if (parameter.in === "cookie") return /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]*$/.test(text);
  return true;
}

/** Whether an invalid parameter value can be sent, and is still invalid once the server reads its text back. */
export function sendsInvalid(
  api: ConformanceApi,
  parameter: ParameterModel,
  value: unknown,
): boolean {
  return (
    carriable(parameter, value) &&
    !api.validator.isValid(
      parameter.schema,
      readTextAs(parameterText(value), parameter.schema, api.model),
    )
  );
}

/** Whether a valid parameter value can be sent as it is (its text reads back as the same value). */
export function sendsValid(
  api: ConformanceApi,
  parameter: ParameterModel,
  value: unknown,
): boolean {
  return (
    value !== null &&
    value !== undefined &&
    carriable(parameter, value) &&
    readsBack(value, parameter.schema, api.model) &&
    api.validator.isValid(parameter.schema, value)
  );
}

/**
 * Draws per required parameter value: a refused one is replaced by the next, so that many required
 * parameters do not multiply their refusals (an optional one is left out instead).
 */
const PARAMETER_TRIES = 6;

function parameterArbitrary(
  api: ConformanceApi,
  parameter: ParameterModel,
): fc.Arbitrary<unknown> | undefined {
  const fresh = freshKeyArbitrary(parameter, (value) =>
    api.validator.isValid(parameter.schema, value),
  );
  if (fresh !== undefined) return fresh;
  const arbitrary = schemaArbitrary(parameter.schema, {
    refs: api.model,
    direction: "request",
    edges: true,
  });
  if (arbitrary === undefined) return undefined;
  const valid = rejectUnless(arbitrary, (value) => sendsValid(api, parameter, value));
  if (!parameter.required) return valid;
  // bounded, unlike fc.filter: an impossible schema still ends in REJECTED
  return fc
    .array(valid, { minLength: PARAMETER_TRIES, maxLength: PARAMETER_TRIES })
    .map((values) => values.find((value) => value !== REJECTED) ?? REJECTED);
}

function bodyArbitrary(api: ConformanceApi, media: MediaModel): fc.Arbitrary<unknown> | undefined {
  const drawn = schemaArbitrary(media.schema ?? true, {
    refs: api.model,
    direction: "request",
    edges: true,
  });
  // an XML body: the value its XML reads back as (xml-values.ts)
  const arbitrary = isXmlMediaType(media.mediaType)
    ? drawn?.map((value) => xmlCarried(media, value))
    : drawn;
  const essence = media.mediaType.split(";")[0]!.trim().toLowerCase();
  const form =
    essence === "application/x-www-form-urlencoded"
      ? "form"
      : essence === "multipart/form-data"
        ? "multipart"
        : undefined;
  return arbitrary === undefined
    ? undefined
    : rejectUnless(
        arbitrary,
        (value) =>
          value !== undefined &&
          value !== NOT_XML &&
          (form === undefined ||
            (formCarries(api.model, media.schema, value, form) &&
              formReadsBack(value, media.schema, api.model, form === "multipart"))) &&
          api.validator.isValid(media.schema ?? {}, value),
      );
}

/**
 * Whether a form carries every required property of a value (objects and arrays followed through
 * their schema): `null` and empty arrays have no form field, nor (urlencoded) objects left empty
 * once their own empty members are gone, so a required one would arrive missing; and (urlencoded)
 * an array item with no field at all leaves a gap in the indexes the server reads.
 */
function formCarries(
  refs: SchemaRefs,
  schema: unknown,
  value: unknown,
  form: "form" | "multipart",
  depth = 0,
): boolean {
  if (depth > 8 || typeof value !== "object" || value === null) return true;
  const resolved = resolveSchemaObject(refs, schema);
  const merged = resolved === undefined ? undefined : mergeAllOf(resolved, { refs });
  if (Array.isArray(value)) {
    // a multipart part carries each item whole (an object as JSON)
    if (form === "multipart") return true;
    const items = merged === undefined ? undefined : (merged.items ?? branchItems(refs, merged));
    return value.every(
      (item) => !formEmpty(item) && formCarries(refs, items, item, form, depth + 1),
    );
  }
  if (merged === undefined) return true;
  const required = new Set(Array.isArray(merged.required) ? merged.required : []);
  const properties = isObject(merged.properties) ? merged.properties : {};
  for (const [name, item] of Object.entries(value)) {
    const empty =
      item === null ||
      (Array.isArray(item) && item.length === 0) ||
      (form === "form" && formEmpty(item));
    if (empty && required.has(name)) return false;
    // a multipart part carries an object as JSON, whole
    if (form === "form" && !formCarries(refs, properties[name], item, form, depth + 1))
      return false;
  }
  return true;
}

/** An object that sends no urlencoded field: every member `null`, an empty array or such an object. */
function formEmpty(value: unknown): boolean {
  if (!isObject(value) || Array.isArray(value) || value instanceof Blob) return false;
  return Object.values(value).every(
    (item) =>
      item === null ||
      item === undefined ||
      (Array.isArray(item) && item.length === 0) ||
      formEmpty(item),
  );
}

/** The items of the array branch of a union (Stripe's `anyOf: [array, enum [""]]`). */
function branchItems(refs: SchemaRefs, schema: Record<string, unknown>): unknown {
  for (const branch of [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
  ]) {
    const resolved = resolveSchemaObject(refs, branch);
    if (resolved?.items !== undefined) return resolved.items;
  }
  return undefined;
}

/**
 * Whether a body value travels as zero bytes, which a server reads as no body (a required one is
 * then missing): `""` in any media type but JSON (where it is `""`), a form without a field.
 */
function emptyOnTheWire(media: MediaModel, value: unknown): boolean {
  if (/^application\/(.+\+)?json$/i.test(media.mediaType.split(";")[0]!.trim())) return false;
  if (value === "") return true;
  const essence = media.mediaType.split(";")[0]!.trim().toLowerCase();
  const form = essence === "application/x-www-form-urlencoded" || essence === "multipart/form-data";
  return form && isObject(value) && !Array.isArray(value) && Object.keys(value).length === 0;
}

interface Parts {
  readonly parameters: readonly ParameterModel[];
  readonly values: readonly fc.Arbitrary<unknown>[];
  readonly media: MediaModel | undefined;
  readonly body: fc.Arbitrary<unknown> | undefined;
  /** How an XML body is written, when the media type is XML. */
  readonly xml?: XmlNode;
}

/**
 * The values a path key's fragment fixes (`/#Action=X`: query `action` → `X`), by
 * `location:lower-case name`: the operation is only reached with them (route-keys.ts).
 */
function routeKeyValues(operation: OperationModel): Map<string, string> {
  const hash = operation.path.indexOf("#");
  if (hash === -1) return new Map();
  const headers = new Set(operation.parameters.header.map((p) => p.name.toLowerCase()));
  return new Map(
    parseRouteKeys(operation.path.slice(hash + 1), (name) => headers.has(name.toLowerCase()))
      .filter((key) => key.value !== undefined)
      .map((key) => [`${key.header ? "header" : "query"}:${key.name.toLowerCase()}`, key.value!]),
  );
}

function positiveParts(
  api: ConformanceApi,
  operation: OperationModel,
  skipHeaders: ReadonlySet<string>,
  chosen?: MediaModel,
): Parts | string {
  const parameters = generatedParameters(operation, skipHeaders);
  const keyed = routeKeyValues(operation);
  const values: fc.Arbitrary<unknown>[] = [];
  for (const parameter of parameters) {
    const routeKey = keyed.get(`${parameter.in}:${parameter.name.toLowerCase()}`);
    if (routeKey !== undefined) {
      values.push(fc.constant(routeKey));
      continue;
    }
    const arbitrary = parameterArbitrary(api, parameter);
    if (arbitrary === undefined) {
      if (parameter.required)
        return `no valid value can be generated for the ${parameter.in} parameter ${parameter.name}`;
      values.push(fc.constant(undefined));
    } else {
      values.push(
        parameter.required ? arbitrary : fc.option(arbitrary, { nil: undefined, freq: 2 }),
      );
    }
  }
  const requestBody = operation.requestBody;
  const media = chosen ?? requestMedia(operation);
  if (
    requestBody !== undefined &&
    media === undefined &&
    requestBody.required &&
    operation.method !== "get" &&
    operation.method !== "head"
  ) {
    return `the request body's media types (${requestBody.contents.map((entry) => entry.mediaType).join(", ")}) cannot be generated`;
  }
  let body: fc.Arbitrary<unknown> | undefined;
  if (media !== undefined) {
    const arbitrary = bodyArbitrary(api, media);
    if (arbitrary === undefined && requestBody?.required === true)
      return "no valid request body can be generated";
    if (arbitrary !== undefined)
      body =
        requestBody?.required === true
          ? rejectUnless(arbitrary, (value) => !emptyOnTheWire(media, value))
          : fc.option(arbitrary, { nil: undefined, freq: 4 });
  }
  const xml = media !== undefined && isXmlMediaType(media.mediaType) ? xmlNodeOf(media) : undefined;
  return { parameters, values, media, body, ...(xml === undefined ? {} : { xml }) };
}

function assemble(
  operation: OperationModel,
  parts: Parts,
  values: readonly unknown[],
  body: unknown,
  mutation: string | undefined,
): GeneratedRequest | undefined {
  if (hasRejected(values) || hasRejected(body)) return undefined;
  const parameters: Record<ParameterLocation, Record<string, unknown>> = {
    path: {},
    query: {},
    header: {},
    cookie: {},
  };
  parts.parameters.forEach((parameter, index) => {
    const value = values[index];
    if (value !== undefined) parameters[parameter.in][parameter.name] = value;
  });
  return {
    operationId: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    parameters,
    body:
      body === undefined || parts.media === undefined
        ? undefined
        : {
            mediaType: parts.media.mediaType,
            value: body,
            ...(parts.xml === undefined ? {} : { xml: parts.xml }),
          },
    mutation,
  };
}

/**
 * Valid requests for an operation. `skipHeaders`: lower-case header names the caller sends itself;
 * `media`: the request body media type to use (by default the first of JSON, form, text).
 */
export function positiveRequests(
  api: ConformanceApi,
  operation: OperationModel,
  skipHeaders: ReadonlySet<string> = new Set(),
  media?: MediaModel,
): RequestArbitrary {
  const parts = positiveParts(api, operation, skipHeaders, media);
  if (typeof parts === "string") return { kind: "skipped", reason: parts };
  const arbitrary = fc
    .tuple(fc.tuple(...parts.values), parts.body ?? fc.constant(undefined))
    .map(([values, body]) => assemble(operation, parts, values, body, undefined));
  return { kind: "ok", arbitrary };
}

/**
 * Requests with exactly one invalid part (a parameter or the body), drawn at random. What is
 * missing (a required parameter, the body) is sent once each by the boundary phase instead, so
 * that it does not crowd out the value mutations here.
 */
export function negativeRequests(
  api: ConformanceApi,
  operation: OperationModel,
  skipHeaders: ReadonlySet<string> = new Set(),
): RequestArbitrary {
  const parts = positiveParts(api, operation, skipHeaders);
  if (typeof parts === "string") return { kind: "skipped", reason: parts };
  const context = { refs: api.model, direction: "request", edges: true } as const;
  const base = fc.tuple(fc.tuple(...parts.values), parts.body ?? fc.constant(undefined));
  const mutations: Array<fc.Arbitrary<GeneratedRequest | undefined>> = [];
  parts.parameters.forEach((parameter, index) => {
    const where = `${parameter.in} parameter ${parameter.name}`;
    const invalid = invalidArbitrary(parameter.schema, context, { scalarsOnly: true });
    if (invalid === undefined) return;
    const sendable = invalid.map((bad) =>
      sendsInvalid(api, parameter, bad.value) ? bad : { value: REJECTED, mutation: bad.mutation },
    );
    mutations.push(
      fc.tuple(base, sendable).map(([[values, body], bad]) =>
        assemble(
          operation,
          parts,
          values.map((value, i) => (i === index ? bad.value : value)),
          body,
          `${where}: ${bad.mutation}`,
        ),
      ),
    );
  });
  const media = parts.media;
  if (media !== undefined && /json/i.test(media.mediaType)) {
    const invalid = invalidArbitrary(media.schema, context);
    if (invalid !== undefined) {
      const rejected = invalid.map((bad) =>
        !hasRejected(bad.value) && !api.validator.isValid(media.schema ?? {}, bad.value)
          ? bad
          : { value: REJECTED, mutation: bad.mutation },
      );
      mutations.push(
        fc
          .tuple(base, rejected)
          .map(([[values], bad]) =>
            assemble(operation, parts, values, bad.value, `body: ${bad.mutation}`),
          ),
      );
    }
  }
  if (mutations.length === 0)
    return { kind: "skipped", reason: "nothing in the request can be made invalid" };
  return { kind: "ok", arbitrary: fc.oneof(...mutations) };
}
