/**
 * A file's UTF-8 bytes, hashed (the SHA-256 the manifest records) or written, from its text in
 * JavaScript, without making a second copy of a large file in memory.
 *
 * `createHash().update(text)` flattens a concatenated string (a file's header + its text: the
 * pipeline's `withHeader`) into a new one and encodes it into a new buffer of its size, both
 * fresh memory the system maps page by page. On Stripe's 31 MB of output, hashing every file
 * for the write's comparison took about 0.3 s of CPU under load, half of it in the kernel
 * (page faults). Here the text is hashed piece by piece (a file's `pieces`, when the pipeline
 * gives them: the header and the emitter's text, each already one string), each piece encoded
 * in chunks into one buffer reused for the whole write. The digest is the same: the chunks'
 * bytes are the text's UTF-8 bytes in order (a chunk never ends between the two halves of a
 * surrogate pair; a lone surrogate is encoded as U+FFFD, as `update` and `writeFile` encode it).
 *
 * Written the same way: `writeFileSync(path, text)` encodes the whole text (flattened) through
 * Node's string path, about 3 times slower than encoding it here (on Stripe's 11 MB
 * validators/bodies.js, about 140 against 50 ms), and into fresh memory again.
 *
 * And compared the same way with a file on disk (the write's "unchanged", `--check`): the file is
 * read a chunk at a time into a second reused buffer and compared with the text's encoding,
 * instead of being decoded into a new string and compared with the text flattened into another.
 * With no record of what the output holds (`--no-cache`, or a fresh clone's empty cache),
 * decoding Stripe's 31 MB and flattening the new texts to compare them took about 0.5 s; compared
 * as bytes, the write's whole comparison takes under 0.1 s.
 */
import { createHash } from "node:crypto";
import { closeSync, fstatSync, openSync } from "node:fs";
import { readAt, writeAll } from "../cache/cache-pack.js";
import { chunkBuffer, everyUtf8ChunkOf, updateText } from "../cache/text-hash.js";

/** A text as the write is given it: `content`, and optionally the pieces it is the concatenation of. */
export interface HashedText {
  readonly content: string;
  /** Consecutive pieces whose concatenation is `content` (ignored when their lengths disagree). */
  readonly pieces?: readonly string[];
}

/** Hashes and writes texts through one reusable buffer: make one per write, not per file. */
export class ContentHasher {
  readonly #buffer = chunkBuffer();
  readonly #encoder = new TextEncoder();

  /** The hex SHA-256 of `text.content`'s UTF-8 bytes. */
  sha256(text: HashedText): string {
    const hash = createHash("sha256");
    const pieces = piecesOf(text);
    if (pieces.length === 1) updateText(hash, pieces[0] as string, this.#buffer);
    else
      everyUtf8ChunkOf(pieces, this.#buffer, (bytes) => (hash.update(bytes), true), this.#encoder);
    return hash.digest("hex");
  }

  /** Writes `text.content`'s UTF-8 bytes to the open descriptor `fd`, a chunk of pieces at a time. */
  write(fd: number, text: HashedText): void {
    everyUtf8ChunkOf(
      piecesOf(text),
      this.#buffer,
      (bytes) => (writeAll(fd, bytes), true),
      this.#encoder,
    );
  }

  readonly #read = chunkBuffer();

  /**
   * Whether the file `path` holds exactly `text.content`'s UTF-8 bytes (false when it cannot be
   * read): compared a chunk at a time, up to the first chunk that differs.
   */
  holds(path: string, text: HashedText): boolean {
    let fd: number;
    try {
      fd = openSync(path, "r");
    } catch {
      return false;
    }
    try {
      const size = fstatSync(fd).size;
      const pieces = piecesOf(text);
      let units = 0;
      for (const piece of pieces) units += piece.length;
      // each UTF-16 code unit is one to three bytes of UTF-8
      if (size < units || size > units * 3) return false;
      let at = 0;
      const same = (bytes: Buffer): boolean => {
        const held = readAt(fd, this.#read, bytes.length, at);
        at += bytes.length;
        return held.equals(bytes);
      };
      return everyUtf8ChunkOf(pieces, this.#buffer, same, this.#encoder) && at === size;
    } catch {
      return false; // unreadable meanwhile: not the same
    } finally {
      closeSync(fd);
    }
  }
}

/** `text`'s pieces when they make up its content exactly as long, else the content alone. */
function piecesOf({ content, pieces }: HashedText): readonly string[] {
  if (pieces === undefined) return [content];
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length === content.length ? pieces : [content];
}
