// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Operations prepared once at start-up, and the collection of their parameters per request.
 *
 * Parameters are collected as the generated validators expect them: `{ path, query, header,
 * cookie }` with string values (arrays of strings for `array` parameters) and only the parameters
 * that were sent. Query arrays take every occurrence (`?tag=a&tag=b`, form + explode); a non-array
 * query parameter sent twice is a 400 (no value is silently dropped unvalidated); header and
 * cookie arrays are split on commas (simple style). Header names are lower-case. Parameters in
 * another style, and objects, are read by the descriptor's `readers.parameterStyles`
 * (parameter-styles.ts), which only an API with such parameters carries; cookies likewise by its
 * `readers.cookies` (cookies.ts).
 */
import { prepareBody, type PreparedBody } from "./body.js";
import type { CookieReader } from "./cookies.js";
import type {
  ApiDescriptor,
  ApiReaders,
  ParameterDescriptor,
  ResponseDescriptor,
  ServerOperationDescriptor,
} from "./descriptor.js";
import { deprecationHeaders } from "./deprecation.js";
import { IDEMPOTENCY_KEY_HEADER } from "./idempotency.js";
import { RequestError } from "./errors.js";
import type { RequestSource } from "./request-source.js";
import type { StreamBodyWriter } from "./stream-body.js";
import { cookieReaderFor, streamWriterFor, styleReaderFor } from "./optional-readers.js";
import {
  prepareStyled,
  type ParameterStyleReaders,
  type StyledParameter,
} from "./styled-parameter.js";

export interface PreparedParameter {
  readonly name: string;
  readonly array: boolean;
  /** A query value that is a list or one value: repeated, a list (see `ParameterDescriptor`). */
  readonly listOrValue: boolean;
  /** Set when the parameter is not read the plain way (see parameter-styles.ts). */
  readonly styled?: StyledParameter;
}

export interface PreparedOperation {
  readonly operationId: string;
  readonly method: ServerOperationDescriptor["method"];
  readonly path: string;
  readonly secured: boolean;
  readonly hasParameters: boolean;
  readonly query: readonly PreparedParameter[];
  readonly header: readonly PreparedParameter[];
  readonly cookie: readonly PreparedParameter[];
  /** Path parameters read by their style (`label`, `matrix`, arrays, objects). */
  readonly styledPath: readonly StyledParameter[];
  /** The query parameters' names, when one of them is styled. */
  readonly queryNames: ReadonlySet<string> | undefined;
  /** The styled readers, when a parameter is styled (the API descriptor's `readers`). */
  readonly styles: ParameterStyleReaders | undefined;
  /** The `Cookie` header's reader, when a parameter is a cookie (the API descriptor's `readers`). */
  readonly cookies: CookieReader | undefined;
  readonly validateParameters: ServerOperationDescriptor["validateParameters"];
  readonly body: PreparedBody | undefined;
  /** Whether the operation declares the `Idempotency-Key` header (see idempotency.ts). */
  readonly idempotent: boolean;
  /** `Deprecation`/`Sunset`, sent on every response of the operation. */
  readonly fixedHeaders: ReadonlyArray<readonly [string, string]>;
  readonly responses: Readonly<Record<string, ResponseDescriptor>>;
  /** The declared response per status (exact, range, default), filled on first use. */
  readonly responseByStatus: Map<number, ResponseDescriptor | null>;
  /** Writes an async iterable as NDJSON or events, when the API streams (stream-writer.ts). */
  readonly writeStream: StreamBodyWriter | undefined;
}

export interface ParameterValues {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  cookie: Record<string, unknown>;
}

/**
 * Every operation of `api`, prepared with the readers it carries (an operation that needs one it
 * lacks is refused: optional-readers.ts).
 */
export function prepareOperations(api: ApiDescriptor): PreparedOperation[] {
  return api.operations.map((operation) => prepareWith(operation, api.readers));
}

/** One operation of a descriptor without `readers` (see {@link prepareOperations}). */
export function prepareOperation(operation: ServerOperationDescriptor): PreparedOperation {
  return prepareWith(operation, undefined);
}

