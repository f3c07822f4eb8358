// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * MSW 2.x request handlers from a generated table of mocked responses (`mocks.ts`): one handler
 * per operation answering its default response, per-test overrides by operation and status, and
 * a 429 helper. Works with `msw/node` (`setupServer`) and `msw/browser` (`setupWorker`): nothing
 * here touches Node.js.
 */
import { http, HttpResponse, type HttpHandler } from "msw";
import type { PaginationDescriptor } from "../client/descriptor.js";
import type { OperationCodec, TransformModule } from "../client/operation-transforms.js";
import type { TransformOptions } from "../client/transforms.js";
import { pagedResponse } from "./mock-pages.js";

/** One mocked response: the status, its body (JSON or text) and headers, all from the spec. */
export interface MockResponse {
  readonly status: number;
  /** A JSON body (the spec's example, else data generated from the schema). */
  readonly json?: unknown;
  /** A text body. */
  readonly text?: string;
  /** The body's media type, when it has one. */
  readonly mediaType?: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** An operation of the table. */
export interface MockOperation {
  readonly method: "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";
  /** The spec's path template, e.g. `/pets/{petId}`. */
  readonly path: string;
  /** The status the default handler answers with. */
  readonly status: number;
  /** Every declared status (`4XX` as 400, `default` as 500 or 200), with its response. */
  readonly responses: Readonly<Record<number, MockResponse>>;
  /**
   * How the operation pages (`x-pagination`): its default answer and {@link MockSet.pages} then
   * serve the page the request asks for, with the total and `Link` headers (mock-pages.ts).
   */
  readonly pagination?: PaginationDescriptor;
}

export interface MockOptions {
  /**
   * The client's `baseUrl` (e.g. `http://127.0.0.1:8080/v1`): handlers match only under it; a
   * path (`/api/v1`) matches under any origin. Without it, the spec's paths on any origin.
   */
  readonly baseUrl?: string;
  /**
   * The client's option `transforms` (`{ dates: true, int64: "bigint" }`): {@link MockSet.body}
   * gives the data as such a client reads it (`Date`, `bigint`), and bodies given to overrides
   * may hold `Date`s and `bigint`s (sent as ISO 8601 and as JSON numbers with every digit).
   */
  readonly transforms?: TransformOptions;
}

/** Options of one override. */
export interface MockInit {
  /** Headers to add (or replace) on the response. */
  readonly headers?: Record<string, string>;
  /** Answer only the next matching request, then fall back to the handlers after it. */
  readonly once?: boolean;
}

/** Options of the 429 helper. */
export interface RateLimitedInit {
  /** The `Retry-After` in seconds; 1 by default. */
  readonly retryAfter?: number;
  /** How many requests get the 429 before the other handlers answer again; 1 by default. */
  readonly times?: number;
}

type Responses<Op> = Op extends { responses: infer R } ? R : never;
type NumericStatus<K> = K extends number ? K : K extends `${infer N extends number}` ? N : never;
type OtherKey<R> = Extract<keyof R, "default" | `${number}XX`>;
type ContentOf<R> = R extends { content: infer C } ? C[keyof C] : undefined;

/** The statuses an override of `Op` takes: the declared codes (any code when a range or `default` is declared). */
export type MockStatus<Op> =
  NumericStatus<keyof Responses<Op>> | ([OtherKey<Responses<Op>>] extends [never] ? never : number);

/** The body an override of `Op` with status `S` takes: that response's content. */
export type MockBody<Op, S> = S extends keyof Responses<Op>
  ? ContentOf<Responses<Op>[S]>
  : ContentOf<Responses<Op>[OtherKey<Responses<Op>>]>;

/**
 * An override of one operation: `mock.listPets(200, body)` answers 200 with `body`;
 * `mock.getPetById(404)` answers 404 with the spec's example (or generated data). Pass the handler
 * to `server.use(...)` / `worker.use(...)`.
 */
export type MockOverride<Op> = <S extends MockStatus<Op>>(
  status: S,
  body?: MockBody<Op, S>,
  init?: MockInit,
) => HttpHandler;

/** What `create<Name>Mocks` builds, typed per operation by the generated code. */
export interface MockSet<Name extends string> {
  /** One handler per operation, answering its default response: `setupServer(...handlers)`. */
  readonly handlers: HttpHandler[];
  /** Per-test overrides by operation name. */
  readonly mock: Readonly<
    Record<Name, (status: number, body?: unknown, init?: MockInit) => HttpHandler>
  >;
  /**
   * A 429 for `operation` with `Retry-After` (and `X-RateLimit-Remaining: 0`, a reset after the
   * wait, when the spec declares those), for `times` requests; then the other handlers answer.
   */
  rateLimited(operation: Name, init?: RateLimitedInit): HttpHandler;
  /**
   * A paginated operation answering `items` (the whole collection, in order) page by page, as the
   * request's page parameters ask, with the declared total and `Link` headers: a walk through it
   * sees every item once. Throws for an operation without `x-pagination`.
   */
  pages(operation: Name, items: readonly unknown[], init?: MockInit): HttpHandler;
  /**
   * A copy of the JSON body `operation` answers with `status` (its default status when omitted):
   * with the option `transforms`, as the client with the same option reads it.
   */
  body(operation: Name, status?: number): unknown;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The URL pattern of a path template: parameters match one segment; the query is not part of it. */
export function pathPattern(path: string, baseUrl: string | undefined): RegExp {
  const template = withoutFragment(path)
    .split(/(\{[^}]*\})/)
    .map((part) => (/^\{[^}]*\}$/.test(part) ? "[^/?#]+" : escapeRegExp(part)))
    .join("");
  const anyOrigin = "[a-z][a-z0-9+.-]*://[^/?#]+";
  const prefix = baseUrl?.replace(/\/+$/, "");
  // an absolute base URL as given; a path (`/api/v1`) under any origin
  const base =
    prefix === undefined
      ? anyOrigin
      : prefix.startsWith("/") || prefix === ""
        ? anyOrigin + escapeRegExp(prefix)
        : escapeRegExp(prefix);
  return new RegExp(`^${base}${template}/?$`, "i");
}

