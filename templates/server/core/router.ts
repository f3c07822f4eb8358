// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A segment trie built once from the operations' path templates.
 *
 * - Static segments win over parameters; when a static branch fails deeper down, the router
 *   backtracks and tries the parameter branch (`/pets/mine` and `/pets/{petId}/photos` coexist).
 * - A parameter matches exactly one non-empty segment, or part of one (`/Accounts/{Sid}.json`,
 *   see route-template.ts); its value is percent-decoded (a malformed escape answers `bad-path`,
 *   which the runtime turns into a 400). Static segments are tried first, then patterns (the
 *   longest literal text first), then whole-segment parameters.
 * - A literal query in a template (`/responses/{id}?beta=true`) selects its operation when the
 *   request carries it; among the operations of one method and path, the one whose pairs are all
 *   present wins (the most pairs first), else the one without a literal query, else the first.
 * - A fragment (`/#Action=DescribeInstances`, `/{Bucket}#tagging`) holds route keys that the
 *   request must carry in its query or headers (route-keys.ts); an operation with keys is never
 *   chosen without them, and a request that two operations' keys fit equally is not found.
 * - Templates that cannot be routed apart (two operations on the same method and path shape with
 *   the same literal query) or cannot be read are never thrown at construction: the first in spec
 *   order is served, and each problem is listed in `conflicts` (the generator warns about them).
 * - Static segments are compared as sent (no decoding), case-sensitively; a template's text that
 *   cannot stand in a path as written (`<upload_url>`, `café`) also matches its percent-encoded
 *   form (`%3Cupload_url%3E`, `caf%C3%A9`).
 * - Trailing slashes are significant: `/pets/` does not match `/pets` (404), because the spec
 *   declares exact paths; a template that ends with `/` matches only with the slash.
 * - Methods are matched exactly as sent (RFC 9110 §9.1: method names are case-sensitive), so `get`
 *   is not `GET`. `HEAD` reaches the `GET` operation of a path that declares no `HEAD` of its own
 *   (RFC 9110 §9.3.2), and is then listed in `Allow`.
 * - A method-only miss answers `method-not-allowed` with every method the path accepts.
 */
import type { HttpMethod } from "./descriptor.js";
import { missingReader } from "./optional-readers.js";
import type { RouteKey, RouteKeyReader } from "./route-keys.js";
import { parseRouteTemplate } from "./route-template.js";
import {
  childFor,
  newNode,
  sameQuery,
  selectRoute,
  type Route,
  type TrieNode,
} from "./route-trie.js";

/** What the router needs from an operation. */
export interface RoutableOperation {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
}

export type RouteMatch<Op> =
  | {
      readonly kind: "found";
      readonly operation: Op;
      readonly params: Record<string, string>;
      /** The values as sent (percent-encoded), when one of them was decoded into `params`. */
      readonly rawParams?: Record<string, string>;
    }
  | { readonly kind: "not-found" }
  | { readonly kind: "method-not-allowed"; readonly allow: readonly string[] }
  | {
      readonly kind: "bad-path";
      /** The operation the path would reach, so its answer still carries e.g. deprecation headers. */
      readonly operation: Op;
      readonly parameter: string;
      readonly message: string;
    };

/** A template the router cannot serve as written: the operations involved and why. */
export interface RouteConflict {
  readonly operationIds: readonly string[];
  readonly message: string;
}

export interface Router<Op> {
  /**
   * `method` as sent (upper-case for the standard methods); `pathname` without the query;
   * `query` the raw query string without `?`, `header` a header's value by lower-case name (only
   * read when a template has a literal query or route keys).
   */
  match(
    method: string,
    pathname: string,
    query?: string,
    header?: (name: string) => string | null,
  ): RouteMatch<Op>;
  /** Every method the path accepts (`HEAD` with `GET`), in a stable order; empty when unknown. */
  allowed(pathname: string): readonly string[];
  /** Operations that cannot be routed as written (empty for a routable spec). */
  readonly conflicts: readonly RouteConflict[];
}

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"];
const NOT_FOUND = Object.freeze({ kind: "not-found" as const });

const NO_KEYS: readonly RouteKey[] = [];

/**
 * @param isHeaderKey whether a route key of `operation` is one of its header parameters (the key
 *   is then read from that header, else from the query)
 * @param keys the route keys' reader (the API descriptor's `readers.routeKeys`): a template with a
 *   fragment needs it, and is refused without it (a `ConfigurationError` naming the operation)
 */
