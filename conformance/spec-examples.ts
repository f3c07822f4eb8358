/**
 * The spec's own examples: every declared example (response bodies and headers, request bodies,
 * parameters; `example`, each of `examples`, and a parameter schema's `example`) checked against
 * its schema (`example_conformance`: an example that breaks its schema misleads every reader of
 * the contract), and the example values of one operation for the examples phase.
 */
import { escapePointer, isObject, resolveObject } from "../generator/schema/json-pointer.js";
import type { OperationModel, ParameterLocation, SchemaModel } from "../generator/model/types.js";
import { failure, type CheckFailure } from "./checks/check-failure.js";
import { isIdempotencyKey } from "./idempotency-key.js";
import { readOperation, type ConformanceApi } from "./load-api.js";
import type { GeneratedRequest } from "./request-arbitrary.js";

/** An example as written, where it is declared, and the schema it must match. */
export interface SpecExample {
  readonly value: unknown;
  readonly pointer: string;
  readonly schema: SchemaModel | undefined;
}

/** A parameter's examples: its `example`, each of its `examples`, else its schema's `example`. */
export function parameterExamples(
  api: ConformanceApi,
  operation: OperationModel,
): Array<{ location: ParameterLocation; name: string; examples: SpecExample[] }> {
  const out: Array<{ location: ParameterLocation; name: string; examples: SpecExample[] }> = [];
  for (const { raw, pointer } of rawParameters(api.document, operation)) {
    const location = raw.in as ParameterLocation;
    const name = String(raw.name);
    const model = operation.parameters[location]?.find((parameter) => parameter.name === name);
    if (model === undefined) continue;
    const found = examplesOf(api.document, raw, pointer, model.schema);
    if (found.length === 0) {
      const schema = resolveObject(api.document, raw.schema);
      if (schema?.example !== undefined)
        found.push({
          value: schema.example,
          pointer: `${pointer}/schema/example`,
          schema: model.schema,
        });
    }
    if (found.length > 0) out.push({ location, name, examples: found });
  }
  return out;
}

/** The request body's examples (each media type's, then its schema's `example`). */
export function bodyExamples(
  api: ConformanceApi,
  operation: OperationModel,
): Array<SpecExample & { mediaType: string }> {
  const out: Array<SpecExample & { mediaType: string }> = [];
  const raw = resolveObject(api.document, readOperation(api.document, operation)?.requestBody);
  const content = isObject(raw?.content) ? raw.content : {};
  for (const media of operation.requestBody?.contents ?? []) {
    const pointer = `${operation.pointer}/requestBody/content/${escapePointer(media.mediaType)}`;
    const rawMedia = resolveObject(api.document, content[media.mediaType]);
    const found =
      rawMedia === undefined ? [] : examplesOf(api.document, rawMedia, pointer, media.schema);
    const schema = resolveObject(api.document, rawMedia?.schema);
    if (found.length === 0 && schema?.example !== undefined)
      found.push({
        value: schema.example,
        pointer: `${pointer}/schema/example`,
        schema: media.schema,
      });
    out.push(...found.map((example) => ({ ...example, mediaType: media.mediaType })));
  }
  return out;
}

/** Every example the operation declares, each checked against its schema. */
export function checkSpecExamples(api: ConformanceApi, operation: OperationModel): CheckFailure[] {
  const all: SpecExample[] = [
    ...parameterExamples(api, operation).flatMap((parameter) => parameter.examples),
    ...bodyExamples(api, operation),
  ];
  const rawResponses = readOperation(api.document, operation)?.responses;
  const responses = isObject(rawResponses) ? rawResponses : {};
  for (const response of operation.responses) {
    const base = `${operation.pointer}/responses/${escapePointer(response.status)}`;
    const raw = resolveObject(api.document, responses[response.status]);
    const content = isObject(raw?.content) ? raw.content : {};
    const headers = isObject(raw?.headers) ? raw.headers : {};
    const declared = [
      ...response.contents.map((media) => ({
        raw: content[media.mediaType],
        at: `content/${escapePointer(media.mediaType)}`,
        schema: media.schema,
      })),
      ...response.headers.map((header) => ({
        raw: headers[header.name],
        at: `headers/${escapePointer(header.name)}`,
        schema: header.schema,
      })),
    ];
    for (const { raw: rawOwner, at, schema } of declared) {
      const owner = resolveObject(api.document, rawOwner);
      if (owner !== undefined)
        all.push(...examplesOf(api.document, owner, `${base}/${at}`, schema));
    }
  }
  const out: CheckFailure[] = [];
  for (const example of all) {
    if (example.schema === undefined) continue;
    const [first] = api.validator.compile(example.schema)(example.value);
    if (first === undefined) continue;
    out.push(
      failure(
        "example_conformance",
        `the example at ${example.pointer} breaks its schema: ${first.pointer === "" ? "" : `${first.pointer} `}${first.message}`,
        "an example that matches its schema",
        JSON.stringify(example.value) ?? "undefined",
        example.pointer,
      ),
    );
  }
  return out;
}