/**
 * Compares two path templates so that the more specific comes first: segment by segment, a static
 * segment before a parameter (`/pets/mine` before `/pets/{petId}`), then the longer path.
 */
export function comparePaths(a: string, b: string): number {
  const left = withoutFragment(a).split("/");
  const right = withoutFragment(b).split("/");
  for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
    const l = /^\{.*\}$/.test(left[index] ?? "") ? 1 : 0;
    const r = /^\{.*\}$/.test(right[index] ?? "") ? 1 : 0;
    if (l !== r) return l - r;
  }
  return right.length - left.length || routeKeys(b).length - routeKeys(a).length;
}

const withoutFragment = (path: string): string =>
  path.includes("#") ? path.slice(0, path.indexOf("#")) : path;

/**
 * The route keys of a path's fragment (`/#Action=Describe`, `/{Bucket}#tagging`): `[name, value]`,
 * the value `undefined` when the key only has to be present (see the server's route-keys.ts).
 */
function routeKeys(path: string): [string, string | undefined][] {
  const hash = path.indexOf("#");
  if (hash === -1) return [];
  return path
    .slice(hash + 1)
    .split("&")
    .filter((item) => item !== "")
    .map((item) => {
      const equals = item.indexOf("=");
      return equals === -1 ? [item, undefined] : [item.slice(0, equals), item.slice(equals + 1)];
    });
}

/** Whether `request` carries every key, in its query or in the header of that name. */
function carriesKeys(request: Request, keys: readonly [string, string | undefined][]): boolean {
  const query = new URL(request.url).searchParams;
  return keys.every(([name, value]) => {
    const sent = query.get(name) ?? request.headers.get(name)?.trim() ?? null;
    return sent !== null && (value === undefined || sent === value);
  });
}

function respond(
  response: MockResponse,
  body: unknown,
  headers: Record<string, string>,
  codec?: OperationCodec,
): Response {
  const all = { ...response.headers, ...headers };
  if (response.json !== undefined || (body !== undefined && response.text === undefined)) {
    const value = body === undefined ? response.json : body;
    if (codec === undefined)
      return HttpResponse.json(value as never, { status: response.status, headers: all });
    // with the transforms: `Date`s and `bigint`s written as the server writes them
    return new HttpResponse(codec.stringify(value), {
      status: response.status,
      headers: { "content-type": response.mediaType ?? "application/json", ...all },
    });
  }
  const text = body === undefined ? response.text : String(body);
  if (text === undefined) return new HttpResponse(null, { status: response.status, headers: all });
  return new HttpResponse(text, {
    status: response.status,
    headers: { "content-type": response.mediaType ?? "text/plain", ...all },
  });
}

