/**
 * A hand-written ApiDescriptor for the server runtime tests: a small pet store whose validators
 * are compiled with Ajv here (the generator precompiles them as standalone code).
 */
import { Ajv, type ValidateFunction } from "ajv";
import type {
  ApiDescriptor,
  ParameterDescriptor,
  ServerOperationDescriptor,
  Validator,
} from "../../../templates/server/core/descriptor.js";
import { createKeyAuthenticator } from "../../../templates/server/core/auth.js";
import { cookies } from "../../../templates/server/core/cookies.js";
import type { HandlerMap, HandlerResponse } from "../../../templates/server/core/handler-api.js";
import { notImplemented } from "../../../templates/server/core/errors.js";

const bodyAjv = new Ajv({ allErrors: false, strict: false });
const paramAjv = new Ajv({ coerceTypes: "array", allErrors: false, strict: false });

export function compileBody(schema: object): Validator {
  const validate: ValidateFunction = bodyAjv.compile(schema);
  return validate; // an Ajv validator is a descriptor Validator as it is
}

type Location = "path" | "query" | "header" | "cookie";
type ParamSpec = { name: string; in: Location; required?: boolean; schema: object };

/** Descriptors and the `{ path, query, header, cookie }` validator of a parameter list. */
export function parameters(specs: ParamSpec[]): {
  parameters: ParameterDescriptor[];
  validateParameters: Validator;
} {
  const groups: Record<Location, { properties: Record<string, object>; required: string[] }> = {
    path: { properties: {}, required: [] },
    query: { properties: {}, required: [] },
    header: { properties: {}, required: [] },
    cookie: { properties: {}, required: [] },
  };
  for (const spec of specs) {
    const name = spec.in === "header" ? spec.name.toLowerCase() : spec.name;
    groups[spec.in].properties[name] = spec.schema;
    if (spec.required === true || spec.in === "path") groups[spec.in].required.push(name);
  }
  const schema = {
    type: "object",
    properties: Object.fromEntries(
      Object.entries(groups).map(([location, group]) => [
        location,
        { type: "object", properties: group.properties, required: group.required },
      ]),
    ),
    required: ["path", "query", "header", "cookie"],
  };
  return {
    parameters: specs.map((spec) => ({
      name: spec.name,
      in: spec.in,
      required: spec.required === true || spec.in === "path",
      array: (spec.schema as { type?: unknown }).type === "array",
    })),
    validateParameters: paramAjv.compile(schema),
  };
}

const NO_PARAMETERS = parameters([]);

export const petSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    name: { type: "string", minLength: 1, maxLength: 64 },
    tag: { type: "string" },
  },
  required: ["id", "name"],
  additionalProperties: false,
};

export const errorSchema = {
  type: "object",
  properties: {
    code: { type: "string" },
    message: { type: "string" },
    status: { type: "integer" },
  },
  required: ["code", "message", "status"],
  additionalProperties: false,
};

const validatePet = compileBody(petSchema);
const validatePets = compileBody({ type: "array", items: petSchema });
const validateError = compileBody(errorSchema);
const errorResponses = { default: { validate: validateError, mediaType: "application/json" } };

function operation(
  op: Partial<ServerOperationDescriptor> &
    Pick<ServerOperationDescriptor, "operationId" | "method" | "path">,
): ServerOperationDescriptor {
  return {
    ...NO_PARAMETERS,
    responses: { "200": { validate: compileBody({}), mediaType: "application/json" } },
    secured: false,
    ...op,
  };
}

