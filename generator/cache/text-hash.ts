/**
 * Texts hashed (and written) as their UTF-8 bytes, a chunk at a time.
 *
 * Node's `hash.update(text)` encodes a one-byte string (most of what the generator hashes: JSON
 * of schemas, printed code) about 6 times slower than `TextEncoder.encodeInto` does: on Stripe's
 * 11 MB validators/bodies.js, 54 against 8 ms (Node 20, 22 and 24 alike). So a text longer than
 * {@link SMALL} is encoded here in chunks into a buffer and its bytes are hashed; a short one is
 * handed to `update` as it is (one small copy costs less than a buffer). The digest is the same:
 * a chunk never ends between the two halves of a surrogate pair, and a lone surrogate is encoded
 * as U+FFFD, as `update` and `writeFile` encode it.
 */
import { createHash, type Hash } from "node:crypto";

/** Characters encoded per chunk (at most 3 bytes each in UTF-8). */
export const CHUNK = 1 << 18;
/** Texts shorter than this are hashed as they are. */
const SMALL = 1 << 14;

/** A buffer that holds any chunk's bytes. */
export const chunkBuffer = (): Buffer => Buffer.allocUnsafe(CHUNK * 3);

/** `text`'s UTF-8 bytes in order, a chunk at a time, each a view of `buffer` (see {@link chunkBuffer}). */
export function forEachUtf8Chunk(
  text: string,
  buffer: Buffer,
  each: (bytes: Buffer) => void,
  encoder = new TextEncoder(),
): void {
  everyUtf8Chunk(text, buffer, (bytes) => (each(bytes), true), encoder);
}

/**
 * Whether `test` holds for each of `text`'s UTF-8 chunks, in order (as {@link forEachUtf8Chunk}
 * gives them); stops at the first for which it does not.
 */
export function everyUtf8Chunk(
  text: string,
  buffer: Buffer,
  test: (bytes: Buffer) => boolean,
  encoder = new TextEncoder(),
): boolean {
  return everyUtf8ChunkOf([text], buffer, test, encoder);
}

/**
 * {@link everyUtf8Chunk} of the text `pieces` make up (none cut inside a surrogate pair): small
 * pieces share a chunk, so a file of thousands of pieces (emit/file.ts `piecedFile`) is written
 * and compared a chunk at a time, not a piece at a time.
 */
export function everyUtf8ChunkOf(
  pieces: readonly string[],
  buffer: Buffer,
  test: (bytes: Buffer) => boolean,
  encoder = new TextEncoder(),
): boolean {
  let filled = 0;
  for (const piece of pieces) {
    for (let start = 0; start < piece.length;) {
      let end = Math.min(piece.length, start + CHUNK);
      // never between a high surrogate and what follows it (a pair's halves are encoded together)
      if (end < piece.length && isHighSurrogate(piece.charCodeAt(end - 1))) end--;
      // room for the worst case (3 bytes a character), else the chunk so far goes first
      if (filled > 0 && filled + (end - start) * 3 > buffer.length) {
        if (!test(buffer.subarray(0, filled))) return false;
        filled = 0;
      }
      filled += encoder.encodeInto(piece.slice(start, end), buffer.subarray(filled)).written;
      start = end;
    }
  }
  return filled === 0 || test(buffer.subarray(0, filled));
}

/** Whether a UTF-16 code unit is the first half of a surrogate pair. */
export const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
/** Whether a UTF-16 code unit is the second half of a surrogate pair. */
export const isLowSurrogate = (code: number): boolean => code >= 0xdc00 && code <= 0xdfff;

/**
 * The buffer a long text is encoded through when the caller gives none: one per thread, made when
 * first needed. A buffer made per call is fresh memory, which the system maps page by page: on
 * this machine filling 768 KiB of it costs about 2.5 ms, encoding into it again 0.05 ms.
 */
let shared: Buffer | undefined;

/** The thread's shared chunk buffer (see {@link chunkBuffer}), for a use that ends before the next one starts. */
export const sharedChunkBuffer = (): Buffer => (shared ??= chunkBuffer());

/** `hash.update(text)`, a long text through `buffer` (a shared one when not given) a chunk at a time. */
export function updateText(hash: Hash, text: string, buffer?: Buffer): Hash {
  if (text.length < SMALL) return hash.update(text);
  forEachUtf8Chunk(text, buffer ?? sharedChunkBuffer(), (bytes) => hash.update(bytes));
  return hash;
}

/** The hex SHA-256 of `text`'s UTF-8 bytes. */
export function sha256Hex(text: string): string {
  return updateText(createHash("sha256"), text).digest("hex");
}