function responseFor(operation: MockOperation, status: number): MockResponse {
  return operation.responses[status] ?? { status, headers: {} };
}

/**
 * Builds the handlers, overrides and 429 helper of a table.
 *
 * @param table operation name → its mocked responses (generated)
 * @param options `baseUrl`, `transforms`
 * @param transformTables the transform plans and codec (generated transforms.ts), for `options.transforms`
 */
export function createMocks<Name extends string>(
  table: Readonly<Record<Name, MockOperation>>,
  options: MockOptions = {},
  transformTables?: TransformModule,
): MockSet<Name> {
  const transforms = options.transforms;
  const codecOf = (name: Name): OperationCodec | undefined =>
    transforms === undefined || transformTables === undefined
      ? undefined
      : transformTables.operationCodec(
          transformTables.OPERATION_TRANSFORMS[name],
          transformTables.TRANSFORM_PLANS,
          transforms,
        );
  const names = (Object.keys(table) as Name[]).sort((a, b) =>
    comparePaths(table[a].path, table[b].path),
  );
  const handlerFor = (
    name: Name,
    answer: (request: Request) => Response | undefined,
    handlerOptions?: { once: boolean },
  ): HttpHandler => {
    const operation = table[name];
    const pattern = pathPattern(operation.path, options.baseUrl);
    const keys = routeKeys(operation.path);
    // an operation of a path with route keys answers only requests carrying them (else the next)
    const keyed = ({ request }: { request: Request }): Response | undefined =>
      keys.length === 0 || carriesKeys(request, keys) ? answer(request) : undefined;
    if (operation.method === "trace") {
      // MSW has no `http.trace`: match every method, answer TRACE only
      return http.all(
        pattern,
        (info) => (info.request.method === "TRACE" ? keyed(info) : undefined),
        handlerOptions,
      );
    }
    return http[operation.method](pattern, keyed, handlerOptions);
  };
  const override =
    (name: Name) =>
    (status: number, body?: unknown, init: MockInit = {}) =>
      handlerFor(
        name,
        () => respond(responseFor(table[name], status), body, init.headers ?? {}, codecOf(name)),
        init.once === true ? { once: true } : undefined,
      );
  const mock = Object.fromEntries(
    names.map((name) => [name, override(name)]),
  ) as MockSet<Name>["mock"];
  return {
    handlers: names.map((name) =>
      handlerFor(name, (request) => {
        const operation = table[name];
        const response = responseFor(operation, operation.status);
        const page = pagedResponse(operation, response, undefined, request);
        return respond(response, page?.body, page?.headers ?? {});
      }),
    ),
    pages(name, items, init = {}) {
      const operation = table[name];
      if (operation.pagination === undefined)
        throw new TypeError(`mocks.pages: "${name}" declares no x-pagination, so it has no pages`);
      if (operation.pagination.style === "link" && operation.pagination.page === undefined)
        throw new TypeError(
          `mocks.pages: "${name}" is a link list without a \`page\` parameter: the mock cannot say where its next link points (declare \`page\` in its x-pagination)`,
        );
      const response = responseFor(operation, operation.status);
      return handlerFor(
        name,
        (request) => {
          const page = pagedResponse(operation, response, items, request)!;
          return respond(response, page.body, { ...page.headers, ...init.headers });
        },
        init.once === true ? { once: true } : undefined,
      );
    },
    mock,
    body(name, status) {
      const response = responseFor(table[name], status ?? table[name].status);
      if (response.json === undefined) return undefined;
      const copy = structuredClone(response.json);
      const codec = codecOf(name);
      return codec === undefined ? copy : codec.decodeResponse(copy, response.status);
    },
    rateLimited(name, init = {}) {
      const retryAfter = init.retryAfter ?? 1;
      let left = init.times ?? 1;
      return handlerFor(name, () => {
        if (left <= 0) return undefined;
        left -= 1;
        const response = responseFor(table[name], 429);
        const headers: Record<string, string> = { "Retry-After": String(retryAfter) };
        for (const header of Object.keys(response.headers)) {
          if (/ratelimit-remaining$/i.test(header)) headers[header] = "0";
          if (/ratelimit-reset$/i.test(header)) {
            headers[header] = String(Math.ceil(Date.now() / 1000) + retryAfter);
          }
        }
        return respond(response, undefined, headers);
      });
    },
  };
}
