/**
 * A YAML spec's document with its strings made again one byte a character.
 *
 * V8 keeps a string two bytes a character when any of its characters needs two, and a string cut
 * from such a text (js-yaml slices its input) in the text's representation; a text joined from
 * pieces is two bytes a character when any piece is. So one curly quote in a description made the
 * keys and values parsed from the spec two bytes a character, and every output built from them:
 * Stripe's validators module, all ASCII, took 22 MB instead of 11 MB, its MCP table 16 MB. A JSON
 * round trip of the document (`JSON.parse` makes each string afresh, one byte a character unless
 * it holds a character beyond Latin-1) costs about 40 ms on Stripe and lowered its cold run's peak
 * memory by about 40 MB (twenty-third session, docs/benchmarks.md).
 *
 * Only where the round trip gives the same data: YAML's `.nan` and `.inf`, a number too long for
 * a double (`1e400`) and explicit tags (`!!binary`, `!!set`) make data JSON cannot write, so a
 * spec whose text may hold them is left as parsed. A spec whose bytes are all ASCII has nothing to
 * gain, and one with an anchor is left as parsed (JSON would copy what its aliases share). (`-0`
 * comes back as `0`: every output writes numbers through `JSON.stringify`, which writes both as
 * `0`.)
 *
 * A spec parsed whole is made one byte after its bundle (load-spec.ts); a spec read section by
 * section (yaml-sections.ts), one piece at a time as it is parsed: a piece is decoded from its own
 * bytes, so only a piece with a character beyond ASCII needs it, and the cache keeps the pieces
 * as they are made (a warm run made the whole document again: about 40 ms of Stripe's edits).
 */
import { isAscii } from "node:buffer";
import { hasAnchor } from "./alias-expansion.js";

const NOT_JSON = /\.(?:nan|NaN|NAN|inf|Inf|INF)|!!|[0-9][eE][-+]?[0-9]{3}|[0-9]{300}/;

/** `document`, parsed from the YAML `bytes`, with its strings one byte a character where they can be. */
export function withOneByteStrings<T>(document: T, bytes: Buffer): T {
  if (document === null || typeof document !== "object" || isAscii(bytes)) return document;
  // JSON would copy each part an alias shares where it stands (and a piece of the spec is made
  // one byte before the whole document's aliases are measured: alias-expansion.ts)
  if (hasAnchor(bytes)) return document;
  // the patterns are ASCII: read as Latin-1, the bytes need no decoding
  if (NOT_JSON.test(bytes.toString("latin1"))) return document;
  return JSON.parse(JSON.stringify(document)) as T;
}
