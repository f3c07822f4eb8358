/**
 * The runtime round trip of one spec: the generator writes its package into a temporary folder;
 * a server made from the generated `createRequestHandler` with one handler per operation that
 * records what it received and answers a declared response; the generated client calls every
 * operation (once per request body media type) with values drawn from the spec's schemas by the
 * conformance tool's fast-check arbitraries (a fixed seed per operation), over real HTTP on
 * 127.0.0.1. An operation round-trips when the handler got exactly the typed values the client
 * sent (path, query, header, cookie, body) and the client got the declared status and body.
 * Operations that cannot be exercised are excluded with the reason.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import fc from "fast-check";
import { loadApi, type ConformanceApi } from "../../conformance/load-api.js";
import { positiveRequests, type GeneratedRequest } from "../../conformance/request-arbitrary.js";
import { NOT_XML, xmlCarried } from "../../conformance/xml-values.js";
import { isJsonParameter, parameterText } from "../../conformance/parameter-text.js";
import { rejectUnless, schemaArbitrary } from "../../generator/schema/schema-arbitrary.js";
import { generate } from "../../generator/generate.js";
import { resolveObject } from "../../generator/model/resolve-ref.js";
import { modelRouter } from "../../generator/model/route-conflicts.js";
import { templateParameters } from "../../generator/model/check-path-template.js";
import { unformableBodies } from "../../generator/model/unformable-bodies.js";
import type {
  MediaModel,
  OperationModel,
  ParameterModel,
  ResponseModel,
} from "../../generator/model/types.js";
import {
  asText,
  clientBody,
  comparable,
  concreteMediaType,
  firstDifference,
  handlerBody,
  mediaKind,
  type MediaKind,
} from "./round-trip-values.js";

export interface RoundTripOptions {
  /** Where the temporary package goes (inside the project, so its imports resolve). */
  readonly workDir: string;
  readonly allowDuplicateOperationIds?: boolean;
  readonly allowUndeclaredPathParameters?: boolean;
  /** The base of every operation's fast-check seed (default 23). */
  readonly seed?: number;
  /** Per call, in ms (default 10 000). */
  readonly timeoutMs?: number;
  /** Only these operationIds (all when left out). */
  readonly operationIds?: readonly string[];
}

export interface OperationOutcome {
  readonly operationId: string;
  readonly outcome: "round-tripped" | "failed" | "excluded";
  /** Why it failed or was excluded ("" when it round-tripped). */
  readonly reason: string;
}

export interface RoundTripResult {
  readonly total: number;
  readonly roundTripped: number;
  readonly operations: readonly OperationOutcome[];
}

/** What a handler received, comparable. */
interface Received {
  readonly parameters: unknown;
  readonly body: unknown;
}

interface PlannedResponse {
  readonly status: number;
  readonly mediaType: string | undefined;
  readonly kind: MediaKind | undefined;
  /** The generated value (the items of a stream). */
  readonly value: unknown;
  readonly headers: Record<string, string>;
  /** Server-sent events whose data is text (a string schema, or none): sent and read as is. */
  readonly textEvents?: boolean;
}

type Handler = (request: {
  path: unknown;
  query: unknown;
  header: unknown;
  cookie: unknown;
  body: unknown;
}) => Promise<unknown>;
type Method = (
  init: Record<string, unknown>,
) => Promise<{ status: number; ok: boolean; data: unknown; error: unknown }>;

const API_KEY = "round-trip-key";
const DRAWS = 40;

