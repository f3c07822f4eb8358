// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** The router's trie (router.ts): a node per path segment, static children before patterns. */
import type { SegmentTemplate } from "./route-template.js";

export interface Route<Op> {
  readonly operation: Op;
  readonly paramNames: readonly string[];
  readonly query: ReadonlyArray<readonly [string, string]>;
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

/** The route of `routes` a request's query selects (see the module comment). */
export function selectRoute<Op>(
  routes: readonly Route<Op>[],
  query: string | undefined,
): Route<Op> {
  if (routes.length === 1) return routes[0] as Route<Op>;
  const params = new URLSearchParams(query ?? "");
  let best: Route<Op> | undefined;
  for (const route of routes) {
    if (route.query.length === 0) {
      best ??= route;
      continue;
    }
    const present = route.query.every(([name, value]) => params.getAll(name).includes(value));
    if (present && (best === undefined || route.query.length > best.query.length)) best = route;
  }
  return best ?? (routes[0] as Route<Op>);
}
