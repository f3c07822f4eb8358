/**
 * The bundle record's key (bundle-cache.ts) for a YAML spec read section by section
 * (yaml-sections.ts), from the pieces' text keys instead of a prose-free copy of the whole
 * document: on Stripe the copy, its JSON and its hash, and the walk over it for `$ref`s, were
 * about 0.15 s of every warm edit.
 *
 * What a piece contributes depends only on its text (and on whether it sits under a literal
 * key): the SHA-256 of its skeleton (bundle-skeleton.ts: what the bundle reads in it), the
 * `$ref`s in it and whether it has an `externalValue`. Those facts are kept in a cache pack keyed
 * by the piece's text key (the SHA-256 of the generator's hash and the text), so an edit works
 * them out for the piece it is in only. The key is then the SHA-256 of the document's outline:
 * the mappings the text was cut at, with each entry's key, each piece as its skeleton's hash and
 * each plain value as its JSON. The outline tells apart every two documents the whole document's
 * skeleton tells apart (it is finer: it also lists the pieces holding no `$ref`); the key spaces
 * differ (a different prefix), so they never mix.
 */
import { CachePack, sha256Hex } from "../cache/cache-pack.js";
import { isLiteralKey, isProse } from "../cache/without-prose.js";
import { bundleSkeleton, NotKeyable } from "./bundle-skeleton.js";

/** What one piece contributes to the key: see the module comment. */
interface PieceFacts {
  readonly hash: string;
  readonly refs: readonly string[];
  readonly external: boolean;
}

export interface SectionKey {
  /** The record's key. */
  readonly key: string;
  /** Every string `$ref` in the prose-free document. */
  readonly refs: ReadonlySet<string>;
  /** Whether the prose-free document has an `externalValue` key. */
  readonly external: boolean;
}

/**
 * The key of `document` given the text key of each of its pieces (`leaves`), with the facts
 * kept in `pack`; undefined when some part of the document is not a piece nor a mapping the
 * text was cut at nor a plain value (the caller then keys the document whole).
 */
export function sectionKey(
  document: Record<string, unknown>,
  leaves: WeakMap<object, string>,
  pack: CachePack,
): SectionKey | undefined {
  const refs = new Set<string>();
  let external = false;
  const facts = (textKey: string, value: object, literal: boolean): PieceFacts => {
    const input = `${textKey}\0${literal ? "literal" : "plain"}\0skeleton`;
    const known = pack.get(input);
    if (known !== undefined) return JSON.parse(known) as PieceFacts;
    const skeleton = bundleSkeleton(value, literal);
    const found: PieceFacts = {
      hash: sha256Hex(skeleton.text),
      refs: skeleton.refs,
      external: skeleton.external,
    };
    pack.set(input, JSON.stringify(found));
    return found;
  };
  const outline = (node: unknown, literal: boolean): string => {
    if (node === null || typeof node !== "object") {
      const json = JSON.stringify(node) as string | undefined;
      if (json === undefined) throw new NotKeyable();
      return json;
    }
    const textKey = leaves.get(node);
    if (textKey !== undefined) {
      const piece = facts(textKey, node, literal);
      piece.refs.forEach((ref) => refs.add(ref));
      external ||= piece.external;
      return `#${piece.hash}`;
    }
    // not a piece: one of the mappings the text was cut at (a plain object), else give up
    if (Array.isArray(node) || Object.getPrototypeOf(node) !== Object.prototype)
      throw new NotKeyable();
    const entries: string[] = [];
    for (const [key, item] of Object.entries(node)) {
      if (!literal && isProse(key, item)) continue;
      // a `$ref` or an `externalValue` of a mapping the text was cut at, as the skeleton has it
      if (key === "$ref" && typeof item === "string") refs.add(item);
      if (key === "externalValue") external = true;
      entries.push(`${JSON.stringify(key)}:${outline(item, literal || isLiteralKey(key))}`);
    }
    return `{${entries.join(",")}}`;
  };
  try {
    const key = sha256Hex(`sections-skeleton\0${outline(document, false)}`);
    return { key, refs, external };
  } catch (error) {
    if (error instanceof NotKeyable || error instanceof RangeError || error instanceof TypeError)
      return undefined; // a value JSON has no text for, a cycle: key the document whole
    throw error;
  }
}

/** The sections {@link jsonLeaves} cuts at their keys (each kind of `components` too). */
const JSON_CUT_SECTIONS = new Set(["paths", "webhooks", "components"]);

/**
 * The pieces of a document parsed from JSON, for {@link sectionKey}: the top level, `paths`,
 * `webhooks`, `components` and each kind of components are cut at their keys, and every other
 * object or list is a piece (a path item, a component, `info`, `tags`...), keyed by its JSON
 * text, which says all its skeleton reads (the text of a value JSON.parse gave). On Octokit's JSON
 * the whole document's skeleton cost about 50 ms of every warm run; each piece's facts are now
 * worked out when its text changes only.
 */
export function jsonLeaves(document: unknown): WeakMap<object, string> {
  const leaves = new WeakMap<object, string>();
  const cut = (node: object, cutsBelow: (key: string) => boolean): void => {
    for (const [key, value] of Object.entries(node)) {
      if (value === null || typeof value !== "object") continue;
      if (cutsBelow(key) && isPlainObject(value))
        cut(value, () => key === "components"); // the kinds of components, then their entries
      else leaves.set(value, `json\0${JSON.stringify(value)}`);
    }
  };
  if (isPlainObject(document)) cut(document, (key) => JSON_CUT_SECTIONS.has(key));
  return leaves;
}

function isPlainObject(value: unknown): value is object {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}