/** Runs the round trip of one spec (see the module comment). Throws when the spec does not generate. */
export async function roundTripSpec(
  specPath: string,
  options: RoundTripOptions,
): Promise<RoundTripResult> {
  const work = mkdtempSync(join(options.workDir, "round-trip-"));
  try {
    const outDir = join(work, "generated");
    const flags = {
      allowDuplicateOperationIds: options.allowDuplicateOperationIds === true,
      allowUndeclaredPathParameters: options.allowUndeclaredPathParameters === true,
    };
    const { rendered } = await generate({
      specPath,
      outDir,
      apiName: "RoundTrip",
      cwd: process.cwd(),
      ...flags,
    });
    // operations generate warned it cannot route apart: excluded when they fail, with the warning
    const unroutable = new Map(
      modelRouter(rendered.model).conflicts.flatMap((conflict) =>
        conflict.operationIds.map((id) => [id, conflict.message] as const),
      ),
    );
    const api = await loadApi(specPath, flags);
    // form bodies generate warned no request can carry: excluded when they fail, with the warning
    const unformable = new Map(
      unformableBodies(api.model).map(
        (body) => [`${body.operationId} ${body.mediaType}`, body.message] as const,
      ),
    );
    const serverModule = (await import(join(outDir, "server.ts"))) as {
      createRequestHandler(handlers: object, options: object): unknown;
      API: { operations: readonly { operationId: string; handlerName?: string }[] };
    };
    const adapter = (await import(join(outDir, "runtime/server/adapters/node-adapter.ts"))) as {
      serveNode(handler: unknown, options: { port: number; host: string }): Promise<Server>;
    };
    const clientModule = (await import(join(outDir, "client.ts"))) as {
      createRoundTripClient(options: object): Record<string, Method>;
    };

    let received: Received | undefined;
    let planned: PlannedResponse | undefined;
    let serverError: string | undefined;
    const handler: Handler = async (request) => {
      received = {
        parameters: await comparable({
          path: request.path,
          query: request.query,
          header: withoutIgnoredHeaders(await comparable(request.header, true)),
          cookie: request.cookie,
        }),
        body: await comparable(request.body),
      };
      const plan = planned!;
      if (plan.mediaType === undefined) return { status: plan.status, headers: plan.headers };
      return {
        status: plan.status,
        body: handlerBody(plan.kind!, plan.value, plan.textEvents),
        headers: { ...plan.headers, "content-type": concreteMediaType(plan.mediaType) },
      };
    };
    const handlers = Object.fromEntries(
      serverModule.API.operations.map((operation) => [
        operation.handlerName ?? operation.operationId,
        handler,
      ]),
    );
    const { credentials, scopes } = credentialsFor(api.document);
    const requestHandler = serverModule.createRequestHandler(handlers, {
      // any credentials pass, with every scope the spec names: the round trip is not about auth
      authenticate: () => ({ caller: {}, plan: "round-trip", scopes }),
      onError: (error: unknown) => {
        serverError = error instanceof Error ? error.message : String(error);
      },
    });
    const server = await adapter.serveNode(requestHandler, { port: 0, host: "127.0.0.1" });
    const { port } = server.address() as AddressInfo;
    // a 3XX answer is what is checked: the client gets it instead of following it
    const client = clientModule.createRoundTripClient({
      baseUrl: `http://127.0.0.1:${port}`,
      auth: credentials,
      retry: false,
      throttle: false,
      timeoutMs: options.timeoutMs ?? 10_000,
      followRedirects: false,
    });
    const skipHeaders = new Set(
      api.model.apiKey?.in === "header" ? [api.model.apiKey.name.toLowerCase()] : [],
    );

    const outcomes: OperationOutcome[] = [];
    try {
      for (const [index, operation] of api.model.operations.entries()) {
        if (
          options.operationIds !== undefined &&
          !options.operationIds.includes(operation.operationId)
        )
          continue;
        const seed = (options.seed ?? 23) * 1000 + index;
        const unsatisfiable =
          sharedAuthorization(api.document, operation) ??
          pathParameterOutsideTemplate(operation) ??
          unsendable(operation);
        if (unsatisfiable !== undefined) {
          outcomes.push({
            operationId: operation.operationId,
            outcome: "excluded",
            reason: unsatisfiable,
          });
          continue;
        }
        const exchange = async (media: MediaModel | undefined): Promise<string | undefined> => {
          const request = drawRequest(api, operation, skipHeaders, media, seed);
          if (typeof request === "string") return `excluded: ${request}`;
          const plan = planResponse(api, operation, seed);
          if (typeof plan === "string") return `excluded: ${plan}`;
          received = undefined;
          serverError = undefined;
          planned = plan;
          return await call(
            client[operation.name]!,
            api,
            operation,
            request,
            media,
            plan,
            () => received,
            () => serverError,
          );
        };
        const bodies = operation.requestBody?.contents ?? [];
        const noBody =
          operation.method === "get" || operation.method === "head" || bodies.length === 0;
        const problems: string[] = [];
        for (const media of noBody ? [undefined] : bodies) {
          let problem = await exchange(media).catch(
            (error: unknown) =>
              `the call threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
          );
          const warned =
            media === undefined
              ? undefined
              : unformable.get(`${operation.operationId} ${media.mediaType}`);
          if (problem !== undefined && !problem.startsWith("excluded: ") && warned !== undefined)
            problem = `excluded: generate warns: ${warned}`;
          if (problem !== undefined)
            problems.push(media === undefined ? problem : `${media.mediaType}: ${problem}`);
        }
        const failed = problems.filter((problem) => !problem.includes("excluded: "));
        const warning = unroutable.get(operation.operationId);
        if (failed.length > 0 && warning !== undefined) {
          outcomes.push({
            operationId: operation.operationId,
            outcome: "excluded",
            reason: `generate warns: ${warning} (${failed.join("; ").slice(0, 200)})`,
          });
          continue;
        }
        outcomes.push(
          failed.length > 0
            ? {
                operationId: operation.operationId,
                outcome: "failed",
                reason: failed.join("; ").slice(0, 300),
              }
            : problems.length > 0 && problems.length === (noBody ? 1 : bodies.length)
              ? {
                  operationId: operation.operationId,
                  outcome: "excluded",
                  reason: problems
                    .join("; ")
                    .replace(/excluded: /g, "")
                    .slice(0, 300),
                }
              : {
                  operationId: operation.operationId,
                  outcome: problems.length > 0 ? "round-tripped" : "round-tripped",
                  reason: problems.join("; ").replace(/excluded: /g, ""),
                },
        );
      }
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    }
    return {
      total: outcomes.length,
      roundTripped: outcomes.filter((o) => o.outcome === "round-tripped").length,
      operations: outcomes,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A valid request (parameters and, for `media`, a body), or why none can be drawn. */
function drawRequest(
  api: ConformanceApi,
  operation: OperationModel,
  skipHeaders: ReadonlySet<string>,
  media: MediaModel | undefined,
  seed: number,
): GeneratedRequest | string {
  const generated = positiveRequests(api, operation, skipHeaders, media);
  if (generated.kind === "skipped") return generated.reason;
  const drawn = fc
    .sample(generated.arbitrary, { seed, numRuns: DRAWS })
    .find((request) => request !== undefined);
  if (drawn === undefined) return `no valid request drawn in ${DRAWS} tries`;
  // a required body is always drawn; an optional one is sent when the media type is the point
  if (media !== undefined && drawn.body === undefined) {
    const again = fc
      .sample(generated.arbitrary, { seed: seed + 1, numRuns: DRAWS })
      .find((request) => request?.body !== undefined);
    return again ?? drawn;
  }
  return drawn;
}

/**
 * The response a handler gives: the first declared 2XX, else `default` as 200, else the first
 * declared response (a 3XX with its `Location`, a 4XX: the client reads it as the call's `error`),
 * with a drawn body; 204 without a body when the operation declares no response at all.
 */
function planResponse(
  api: ConformanceApi,
  operation: OperationModel,
  seed: number,
): PlannedResponse | string {
  const success = operation.responses.find((response) => /^2/.test(response.status));
  const chosen: ResponseModel | undefined =
    success ??
    operation.responses.find((response) => response.status === "default") ??
    operation.responses[0];
  if (chosen === undefined)
    return { status: 204, mediaType: undefined, kind: undefined, value: undefined, headers: {} };
  if (/^1/.test(chosen.status))
    return `its only response is ${chosen.status}: a 1XX status is not a final response, no handler can answer it`;
  // https://fetch.spec.whatwg.org/#http-network-or-cache-fetch: outside a proxy, a 407 is a network error
  if (chosen.status === "407")
    return "its only response is 407, which fetch turns into a network error";
  const status = /^\d{3}$/.test(chosen.status)
    ? Number(chosen.status)
    : /^[1-5]XX$/i.test(chosen.status)
      ? Number(chosen.status[0]) * 100
      : 200;
  const headers: Record<string, string> = {};
  for (const header of chosen.headers) {
    if (
      !header.required &&
      !(status >= 300 && status < 400 && header.name.toLowerCase() === "location")
    )
      continue;
    const value = drawValue(api, header.schema, seed, (v) =>
      /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(parameterText(v)),
    );
    if (value === undefined)
      return `no value can be drawn for its required response header ${header.name}`;
    headers[header.name.toLowerCase()] = parameterText(value);
  }
  if (status === 204 || status === 205 || status === 304 || operation.method === "head")
    return { status, mediaType: undefined, kind: undefined, value: undefined, headers };
  // a status offering XML is answered, to a client that states no preference, in the first
  // media type it declares (the server's content negotiation): the plan follows it
  const media = chosen.contents.some((m) => mediaKind(m.mediaType) === "xml")
    ? chosen.contents[0]
    : (chosen.contents.find((m) => mediaKind(m.mediaType) === "json") ?? chosen.contents[0]);
  if (media === undefined)
    return { status, mediaType: undefined, kind: undefined, value: undefined, headers };
  const kind = mediaKind(media.mediaType);
  if (kind === "form" || kind === "multipart")
    return `its ${chosen.status} response is ${media.mediaType}, which the client does not parse`;
  // an XML answer: a value its XML carries (conformance/xml-values.ts)
  const carry = kind === "xml" ? (v: unknown) => xmlCarried(media, v) : undefined;
  const one = () =>
    drawValue(
      api,
      media.schema ?? true,
      seed,
      (v) => v !== NOT_XML && (kind !== "text" || typeof v === "string"),
      carry,
    );
  if (kind === "events" || kind === "ndjson") {
    const first = one();
    const second = drawValue(api, media.schema ?? true, seed + 7);
    if (first === undefined || second === undefined)
      return `no value can be drawn for its ${chosen.status} ${media.mediaType} items`;
    const schema = resolveObject(api.document, media.schema);
    const textEvents =
      kind === "events" &&
      (schema === undefined || (schema.type === "string" && schema.contentMediaType === undefined));
    return {
      status,
      mediaType: media.mediaType,
      kind,
      value: [first, second],
      headers,
      textEvents,
    };
  }
  const value = one();
  if (value === undefined)
    return `no value can be drawn for its ${chosen.status} ${media.mediaType} body`;
  return { status, mediaType: media.mediaType, kind, value, headers };
}

function drawValue(
  api: ConformanceApi,
  schema: unknown,
  seed: number,
  keep: (value: unknown) => boolean = () => true,
  carry?: (value: unknown) => unknown,
): unknown {
  const drawn = schemaArbitrary(schema, { refs: api.model, direction: "response" });
  if (drawn === undefined) return undefined;
  const arbitrary = carry === undefined ? drawn : drawn.map(carry);
  const valid = rejectUnless(
    arbitrary,
    (value) => value !== undefined && keep(value) && api.validator.isValid(schema ?? {}, value),
  );
  return fc.sample(valid, { seed, numRuns: DRAWS }).find((value) => typeof value !== "symbol");
}

/** One call and its checks; the problem found, or undefined when both sides match. */
async function call(
  method: Method,
  api: ConformanceApi,
  operation: OperationModel,
  request: GeneratedRequest,
  media: MediaModel | undefined,
  plan: PlannedResponse,
  receivedBy: () => Received | undefined,
  serverError: () => string | undefined,
): Promise<string | undefined> {
  const init: Record<string, unknown> = {};
  for (const location of ["path", "query", "header", "cookie"] as const) {
    if (Object.keys(request.parameters[location]).length > 0)
      init[location] = request.parameters[location];
  }
  const kind = media === undefined ? undefined : mediaKind(media.mediaType);
  if (request.body !== undefined && media !== undefined && kind !== undefined) {
    if (kind === "events" || kind === "ndjson")
      return `excluded: a ${media.mediaType} request body`;
    init.body = clientBody(kind, request.body.value, media.schema, api.document);
    if ((operation.requestBody?.contents.length ?? 0) > 1) init.contentType = media.mediaType;
  }
  const result = await method(init);
  // the request side
  const got = receivedBy();
  if (got === undefined) {
    const why =
      serverError() ??
      (isObject(result.error) ? JSON.stringify(result.error).slice(0, 200) : String(result.error));
    return `the handler was not called: ${result.status} ${why}`;
  }
  // an empty array or object has no form in a query, header or cookie: it is not sent
  const sent = await comparable({
    path: request.parameters.path,
    query: withoutEmpty(request.parameters.query, operation.parameters.query),
    header: await comparable(
      withoutEmpty(request.parameters.header, operation.parameters.header),
      true,
    ),
    cookie: withoutEmpty(request.parameters.cookie, operation.parameters.cookie),
  });
  const parameters = firstDifference(sent, withoutFetchDefaults(got.parameters, sent));
  if (parameters !== undefined) return `the handler got other parameters: ${parameters}`;
  if (request.body !== undefined && kind !== undefined) {
    const value =
      kind === "form" || kind === "multipart"
        ? withoutUnsendable(request.body.value, kind === "form")
        : request.body.value;
    const expected = await comparable(
      kind === "binary"
        ? { bytes: asText(value) }
        : kind === "text"
          ? asText(value)
          : clientBody(kind, value, media?.schema, api.document),
    );
    // zero bytes of a binary or text body, or a form without a field, arrive as no body
    const empty =
      ((kind === "binary" || kind === "text") && asText(value) === "") ||
      (kind === "form" && isObject(value) && Object.keys(value).length === 0);
    if (empty && got.body === undefined) return checkResponse(result, plan, serverError);
    const difference = firstDifference(expected, got.body);
    if (difference !== undefined) return `the handler got another body: ${difference}`;
  }
  return checkResponse(result, plan, serverError);
}

/** The response side of a call: the declared status and body; the problem found, or undefined. */
async function checkResponse(
  result: Awaited<ReturnType<Method>>,
  plan: PlannedResponse,
  serverError: () => string | undefined,
): Promise<string | undefined> {
  if (result.status !== plan.status)
    return `the client got ${result.status} instead of ${plan.status}: ${serverError() ?? JSON.stringify(result.error)?.slice(0, 200)}`;
  // a 2XX body is the call's `data`; any other status's is its `error`
  const body = result.ok ? result.data : result.error;
  // without a body, a non-2XX `error` is an UnexpectedResponseBody of no text
  const none =
    body === undefined ||
    (body instanceof Error &&
      body.name === "UnexpectedResponseBody" &&
      (body as Error & { text?: unknown }).text === "");
  if (plan.kind === undefined)
    return none ? undefined : `the client got a body where none was declared`;
  // zero bytes of a text or binary body: the client's `data` is undefined (docs/client.md)
  if (
    (plan.kind === "binary" || plan.kind === "text") &&
    asText(plan.value) === "" &&
    body === undefined
  )
    return undefined;
  const data = await readData(body, plan.kind);
  const expected =
    plan.kind === "binary"
      ? { bytes: asText(plan.value) }
      : plan.kind === "text"
        ? asText(plan.value)
        : await comparable(plan.value);
  const difference = firstDifference(expected, data);
  return difference === undefined
    ? undefined
    : `the client got another ${plan.mediaType} body: ${difference}`;
}

/** The client's `data`, comparable: stream items collected (event data), blobs read. */
async function readData(data: unknown, kind: MediaKind): Promise<unknown> {
  if (kind === "events" || kind === "ndjson") {
    if (typeof data !== "object" || data === null || !(Symbol.asyncIterator in data))
      return { notAStream: await comparable(data) };
    const items: unknown[] = [];
    for await (const item of data as AsyncIterable<unknown>)
      items.push(kind === "events" ? (item as { data: unknown }).data : item);
    return comparable(items);
  }
  return comparable(data);
}

/** Credentials for every security scheme of the spec (by scheme name), and every scope its requirements name. */
function credentialsFor(document: Record<string, unknown>): {
  credentials: Record<string, unknown>;
  scopes: string[];
} {
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const credentials: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(schemes)) {
    const scheme = resolveObject(document, raw);
    if (scheme === undefined) continue;
    if (
      scheme.type === "http" &&
      typeof scheme.scheme === "string" &&
      scheme.scheme.toLowerCase() === "basic"
    )
      credentials[name] = { username: "round", password: "trip" };
    else credentials[name] = API_KEY;
  }
  const scopes = new Set<string>();
  const collect = (requirements: unknown): void => {
    if (!Array.isArray(requirements)) return;
    for (const requirement of requirements)
      if (isObject(requirement))
        for (const list of Object.values(requirement))
          if (Array.isArray(list)) for (const scope of list) scopes.add(String(scope));
  };
  collect(document.security);
  const paths = isObject(document.paths) ? document.paths : {};
  for (const item of Object.values(paths))
    if (isObject(item))
      for (const operation of Object.values(item))
        if (isObject(operation)) collect(operation.security);
  return { credentials, scopes: [...scopes] };
}

/**
 * Why no request can meet the operation's security, when each of its requirements combines two
 * schemes that need different values in the one `Authorization` header (HTTP basic and bearer;
 * OAuth 2, OpenID Connect and http bearer share one token); undefined otherwise.
 */
function sharedAuthorization(
  document: Record<string, unknown>,
  operation: OperationModel,
): string | undefined {
  const requirements = operation.securityRequirements;
  if (requirements.length === 0) return undefined;
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  // what a scheme puts in Authorization: bearer-token schemes share one token (one value)
  const authorizationKind = (name: string): string | undefined => {
    const scheme = resolveObject(document, schemes[name]);
    if (scheme?.type === "oauth2" || scheme?.type === "openIdConnect") return "bearer";
    if (scheme?.type !== "http") return undefined;
    return typeof scheme.scheme === "string" ? scheme.scheme.toLowerCase() : "";
  };
  const clashes = requirements.map((requirement) =>
    requirement.schemes
      .filter((scheme) => authorizationKind(scheme.name) !== undefined)
      .map((scheme) => scheme.name),
  );
  const kinds = (names: readonly string[]) => new Set(names.map(authorizationKind)).size;
  if (!clashes.every((names) => kinds(names) >= 2)) return undefined;
  return `every security requirement needs two credentials in the one Authorization header (${clashes.map((names) => names.join(" + ")).join("; ")})`;
}

/**
 * Why fetch cannot send the operation's request: TRACE is a forbidden method
 * (https://fetch.spec.whatwg.org/#forbidden-method), and a GET or HEAD request has no body, so a
 * required one cannot be sent.
 */
function unsendable(operation: OperationModel): string | undefined {
  if (operation.method === "trace")
    return "fetch refuses the TRACE method (a forbidden method of the Fetch standard)";
  if (
    (operation.method === "get" || operation.method === "head") &&
    operation.requestBody?.required === true
  ) {
    return `it requires a request body on ${operation.method.toUpperCase()}, which fetch cannot send`;
  }
  return undefined;
}

/** Why no request can carry a path parameter (always required in OpenAPI): its template has no place for it. */
function pathParameterOutsideTemplate(operation: OperationModel): string | undefined {
  const names = new Set(templateParameters(operation.path));
  const outside = operation.parameters.path
    .filter((parameter) => !names.has(parameter.name))
    .map((parameter) => parameter.name);
  return outside.length === 0
    ? undefined
    : `it declares the path parameter ${outside.join(", ")}, which its path template ${operation.path} has no place for`;
}

/**
 * Headers that fetch sends on its own when the request has none (Node's: `User-Agent: node`,
 * `Accept-Encoding`, `Accept-Language`, `Sec-Fetch-Mode`; browsers send theirs): a spec that
 * declares one as a parameter (Shutterstock's `User-Agent`) receives fetch's value when the
 * client sent none.
 */
const FETCH_DEFAULT_HEADERS = [
  "user-agent",
  "accept-encoding",
  "accept-language",
  "sec-fetch-mode",
];

/** What the handler received, without the headers fetch added itself (those the client did not send). */
function withoutFetchDefaults(received: unknown, sent: unknown): unknown {
  if (
    !isObject(received) ||
    !isObject(received.header) ||
    !isObject(sent) ||
    !isObject(sent.header)
  )
    return received;
  const sentHeaders = sent.header;
  const header = Object.fromEntries(
    Object.entries(received.header).filter(
      ([name]) => !FETCH_DEFAULT_HEADERS.includes(name) || name in sentHeaders,
    ),
  );
  return { ...received, header };
}

/** Header parameters OpenAPI says to ignore (Accept, Content-Type, Authorization). */
function withoutIgnoredHeaders(header: unknown): unknown {
  if (!isObject(header)) return header;
  const {
    accept: _accept,
    "content-type": _contentType,
    authorization: _authorization,
    ...rest
  } = header;
  return rest;
}

/**
 * A form or multipart body without what no field can carry, as the client leaves it out: `null`,
 * empty arrays, and in a form (`objects`) empty objects too, also those left empty once their own empty
 * members are gone (`{ settings: {} }`). A multipart part carries an object as JSON, whole: `{}`
 * and empty arrays inside it included (only the top-level fields are parts).
 */
function withoutUnsendable(value: unknown, objects: boolean, top = true): unknown {
  if (!objects && !top) return value;
  if (Array.isArray(value)) return value.map((item) => withoutUnsendable(item, objects, false));
  if (!isObject(value) || value instanceof Blob) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const inner = withoutUnsendable(item, objects, false);
    if (inner === null || (Array.isArray(inner) && inner.length === 0)) continue;
    if (
      objects &&
      isObject(inner) &&
      !Array.isArray(inner) &&
      !(inner instanceof Blob) &&
      Object.keys(inner).length === 0
    )
      continue;
    kept[key] = inner;
  }
  return kept;
}

/**
 * Parameters without what has no form: empty arrays and objects, also nested ones (`{ tax: {} }`
 * inside a deepObject). What travels as JSON is carried whole: a JSON-content parameter, and the
 * items of an array outside `deepObject` (objects there are JSON items).
 */
function withoutEmpty(
  values: Readonly<Record<string, unknown>>,
  parameters: readonly ParameterModel[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const parameter = parameters.find((candidate) => candidate.name === name);
    const whole =
      parameter !== undefined &&
      (isJsonParameter(parameter) ||
        (Array.isArray(value) && value.length > 0 && parameter.style !== "deepObject"));
    const kept = whole
      ? value
      : (withoutUnsendable({ [name]: value }, true) as Record<string, unknown>)[name];
    if (whole || (kept !== undefined && !(isObject(kept) && Object.keys(kept).length === 0)))
      out[name] = kept;
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
