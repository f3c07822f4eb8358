/**
 * The write's hashing of the output (generator/write/content-hash.ts): the same SHA-256 as the
 * file's UTF-8 bytes, whether a text is hashed whole or piece by piece and in chunks, at every
 * chunk boundary (surrogate pairs, lone surrogates); it writes exactly those bytes, pieces
 * included — and the pipeline's pieces of a headed file make up its content exactly.
 */
import { createHash } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { piecedFile } from "../../generator/emit/file.js";
import { headedFile, withHeader } from "../../generator/emit/header.js";
import { ContentHasher } from "../../generator/write/content-hash.js";
import { MANIFEST_NAME } from "../../generator/write/manifest.js";
import { writeOutput } from "../../generator/write/write-output.js";

const bytesHash = (text: string) =>
  createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");

/** A text of `length` characters cycling through ASCII, 2- and 3-byte characters and an astral pair. */
function mixed(length: number, offset = 0): string {
  const alphabet = ["a", "é", "€", "😀", "\n", "z"];
  let text = "";
  for (let i = offset; text.length < length; i++) text += alphabet[i % alphabet.length];
  return text.slice(0, length);
}

/** A text of 5,000 pieces, most of a few characters (some empty, some of every UTF-8 length), one past a chunk. */
function manyPieces(): { content: string; pieces: string[] } {
  const pieces: string[] = [];
  for (let index = 0; index < 5_000; index++) pieces.push(mixed(index % 37, index));
  pieces.splice(2_500, 0, mixed(300_000, 5));
  return { content: pieces.join(""), pieces };
}