export function createRouter<Op extends RoutableOperation>(
  operations: readonly Op[],
  isHeaderKey: (operation: Op, name: string) => boolean = () => false,
  keys?: RouteKeyReader,
): Router<Op> {
  const root = newNode<Op>();
  const conflicts: RouteConflict[] = [];

  for (const operation of operations) {
    let template;
    try {
      template = parseRouteTemplate(operation.path);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      conflicts.push({
        operationIds: [operation.operationId],
        message: `${operation.operationId} cannot be routed: ${reason}`,
      });
      continue;
    }
    let node = root;
    const paramNames: string[] = [];
    for (const segment of template.segments) {
      if (segment.kind === "param") paramNames.push(segment.name);
      if (segment.kind === "pattern") {
        paramNames.push(...segment.names);
        if (segment.adjacent) {
          conflicts.push({
            operationIds: [operation.operationId],
            message: `${operation.operationId} (${operation.path}) has parameters with no text between them: a value is split after its first character`,
          });
        }
      }
      node = childFor(node, segment);
    }
    const method = operation.method.toUpperCase();
    let routeKeys = NO_KEYS;
    if (template.fragment !== "") {
      routeKeys = (
        keys ??
        missingReader(
          operation.operationId,
          `its route keys (#${template.fragment})`,
          "routeKeys",
          "route-keys.js",
        )
      ).parse(template.fragment, (name) => isHeaderKey(operation, name));
    }
    node.routes ??= new Map();
    const routes = node.routes.get(method) ?? [];
    const clash = routes.find(
      (route) =>
        sameQuery(route.query, template.query) &&
        (keys === undefined || keys.same(route.keys, routeKeys)),
    );
    if (clash !== undefined) {
      const a = clash.operation;
      conflicts.push({
        operationIds: [a.operationId, operation.operationId],
        message: `${a.operationId} (${method} ${a.path}) and ${operation.operationId} (${method} ${operation.path}) answer the same requests: ${operation.operationId} is never reached`,
      });
      continue;
    }
    routes.push({ operation, paramNames, query: template.query, keys: routeKeys });
    node.routes.set(method, routes);
  }

  /** Parameter values of the current search, by position of parameter. */
  const values: string[] = [];

  /**
   * Depth-first search: static, then patterns, then parameter. `start` is the index of the current
   * segment in `path`, or -1 once every segment is consumed.
   */
  function search(
    node: TrieNode<Op>,
    path: string,
    start: number,
    method: string,
    depth: number,
  ): Route<Op>[] | undefined {
    if (start === -1) return node.routes?.get(method);
    const slash = path.indexOf("/", start);
    const end = slash === -1 ? path.length : slash;
    const next = slash === -1 ? -1 : slash + 1;
    if (node.statics !== undefined) {
      const child = node.statics.get(path.slice(start, end));
      if (child !== undefined) {
        const found = search(child, path, next, method, depth);
        if (found !== undefined) return found;
      }
    }
    if (node.patterns !== undefined && end > start) {
      const segment = path.slice(start, end);
      for (const pattern of node.patterns) {
        const match = pattern.matcher.exec(segment);
        if (match === null) continue;
        for (let i = 1; i < match.length; i++) values[depth + i - 1] = match[i] as string;
        const found = search(pattern.node, path, next, method, depth + match.length - 1);
        if (found !== undefined) return found;
      }
    }
    if (node.param !== undefined && end > start) {
      values[depth] = path.slice(start, end);
      return search(node.param, path, next, method, depth + 1);
    }
    return undefined;
  }

  /** Collects every method the path accepts (only used on a miss). */
  function collect(node: TrieNode<Op>, path: string, start: number, into: Set<string>): void {
    if (start === -1) {
      if (node.routes !== undefined) for (const method of node.routes.keys()) into.add(method);
      return;
    }
    const slash = path.indexOf("/", start);
    const end = slash === -1 ? path.length : slash;
    const next = slash === -1 ? -1 : slash + 1;
    const child = node.statics?.get(path.slice(start, end));
    if (child !== undefined) collect(child, path, next, into);
    if (node.patterns !== undefined && end > start) {
      const segment = path.slice(start, end);
      for (const pattern of node.patterns) {
        if (pattern.matcher.test(segment)) collect(pattern.node, path, next, into);
      }
    }
    if (node.param !== undefined && end > start) collect(node.param, path, next, into);
  }

  function allowedMethods(pathname: string): readonly string[] {
    if (pathname.charCodeAt(0) !== 47 /* / */) return [];
    const allowed = new Set<string>();
    collect(root, pathname, pathname.length === 1 ? -1 : 1, allowed);
    if (allowed.has("GET")) allowed.add("HEAD");
    return METHOD_ORDER.filter((m) => allowed.has(m));
  }

  return {
    allowed: allowedMethods,
    conflicts,
    match(method, pathname, query, header) {
      if (pathname.charCodeAt(0) !== 47 /* / */) return NOT_FOUND;
      const start = pathname.length === 1 ? -1 : 1;
      let routes = search(root, pathname, start, method, 0);
      if (routes === undefined && method === "HEAD")
        routes = search(root, pathname, start, "GET", 0);
      if (routes === undefined) {
        const allow = allowedMethods(pathname);
        return allow.length === 0 ? NOT_FOUND : { kind: "method-not-allowed", allow };
      }
      const route = selectRoute(routes, query, header, keys);
      if (route === undefined) return NOT_FOUND;
      const params: Record<string, string> = {};
      let rawParams: Record<string, string> | undefined;
      const names = route.paramNames;
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        const raw = values[i] as string;
        if (raw.indexOf("%") === -1) {
          params[name] = raw;
        } else {
          try {
            params[name] = decodeURIComponent(raw);
            rawParams ??= {};
            rawParams[name] = raw;
          } catch {
            return {
              kind: "bad-path",
              operation: route.operation,
              parameter: name,
              message: `path.${name} is not valid percent-encoding`,
            };
          }
        }
      }
      return rawParams === undefined
        ? { kind: "found", operation: route.operation, params }
        : { kind: "found", operation: route.operation, params, rawParams };
    },
  };
}