function prepareWith(
  operation: ServerOperationDescriptor,
  readers: ApiReaders | undefined,
): PreparedOperation {
  let styles: ParameterStyleReaders | undefined;
  const byLocation = (location: ParameterDescriptor["in"]): PreparedParameter[] =>
    operation.parameters
      .filter((parameter) => parameter.in === location)
      .map((parameter) => {
        const styled = prepareStyled(parameter);
        styles ??= styleReaderFor(styled, operation.operationId, readers);
        const name = location === "header" ? parameter.name.toLowerCase() : parameter.name;
        const listOrValue = parameter.listOrValue === true;
        return styled === undefined
          ? { name, array: parameter.array === true, listOrValue }
          : { name, array: parameter.array === true, listOrValue, styled };
      });
  const query = byLocation("query");
  const header = byLocation("header");
  const cookie = byLocation("cookie");
  const styledPath = byLocation("path").flatMap(({ styled }) =>
    styled === undefined ? [] : [styled],
  );
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    secured: operation.secured,
    hasParameters: operation.parameters.length > 0,
    query,
    header,
    cookie,
    styledPath,
    queryNames: query.some(({ styled }) => styled !== undefined)
      ? new Set(query.map(({ name }) => name))
      : undefined,
    styles,
    cookies:
      cookie[0] === undefined
        ? undefined
        : cookieReaderFor(operation.operationId, `its cookie parameter ${cookie[0].name}`, readers),
    validateParameters: operation.validateParameters,
    body:
      operation.body === undefined
        ? undefined
        : prepareBody(operation.body, operation.operationId, readers),
    idempotent: operation.parameters.some(
      (parameter) =>
        parameter.in === "header" && parameter.name.toLowerCase() === IDEMPOTENCY_KEY_HEADER,
    ),
    fixedHeaders: deprecationHeaders(operation),
    responses: operation.responses,
    responseByStatus: new Map(),
    writeStream: streamWriterFor(operation, readers),
  };
}

/** Whether `operation` declares the header `name` (a route key read from it: router.ts). */
export function declaresHeader(operation: PreparedOperation, name: string): boolean {
  return operation.header.some((parameter) => parameter.name === name.toLowerCase());
}

const EMPTY: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/**
 * The raw (string) parameter values of a request, ready for `validateParameters`. A location
 * without declared parameters gets a shared frozen empty object (nothing can be coerced there).
 */
export function collectParameters(
  operation: PreparedOperation,
  source: RequestSource,
  pathParams: Record<string, string>,
  searchParams: () => URLSearchParams,
  search = "",
  rawPathParams?: Readonly<Record<string, string>>,
): ParameterValues {
  // set whenever a parameter is styled (prepareOperation)
  const styles = operation.styles!;
  let path: Record<string, unknown> = pathParams;
  if (operation.styledPath.length > 0) {
    path = { ...pathParams };
    for (const styled of operation.styledPath) {
      const raw = rawPathParams?.[styled.name] ?? pathParams[styled.name];
      if (raw !== undefined) path[styled.name] = styles.path(styled, raw);
    }
  }
  let query = EMPTY;
  if (operation.query.length > 0) {
    query = {};
    const params = searchParams();
    const pairs = operation.queryNames === undefined ? [] : styles.queryPairs(search);
    for (const { name, array, listOrValue, styled } of operation.query) {
      if (styled !== undefined) {
        const value = styles.query(styled, pairs, operation.queryNames ?? new Set());
        if (value !== undefined) query[name] = value;
      } else if (array) {
        const values = params.getAll(name);
        if (values.length > 0) query[name] = values;
      } else {
        const values = params.getAll(name);
        if (values.length > 1 && listOrValue) {
          query[name] = values;
          continue;
        }
        if (values.length > 1) {
          throw new RequestError(
            400,
            "validation_failed",
            `query.${name} was given ${values.length} times; it takes one value`,
          );
        }
        if (values.length === 1) query[name] = values[0];
      }
    }
  }
  let header = EMPTY;
  if (operation.header.length > 0) {
    header = {};
    for (const { name, array, styled } of operation.header) {
      const value = source.header(name);
      if (value === null) continue;
      if (styled !== undefined) header[name] = styles.header(styled, value);
      else header[name] = array ? value.split(",").map((item) => item.trim()) : value;
    }
  }
  let cookie = EMPTY;
  if (operation.cookie.length > 0) {
    cookie = {};
    // set whenever a parameter is a cookie (prepareOperation)
    const cookies = operation.cookies!.parse(source.header("cookie"));
    for (const { name, array, styled } of operation.cookie) {
      const value = cookies[name];
      if (styled !== undefined) {
        const read = styles.cookie(styled, value, cookies);
        if (read !== undefined) cookie[name] = read;
      } else if (value !== undefined) cookie[name] = array ? value.split(",") : value;
    }
  }
  return { path, query, header, cookie };
}

/** For operations without any parameter. */
export function noParameters(pathParams: Record<string, string>): ParameterValues {
  return { path: pathParams, query: EMPTY, header: EMPTY, cookie: EMPTY };
}
