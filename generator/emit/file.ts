import { isHighSurrogate, isLowSurrogate } from "../cache/text-hash.js";

/** What every emitter returns: files relative to the output folder, content final (the pipeline adds the header). */
export interface GeneratedFile {
  /** POSIX path relative to the output folder, e.g. `client.ts`. */
  readonly path: string;
  readonly content: string;
  /**
   * Consecutive pieces `content` is the concatenation of: the write hashes, compares and writes
   * them one by one. Set by the pipeline (the header and the emitter's text: emit/header.ts), and
   * by an emitter that fills a large text in place ({@link piecedFile}).
   */
  readonly pieces?: readonly string[];
  /**
   * What names the content: two files of one path with the same origin have the same content. The
   * cache sets it on the files it hands back or stores (the pack and the key of the entry, which
   * hashes the input the content was rendered from and the generator itself); a file the cache
   * does not keep has none. The write keeps a file whose origin it recorded last time without
   * reading its content (write/known-hashes.ts), so the cache may hand such a file back
   * {@link lazyFile lazy}.
   */
  readonly origin?: string;
}

/**
 * `path` and `content` as a file of `origin`. The origin is not enumerable: it names the content
 * and is not part of it, so two files of one path and content compare equal (and serialize
 * alike) whatever they were made from; a copy by spreading drops it, which only costs the write
 * a read.
 */
export function fileOf(path: string, content: string, origin: string): GeneratedFile {
  return Object.defineProperty({ path, content }, "origin", { value: origin });
}

/**
 * `path` made of `pieces`, which are not joined: `content` is their concatenation as V8 keeps it
 * until something reads its characters (a rope), and the write encodes each piece on its own. A
 * text of millions of characters filled at thousands of places (Stripe's MCP table with its
 * prose: 8.5 million) cost about 50 ms to join, twice that once a two-byte piece made the whole
 * text two bytes a character to encode, against a few ms for its pieces. A copy by spreading
 * drops the pieces, which only costs the join; so does a surrogate pair cut between two pieces
 * (encoded piece by piece, its halves would be two lone surrogates): such a file has its content
 * alone.
 */
export function piecedFile(path: string, pieces: readonly string[]): GeneratedFile {
  let content = "";
  let last = ""; // the last piece that has characters (the rope's are not read: that joins it)
  let splitsPair = false;
  for (const piece of pieces) {
    if (piece === "") continue;
    // a surrogate pair cut between two pieces would be encoded as two lone halves, piece by piece
    splitsPair ||=
      isLowSurrogate(piece.charCodeAt(0)) && isHighSurrogate(last.charCodeAt(last.length - 1));
    content += piece;
    last = piece;
  }
  if (splitsPair) return { path, content };
  // not enumerable, as an origin: how the content is held is not part of it (files compare alike)
  return Object.defineProperty({ path, content }, "pieces", { value: pieces });
}

/**
 * A file of `origin` whose content is made when first read (`read`, once): the cache's file that
 * the output folder already holds, whose text a run that keeps it never needs.
 */
export function lazyFile(path: string, origin: string, read: () => string): GeneratedFile {
  let content: string | undefined;
  const file = {
    path,
    get content() {
      return (content ??= read());
    },
  };
  return Object.defineProperty(file, "origin", { value: origin });
}

export interface EmitContext {
  /** PascalCase API name, e.g. `PetStore` → `createPetStoreClient`. */
  readonly apiName: string;
  /** The spec path as given (relative), named in headers. */
  readonly specPath: string;
}