/** `example`, then each entry of `examples` (refs resolved, `externalValue` ones left out). */
function examplesOf(
  document: Record<string, unknown>,
  owner: Record<string, unknown>,
  pointer: string,
  schema: SchemaModel | undefined,
): SpecExample[] {
  const out: SpecExample[] = [];
  if (owner.example !== undefined)
    out.push({ value: owner.example, pointer: `${pointer}/example`, schema });
  if (isObject(owner.examples))
    for (const [name, raw] of Object.entries(owner.examples)) {
      const example = resolveObject(document, raw);
      if (example !== undefined && example.value !== undefined)
        out.push({
          value: example.value,
          pointer: `${pointer}/examples/${escapePointer(name)}`,
          schema,
        });
    }
  return out;
}

/** The operation's parameters as written (path-level ones unless the operation overrides them). */
function rawParameters(
  document: Record<string, unknown>,
  operation: OperationModel,
): Array<{ raw: Record<string, unknown>; pointer: string }> {
  const paths = isObject(document.paths) ? document.paths : {};
  const item = resolveObject(document, paths[operation.path]);
  const own = readOperation(document, operation);
  const pathPointer = `#/paths/${escapePointer(operation.path)}`;
  const byKey = new Map<string, { raw: Record<string, unknown>; pointer: string }>();
  const add = (list: unknown, pointer: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((entry, index) => {
      const raw = resolveObject(document, entry);
      if (raw !== undefined && typeof raw.name === "string" && typeof raw.in === "string")
        byKey.set(`${raw.in}:${raw.name}`, { raw, pointer: `${pointer}/parameters/${index}` });
    });
  };
  add(item?.parameters, pathPointer);
  add(own?.parameters, operation.pointer);
  return [...byKey.values()];
}

/** Example requests sent at most, per operation. */
const MAX_EXAMPLE_REQUESTS = 10;

/**
 * The operation's example requests: the n-th uses each parameter's n-th example and the n-th
 * body example (cycling through shorter lists), as written; a required parameter without an
 * example keeps `base`'s drawn value, an optional one is left out; the body is `base`'s when none
 * is given. Examples that break their schema (reported by {@link checkSpecExamples}), credential
 * headers and `Idempotency-Key` (fresh on every request) are not used.
 */
export function exampleRequests(
  api: ConformanceApi,
  operation: OperationModel,
  base: GeneratedRequest,
  skipHeaders: ReadonlySet<string>,
): GeneratedRequest[] {
  const valid = (example: SpecExample): boolean =>
    example.schema === undefined || api.validator.isValid(example.schema, example.value);
  const parameters = parameterExamples(api, operation)
    .filter(
      ({ location, name }) =>
        !(location === "header" && skipHeaders.has(name.toLowerCase())) &&
        !isIdempotencyKey({ in: location, name }),
    )
    .map((parameter) => ({ ...parameter, examples: parameter.examples.filter(valid) }))
    .filter((parameter) => parameter.examples.length > 0);
  const bodies = bodyExamples(api, operation).filter(valid);
  if (parameters.length === 0 && bodies.length === 0) return [];
  const count = Math.min(
    MAX_EXAMPLE_REQUESTS,
    Math.max(bodies.length, ...parameters.map((parameter) => parameter.examples.length)),
  );
  // the drawn base without its optional parameters, unless they are an Idempotency-Key
  const kept = {} as Record<ParameterLocation, Record<string, unknown>>;
  for (const location of ["path", "query", "header", "cookie"] as const) {
    kept[location] = {};
    for (const [name, value] of Object.entries(base.parameters[location])) {
      const model = operation.parameters[location].find((parameter) => parameter.name === name);
      if (model?.required === true || isIdempotencyKey({ in: location, name }))
        kept[location][name] = value;
    }
  }
  const out: GeneratedRequest[] = [];
  for (let index = 0; index < count; index++) {
    const values = {
      path: { ...kept.path },
      query: { ...kept.query },
      header: { ...kept.header },
      cookie: { ...kept.cookie },
    };
    for (const { location, name, examples } of parameters)
      values[location][name] = examples[index % examples.length]!.value;
    const body = bodies[index % Math.max(1, bodies.length)];
    out.push({
      ...base,
      parameters: values,
      body: body === undefined ? base.body : { mediaType: body.mediaType, value: body.value },
      mutation: undefined,
    });
  }
  return out;
}
