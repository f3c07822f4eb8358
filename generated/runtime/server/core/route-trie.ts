// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** The router's trie (router.ts): a node per path segment, static children before patterns. */
import type { RouteKey, RouteKeyReader } from "./route-keys.js";
import type { SegmentTemplate } from "./route-template.js";

export interface Route<Op> {
  readonly operation: Op;
  readonly paramNames: readonly string[];
  readonly query: ReadonlyArray<readonly [string, string]>;
  /** The fragment's keys (route-keys.ts): strict conditions. */
  readonly keys: readonly RouteKey[];
}

export interface PatternChild<Op> {
  readonly key: string;
  readonly matcher: RegExp;
  readonly literalLength: number;
  readonly node: TrieNode<Op>;
}

export interface TrieNode<Op> {
  statics: Map<string, TrieNode<Op>> | undefined;
  patterns: PatternChild<Op>[] | undefined;
  param: TrieNode<Op> | undefined;
  /** Keyed by upper-case method; several when literal queries tell them apart. */
  routes: Map<string, Route<Op>[]> | undefined;
}

export function newNode<Op>(): TrieNode<Op> {
  return { statics: undefined, patterns: undefined, param: undefined, routes: undefined };
}

export function childFor<Op>(node: TrieNode<Op>, segment: SegmentTemplate): TrieNode<Op> {
  if (segment.kind === "param") return (node.param ??= newNode<Op>());
  if (segment.kind === "static") {
    node.statics ??= new Map();
    let child = node.statics.get(segment.text);
    if (child === undefined) node.statics.set(segment.text, (child = newNode<Op>()));
    // the form clients send text that may not stand in a path (`<upload_url>`, `café`) in
    const encoded = segment.text.includes("%") ? segment.text : encodeURI(segment.text);
    if (encoded !== segment.text && !node.statics.has(encoded)) node.statics.set(encoded, child);
    return child;
  }
  node.patterns ??= [];
  let pattern = node.patterns.find((candidate) => candidate.key === segment.key);
  if (pattern === undefined) {
    pattern = { ...segment, node: newNode<Op>() };
    node.patterns.push(pattern);
    node.patterns.sort((a, b) => b.literalLength - a.literalLength);
  }
  return pattern.node;
}

export const sameQuery = (
  a: ReadonlyArray<readonly [string, string]>,
  b: ReadonlyArray<readonly [string, string]>,
): boolean =>
  a.length === b.length &&
  a.every(([name, value]) => b.some(([n, v]) => n === name && v === value));

/**
 * The route of `routes` a request selects (see the module comment of router.ts), or `undefined`
 * when none may answer: every route has keys and the request carries no route's keys, or two
 * routes with keys fit it equally well (never a guess between them).
 */
export function selectRoute<Op>(
  routes: readonly Route<Op>[],
  query: string | undefined,
  header: ((name: string) => string | null) | undefined,
  keys: RouteKeyReader | undefined,
): Route<Op> | undefined {
  const only = routes[0] as Route<Op>;
  if (routes.length === 1 && only.keys.length === 0) return only;
  const params = new URLSearchParams(query ?? "");
  let best: Route<Op> | undefined;
  let bestScore = -1;
  let tie = false;
  let fallback: Route<Op> | undefined;
  for (const route of routes) {
    if (route.keys.length === 0) fallback ??= route;
    // a route has keys only when the router has their reader (router.ts)
    if (route.keys.length > 0 && !keys!.met(route.keys, params, header)) continue;
    if (!route.query.every(([name, value]) => params.getAll(name).includes(value))) continue;
    const score = route.query.length + route.keys.length;
    if (score > bestScore) {
      best = route;
      bestScore = score;
      tie = false;
    } else if (score === bestScore && route.keys.length > 0) {
      tie = true;
    }
  }
  if (tie) return undefined;
  return best ?? fallback;
}
