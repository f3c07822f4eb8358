// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A segment trie built once from the operations' path templates.
 *
 * - Static segments win over parameters; when a static branch fails deeper down, the router
 *   backtracks and tries the parameter branch (`/pets/mine` and `/pets/{petId}/photos` coexist).
 * - A parameter matches exactly one non-empty segment; its value is percent-decoded
 *   (a malformed escape answers `bad-path`, which the runtime turns into a 400).
 * - Static segments are compared as sent (no decoding), case-sensitively.
 * - Trailing slashes are significant: `/pets/` does not match `/pets` (404), because the spec
 *   declares exact paths; a template that ends with `/` matches only with the slash.
 * - Methods are matched exactly as sent (RFC 9110 §9.1: method names are case-sensitive), so `get`
 *   is not `GET`. `HEAD` reaches the `GET` operation of a path that declares no `HEAD` of its own
 *   (RFC 9110 §9.3.2), and is then listed in `Allow`.
 * - A method-only miss answers `method-not-allowed` with every method the path accepts.
 */
import type { HttpMethod } from "./descriptor.js";

/** What the router needs from an operation. */
export interface RoutableOperation {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
}

export type RouteMatch<Op> =
  | { readonly kind: "found"; readonly operation: Op; readonly params: Record<string, string> }
  | { readonly kind: "not-found" }
  | { readonly kind: "method-not-allowed"; readonly allow: readonly string[] }
  | {
      readonly kind: "bad-path";
      /** The operation the path would reach, so its answer still carries e.g. deprecation headers. */
      readonly operation: Op;
      readonly parameter: string;
      readonly message: string;
    };

export interface Router<Op> {
  /** `method` as sent (upper-case for the standard methods); `pathname` without the query. */
  match(method: string, pathname: string): RouteMatch<Op>;
  /** Every method the path accepts (`HEAD` with `GET`), in a stable order; empty when unknown. */
  allowed(pathname: string): readonly string[];
}

interface Route<Op> {
  readonly operation: Op;
  readonly paramNames: readonly string[];
}

interface TrieNode<Op> {
  statics: Map<string, TrieNode<Op>> | undefined;
  param: TrieNode<Op> | undefined;
  /** Keyed by upper-case method. */
  routes: Map<string, Route<Op>> | undefined;
}

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"];
const NOT_FOUND = Object.freeze({ kind: "not-found" as const });

function newNode<Op>(): TrieNode<Op> {
  return { statics: undefined, param: undefined, routes: undefined };
}

/** Splits a path template or request path: `/` → [], `/a/b` → [a, b], `/a/` → [a, ""]. */
function templateSegments(path: string): string[] {
  if (!path.startsWith("/")) throw new Error(`Path template must start with "/": ${path}`);
  return path === "/" ? [] : path.slice(1).split("/");
}

export function createRouter<Op extends RoutableOperation>(operations: readonly Op[]): Router<Op> {
  const root = newNode<Op>();

  for (const operation of operations) {
    let node = root;
    const paramNames: string[] = [];
    for (const segment of templateSegments(operation.path)) {
      if (segment.startsWith("{") && segment.endsWith("}") && segment.indexOf("{", 1) === -1) {
        const name = segment.slice(1, -1);
        if (name === "") throw new Error(`Empty parameter name in path template ${operation.path}`);
        paramNames.push(name);
        node.param ??= newNode<Op>();
        node = node.param;
      } else if (segment.includes("{") || segment.includes("}")) {
        throw new Error(
          `Unsupported path template segment "${segment}" in ${operation.path} (operation ${operation.operationId}): a parameter must fill a whole segment`,
        );
      } else {
        node.statics ??= new Map();
        let child = node.statics.get(segment);
        if (child === undefined) {
          child = newNode<Op>();
          node.statics.set(segment, child);
        }
        node = child;
      }
    }
    const method = operation.method.toUpperCase();
    node.routes ??= new Map();
    const existing = node.routes.get(method);
    if (existing !== undefined) {
      throw new Error(
        `Operations ${existing.operation.operationId} and ${operation.operationId} both answer ${method} ${operation.path}`,
      );
    }
    node.routes.set(method, { operation, paramNames });
  }

  /** Parameter values of the current search, by depth of parameter. */
  const values: string[] = [];

  /**
   * Depth-first search, static before parameter. `start` is the index of the current segment
   * in `path`, or -1 once every segment is consumed.
   */
  function search(
    node: TrieNode<Op>,
    path: string,
    start: number,
    method: string,
    depth: number,
  ): Route<Op> | undefined {
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
    match(method, pathname) {
      if (pathname.charCodeAt(0) !== 47 /* / */) return NOT_FOUND;
      const start = pathname.length === 1 ? -1 : 1;
      let route = search(root, pathname, start, method, 0);
      if (route === undefined && method === "HEAD") route = search(root, pathname, start, "GET", 0);
      if (route === undefined) {
        const allow = allowedMethods(pathname);
        return allow.length === 0 ? NOT_FOUND : { kind: "method-not-allowed", allow };
      }
      const params: Record<string, string> = {};
      const names = route.paramNames;
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        const raw = values[i] as string;
        if (raw.indexOf("%") === -1) {
          params[name] = raw;
        } else {
          try {
            params[name] = decodeURIComponent(raw);
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
      return { kind: "found", operation: route.operation, params };
    },
  };
}