describe("ContentHasher", () => {
  const hasher = new ContentHasher();

  it("gives the SHA-256 of the UTF-8 bytes for small and chunked texts", () => {
    for (const length of [0, 1, 100, 16_383, 16_384, 262_143, 262_144, 262_145, 800_000])
      for (const offset of [0, 1, 3]) {
        const text = mixed(length, offset);
        expect(hasher.sha256({ content: text }), `${length}/${offset}`).toBe(bytesHash(text));
      }
  });

  it("never splits a surrogate pair at a chunk's end, and encodes lone surrogates as update does", () => {
    const chunk = 1 << 18;
    for (const at of [chunk - 2, chunk - 1, chunk, chunk + 1]) {
      const pair = `${"a".repeat(at)}😀${"b".repeat(chunk)}`;
      expect(hasher.sha256({ content: pair }), `pair at ${at}`).toBe(bytesHash(pair));
      const loneHigh = `${"a".repeat(at)}\ud83d${"b".repeat(chunk)}`;
      expect(hasher.sha256({ content: loneHigh }), `high at ${at}`).toBe(bytesHash(loneHigh));
      const loneLow = `${"a".repeat(at)}\ude00${"b".repeat(chunk)}`;
      expect(hasher.sha256({ content: loneLow }), `low at ${at}`).toBe(bytesHash(loneLow));
    }
  });

  it("writes the text's UTF-8 bytes, piece by piece and chunk by chunk", () => {
    const root = mkdtempSync(join(tmpdir(), "content-write-"));
    try {
      const file = join(root, "f");
      const chunk = 1 << 18;
      const texts = [
        { content: "" },
        { content: mixed(800_000, 1) },
        { content: `${"a".repeat(chunk - 1)}😀${"b".repeat(chunk)}` },
        { content: `${"a".repeat(chunk - 1)}\ud83d${"b".repeat(10)}\ude00` },
        { content: `// h\n${mixed(300_000)}`, pieces: ["// h\n", mixed(300_000)] },
        manyPieces(),
      ];
      for (const text of texts) {
        const fd = openSync(file, "w");
        try {
          hasher.write(fd, text);
        } finally {
          closeSync(fd);
        }
        expect(readFileSync(file).equals(Buffer.from(text.content, "utf8"))).toBe(true);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("records in the manifest the hash of the bytes written, a lone surrogate included", async () => {
    const root = mkdtempSync(join(tmpdir(), "content-hash-"));
    try {
      const out = join(root, "out");
      const text = `${"x".repeat(300_000)}\ud800${"y".repeat(10)}`;
      const meta = { inputsHash: "h", specFiles: [], apiName: "T" };
      await writeOutput(out, [{ path: "a.ts", content: text }], meta);
      const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), "utf8")) as {
        files: Record<string, string>;
      };
      const written = readFileSync(join(out, "a.ts"));
      expect(manifest.files["a.ts"]).toBe(createHash("sha256").update(written).digest("hex"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("holds: a file holds a text when its bytes are the text's UTF-8, at any chunk and piece boundary", () => {
    const root = mkdtempSync(join(tmpdir(), "content-holds-"));
    try {
      const file = join(root, "f");
      const chunk = 1 << 18;
      const head = "// header\n";
      const texts = [
        "",
        "a",
        mixed(800_000, 1),
        `${"a".repeat(chunk - 1)}😀${"b".repeat(chunk)}`,
        `${"a".repeat(chunk - 1)}\ud83d${"b".repeat(10)}\ude00`,
      ];
      for (const content of texts) {
        writeFileSync(file, Buffer.from(content, "utf8"));
        expect(hasher.holds(file, { content }), `${content.length}`).toBe(true);
        // what the pipeline gives: the header and the text as pieces
        writeFileSync(file, Buffer.from(head + content, "utf8"));
        expect(hasher.holds(file, { content: head + content, pieces: [head, content] })).toBe(true);
      }
      const text = mixed(800_000, 2);
      const bytes = Buffer.from(text, "utf8");
      // one byte changed at the start, in a later chunk and last; a byte more or less
      for (const at of [0, chunk * 2 + 5, bytes.length - 1]) {
        const changed = Buffer.from(bytes);
        changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
        writeFileSync(file, changed);
        expect(hasher.holds(file, { content: text }), `byte ${at}`).toBe(false);
      }
      writeFileSync(file, Buffer.concat([bytes, Buffer.from("\n")]));
      expect(hasher.holds(file, { content: text })).toBe(false);
      writeFileSync(file, bytes.subarray(0, bytes.length - 1));
      expect(hasher.holds(file, { content: text })).toBe(false);
      // the same text in other bytes: a byte order mark, and invalid UTF-8 that decodes to U+FFFD
      writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]));
      expect(hasher.holds(file, { content: text })).toBe(false);
      writeFileSync(file, Buffer.from([0x61, 0xff, 0x62]));
      expect(Buffer.from([0x61, 0xff, 0x62]).toString("utf8")).toBe("a\ufffdb");
      expect(hasher.holds(file, { content: "a\ufffdb" })).toBe(false);
      expect(hasher.holds(join(root, "absent"), { content: "" })).toBe(false);
      expect(hasher.holds(root, { content: "" }), "a folder").toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("hashes and compares thousands of pieces, small ones sharing a chunk, as their concatenation", () => {
    const text = manyPieces();
    expect(hasher.sha256(text)).toBe(bytesHash(text.content));
    const root = mkdtempSync(join(tmpdir(), "content-pieces-"));
    try {
      const file = join(root, "f");
      const bytes = Buffer.from(text.content, "utf8");
      writeFileSync(file, bytes);
      expect(hasher.holds(file, text)).toBe(true);
      for (const at of [0, 70_000, bytes.length - 1]) {
        const changed = Buffer.from(bytes);
        changed[at] = (changed[at] as number) ^ 1;
        writeFileSync(file, changed);
        expect(hasher.holds(file, text), `byte ${at}`).toBe(false);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("hashes pieces as their concatenation, and ignores pieces that do not add up", () => {
    const head = "// header\n";
    const body = mixed(700_000, 2);
    const content = head + body;
    expect(hasher.sha256({ content, pieces: [head, body] })).toBe(bytesHash(content));
    // stale pieces (a different length than the content): the content is hashed
    expect(hasher.sha256({ content, pieces: [head] })).toBe(bytesHash(content));
  });
});

describe("headedFile", () => {
  it("is withHeader's content, with pieces that make it up, a #! line first", () => {
    const header = "// Generated.\n";
    for (const content of ["export {};\n", "#!/usr/bin/env node\nrun();\n", "#!no newline", ""]) {
      const file = headedFile({ path: "x.ts", content }, header);
      expect(file.content).toBe(withHeader(header, content));
      expect(file.pieces?.join("")).toBe(file.content);
    }
    expect(withHeader("// h\n", "#!/bin/sh\nx\n")).toBe("#!/bin/sh\n// h\nx\n");
  });

  it("keeps a pieced file's pieces under the header, never joining them, and hashes the same bytes", () => {
    const header = "// Generated.\n";
    const pieces = ['export const a = "', mixed(300_000), '";\n', "", "// end\n"];
    const file = headedFile(piecedFile("x.ts", pieces), header);
    expect(file.pieces).toEqual([header, ...pieces]);
    expect(file.content).toBe(header + pieces.join(""));
    expect(new ContentHasher().sha256(file)).toBe(bytesHash(file.content));
    // a pieced file compares as its path and content (its pieces are how it is held)
    expect(piecedFile("x.ts", pieces)).toEqual({ path: "x.ts", content: pieces.join("") });
    // a surrogate pair cut between two pieces: the content alone, its pair encoded whole
    const cut = piecedFile("x.ts", ["a \ud83d", "\ude00 b"]);
    expect(cut.pieces).toBeUndefined();
    expect(cut.content).toBe("a 😀 b");
    expect(new ContentHasher().sha256(headedFile(cut, header))).toBe(bytesHash(`${header}a 😀 b`));
    // a #! line first, after an empty piece too: the header goes below it, from the content
    const shebang = headedFile(
      piecedFile("b.ts", ["", "#!/usr/bin/env node\n", "run();\n"]),
      header,
    );
    expect(shebang.content).toBe(withHeader(header, "#!/usr/bin/env node\nrun();\n"));
    const bin = headedFile(piecedFile("bin.ts", ["#!/usr/bin/env node\n", "run();\n"]), header);
    expect(bin.content).toBe(withHeader(header, "#!/usr/bin/env node\nrun();\n"));
    expect(bin.pieces?.join("")).toBe(bin.content);
  });
});