export const operations: ServerOperationDescriptor[] = [
  operation({
    operationId: "listPets",
    method: "get",
    path: "/pets",
    secured: true,
    ...parameters([
      { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
      { name: "tags", in: "query", schema: { type: "array", items: { type: "string" } } },
    ]),
    responses: {
      "200": { validate: validatePets, mediaType: "application/json" },
      ...errorResponses,
    },
  }),
  operation({
    operationId: "createPet",
    method: "post",
    path: "/pets",
    secured: true,
    body: {
      required: true,
      mediaTypes: ["application/json"],
      validate: compileBody({
        type: "object",
        properties: {
          name: { type: "string", minLength: 1, maxLength: 64 },
          tag: { type: "string" },
        },
        required: ["name"],
        additionalProperties: false,
      }),
    },
    responses: {
      "201": { validate: validatePet, mediaType: "application/json" },
      "4XX": { validate: validateError, mediaType: "application/json" },
    },
  }),
  operation({
    operationId: "getPet",
    method: "get",
    path: "/pets/{petId}",
    secured: true,
    ...parameters([
      { name: "petId", in: "path", schema: { type: "integer", minimum: 1 } },
      { name: "X-Request-Id", in: "header", schema: { type: "string", maxLength: 8 } },
    ]),
    responses: {
      "200": { validate: validatePet, mediaType: "application/json" },
      "404": { validate: validateError, mediaType: "application/json" },
    },
  }),
  operation({
    operationId: "deletePet",
    method: "delete",
    path: "/pets/{petId}",
    secured: true,
    ...parameters([{ name: "petId", in: "path", schema: { type: "integer", minimum: 1 } }]),
    responses: { "204": {} },
  }),
  operation({
    operationId: "listMyPets",
    method: "get",
    path: "/pets/mine",
    secured: true,
    responses: { "200": { validate: validatePets, mediaType: "application/json" } },
  }),
  operation({
    operationId: "getPetPhoto",
    method: "get",
    path: "/pets/{petId}/photos/{photoId}",
    secured: true,
    ...parameters([
      { name: "petId", in: "path", schema: { type: "integer" } },
      { name: "photoId", in: "path", schema: { type: "string" } },
    ]),
  }),
  operation({
    operationId: "uploadPhoto",
    method: "put",
    path: "/pets/{petId}/photo",
    secured: true,
    ...parameters([{ name: "petId", in: "path", schema: { type: "integer" } }]),
    body: { required: true, mediaTypes: ["application/octet-stream"], validate: compileBody({}) },
    responses: { "204": {} },
  }),
  operation({
    operationId: "addNote",
    method: "post",
    path: "/notes",
    body: {
      required: false,
      mediaTypes: ["text/plain"],
      validate: compileBody({ type: "string", maxLength: 20 }),
    },
    responses: {
      "201": { validate: compileBody({ type: "string" }), mediaType: "text/plain" },
      "204": {},
    },
  }),
  operation({
    operationId: "submitForm",
    method: "post",
    path: "/forms",
    body: {
      required: true,
      mediaTypes: ["application/x-www-form-urlencoded"],
      validate: compileBody({ type: "object", required: ["name"] }),
    },
  }),
  operation({
    operationId: "postAnything",
    method: "post",
    path: "/anything",
    body: { required: true, mediaTypes: ["application/*"], validate: compileBody({}) },
  }),
  operation({
    operationId: "listLegacyPets",
    method: "get",
    path: "/legacy/pets",
    deprecated: { since: "2025-01-01", sunset: "2031-06-30" },
    responses: {
      "200": { validate: validatePets, mediaType: "application/json" },
      ...errorResponses,
    },
  }),
  operation({
    operationId: "sunsetOnly",
    method: "get",
    path: "/legacy/sunset-only",
    deprecated: { sunset: "2031-06-30" },
  }),
  operation({ operationId: "stub", method: "get", path: "/stub" }),
  operation({ operationId: "boom", method: "get", path: "/boom" }),
  operation({ operationId: "health", method: "get", path: "/health" }),
  operation({ operationId: "missingHandler", method: "get", path: "/missing" }),
  operation({
    operationId: "session",
    method: "get",
    path: "/session",
    ...parameters([
      { name: "session", in: "cookie", required: true, schema: { type: "string", minLength: 3 } },
    ]),
  }),
];

export interface Caller {
  readonly id: string;
}

export const KEYS = {
  free: "free-key-0001",
  free2: "free-key-0002",
  pro: "pro-key-0001",
  enterprise: "enterprise-key-0001",
  mystery: "mystery-plan-key",
} as const;

export const authenticate = createKeyAuthenticator<Caller>([
  { key: KEYS.free, caller: { id: "alice" }, plan: "free" },
  { key: KEYS.free2, caller: { id: "alex" }, plan: "free" },
  { key: KEYS.pro, caller: { id: "bob" }, plan: "pro" },
  { key: KEYS.enterprise, caller: { id: "carol" }, plan: "enterprise" },
  { key: KEYS.mystery, caller: { id: "dave" }, plan: "mystery" },
]);

export const api = {
  title: "Fixture pet store",
  version: "1.0.0",
  apiKey: { in: "header", name: "X-API-Key" },
  rateLimits: {
    plans: [
      { name: "free", perMinute: 3, perDay: 5 },
      { name: "pro", perMinute: 10, perDay: 1000 },
      { name: "enterprise", perMinute: null, perDay: null },
    ],
    ban: { afterRejectedRequests: 3, durationSeconds: 120 },
  },
  operations,
  // the session operation reads a cookie parameter
  readers: { cookies },
} satisfies ApiDescriptor;

/** The same API without rate limits, for tests that are not about them. */
export const apiWithoutLimits: ApiDescriptor = { ...api, rateLimits: undefined } as ApiDescriptor;

export const pets = [
  { id: 1, name: "Rex", tag: "dog" },
  { id: 2, name: "Tom" },
];

const json = (status: number, body: unknown): HandlerResponse => ({ status, body });

export const handlers: HandlerMap<Caller> = {
  listPets: ({ query }) => {
    const limit = typeof query["limit"] === "number" ? query["limit"] : pets.length;
    return json(200, pets.slice(0, limit));
  },
  createPet: ({ body }) => json(201, { id: 3, ...(body as object) }),
  getPet: ({ path }) => {
    const pet = pets.find((p) => p.id === path["petId"]);
    return pet === undefined
      ? json(404, { code: "not_found", message: "No such pet", status: 404 })
      : json(200, pet);
  },
  deletePet: () => ({ status: 204 }),
  listMyPets: () => json(200, []),
  getPetPhoto: ({ path }) => json(200, { ...path }),
  uploadPhoto: () => ({ status: 204 }),
  addNote: ({ body }) =>
    body === undefined ? { status: 204 } : { status: 201, body: `noted: ${String(body)}` },
  submitForm: ({ body }) => json(200, body),
  postAnything: ({ body, request }) =>
    json(200, { type: request.headers.get("content-type"), body }),
  listLegacyPets: () => json(200, pets),
  sunsetOnly: () => json(200, {}),
  stub: () => notImplemented("stub"),
  boom: () => {
    throw new Error("database password is hunter2");
  },
  health: () => json(200, { ok: true }),
  session: ({ cookie }) => json(200, { session: cookie["session"] }),
};
