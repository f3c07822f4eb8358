import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GeneratorError } from "../../generator/errors.js";
import {
  knownOutput,
  manifestRecordPath,
  recordManifest,
} from "../../generator/write/known-hashes.js";
import { MANIFEST_NAME, type Manifest } from "../../generator/write/manifest.js";
import {
  assertOwnedOutput,
  recoverInterruptedWrite,
  writeOutput,
} from "../../generator/write/write-output.js";

const META = { inputsHash: "h", specFiles: ["spec.yaml"], apiName: "Test" };
let root: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "write-output-"));
  out = join(root, "generated");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(out, path), "utf8");

describe("writeOutput", () => {
  it("writes every file and a manifest, and leaves no staging folder", async () => {
    const report = await writeOutput(
      out,
      [
        { path: "a.ts", content: "a" },
        { path: "sub/b.ts", content: "b" },
      ],
      META,
    );
    expect(read("a.ts")).toBe("a");
    expect(read("sub/b.ts")).toBe("b");
    expect(JSON.parse(read(MANIFEST_NAME)).files).toHaveProperty("sub/b.ts");
    expect(report.written).toContain("a.ts");
    expect(readdirSync(root)).toEqual(["generated"]);
  });

  it("rewrites only changed files and deletes only files it wrote before", async () => {
    await writeOutput(
      out,
      [
        { path: "a.ts", content: "a" },
        { path: "old.ts", content: "old" },
      ],
      META,
    );
    writeFileSync(join(out, "mine.txt"), "hand-written");
    const report = await writeOutput(
      out,
      [
        { path: "a.ts", content: "a" },
        { path: "new.ts", content: "new" },
      ],
      META,
    );
    expect(report.unchanged).toContain("a.ts");
    expect(report.deleted).toEqual(["old.ts"]);
    expect(existsSync(join(out, "old.ts"))).toBe(false);
    expect(read("mine.txt")).toBe("hand-written");
    expect(read("new.ts")).toBe("new");
  });

  it("has deleted stale files and their emptied folders when it returns", async () => {
    const nested = Array.from({ length: 20 }, (_, index) => ({
      path: `old/deep${index}/file.ts`,
      content: `old ${index}`,
    }));
    await writeOutput(out, [{ path: "a.ts", content: "a" }, ...nested], META);
    const report = await writeOutput(out, [{ path: "a.ts", content: "b" }], META);
    expect(report.deleted).toHaveLength(20);
    // checked at once, with no turn of the event loop between: the deletes are part of the write
    expect(existsSync(join(out, "old"))).toBe(false);
    expect(readdirSync(out).sort()).toEqual([MANIFEST_NAME, "a.ts"].sort());
  });

  it("rolls an interrupted commit forward from its journal", async () => {
    await writeOutput(
      out,
      [
        { path: "a.ts", content: "v1" },
        { path: "b.ts", content: "v1" },
      ],
      META,
    );
    // what a run killed after moving a.ts but before b.ts and the manifest leaves behind
    const staging = join(root, ".generated.staging-99999");
    mkdirSync(staging);
    writeFileSync(join(staging, "b.ts"), "v2");
    writeFileSync(join(out, "a.ts"), "v2");
    writeFileSync(
      join(staging, "JOURNAL.json"),
      JSON.stringify({ moves: ["a.ts", "b.ts"], deletes: [] }),
    );
    await recoverInterruptedWrite(out);
    expect(read("a.ts")).toBe("v2");
    expect(read("b.ts")).toBe("v2");
    expect(existsSync(staging)).toBe(false);
  });

  it("makes a new or empty output folder whole in one rename, and fills one holding a file file by file", async () => {
    const files = [
      { path: "a.ts", content: "a" },
      { path: "sub/b.ts", content: "b" },
    ];
    // empty: the staging folder (files and manifest) takes the output's place
    mkdirSync(out);
    const emptyFolder = statSync(out).ino;
    const report = await writeOutput(out, files, META);
    expect(statSync(out).ino).not.toBe(emptyFolder);
    expect(report.written).toEqual(["a.ts", "sub/b.ts", MANIFEST_NAME]);
    expect(readdirSync(out).sort()).toEqual([MANIFEST_NAME, "a.ts", "sub"]);
    expect(read("sub/b.ts")).toBe("b");
    expect(readdirSync(root)).toEqual(["generated"]);
    // a folder with a file of its own (.gitkeep) keeps it: the files are moved in one by one
    rmSync(out, { recursive: true });
    mkdirSync(out);
    writeFileSync(join(out, ".gitkeep"), "");
    const keptFolder = statSync(out).ino;
    await writeOutput(out, files, META);
    expect(statSync(out).ino).toBe(keptFolder);
    expect(readdirSync(out).sort()).toEqual([MANIFEST_NAME, ".gitkeep", "a.ts", "sub"]);
    expect(readdirSync(root)).toEqual(["generated"]);
  });

  it("discards a staging folder that never got its journal", async () => {
    await writeOutput(out, [{ path: "a.ts", content: "v1" }], META);
    const staging = join(root, ".generated.staging-99998");
    mkdirSync(staging);
    writeFileSync(join(staging, "a.ts"), "half");
    await recoverInterruptedWrite(out);
    expect(read("a.ts")).toBe("v1");
    expect(existsSync(staging)).toBe(false);
  });
});

describe("assertOwnedOutput", () => {
  it("refuses a non-empty folder without a manifest", async () => {
    mkdirSync(out);
    writeFileSync(join(out, "notes.md"), "mine");
    await expect(assertOwnedOutput(out, [])).rejects.toMatchObject({ kind: "outputRefused" });
  });

  it("refuses a folder that contains the project or the spec", async () => {
    const error = await assertOwnedOutput(root, [join(root, "spec/openapi.yaml")]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).exitCode).toBe(5);
  });

  it("accepts a new folder, an empty one, and one it wrote", async () => {
    await expect(assertOwnedOutput(out, [])).resolves.toBeUndefined();
    mkdirSync(out);
    await expect(assertOwnedOutput(out, [])).resolves.toBeUndefined();
    await writeOutput(out, [{ path: "a.ts", content: "a" }], META);
    await expect(assertOwnedOutput(out, [])).resolves.toBeUndefined();
  });
});

describe("writeOutput with the manifest record (hashes of unchanged files reused)", () => {
  const sha = (text: string) => createHash("sha256").update(text).digest("hex");
  const hashes = () => JSON.parse(read(MANIFEST_NAME)).files as Record<string, string>;
  const write = (files: { path: string; content: string }[]) =>
    writeOutput(out, files, META, { cacheCwd: root });
  const tick = () => new Promise((done) => setTimeout(done, 5));

  it("reuses a previous hash only for a file untouched since the manifest was written", async () => {
    await write([
      { path: "a.ts", content: "a1" },
      { path: "b.ts", content: "b1" },
    ]);
    expect(hashes()).toEqual({ "a.ts": sha("a1"), "b.ts": sha("b1") });
    // a previous hash is reused when the file is untouched: a forged one shows it is
    const forged = JSON.parse(read(MANIFEST_NAME)) as { files: Record<string, string> };
    forged.files["b.ts"] = sha("forged");
    const original = read(MANIFEST_NAME);
    const record = manifestRecordPath(root, out);
    writeFileSync(join(out, MANIFEST_NAME), `${JSON.stringify(forged, null, 2)}\n`);
    // an edited manifest is not trusted: every hash is worked out again
    await write([
      { path: "a.ts", content: "a2" },
      { path: "b.ts", content: "b1" },
    ]);
    expect(hashes()).toEqual({ "a.ts": sha("a2"), "b.ts": sha("b1") });
    expect(existsSync(record)).toBe(true);
    expect(original).not.toBe(read(MANIFEST_NAME));
  });

  it("writes the manifest in a later tick of the file system's clock than every file it wrote", async () => {
    const mtime = (path: string) => statSync(join(out, path), { bigint: true }).mtimeNs;
    // files written within a millisecond share a time where the clock is coarse (ext4: 4 ms)
    for (let round = 0; round < 5; round++) {
      const paths = ["a.ts", "b.ts", "deep/c.ts"];
      await write(paths.map((path) => ({ path, content: `${path} ${round}` })));
      const manifest = mtime(MANIFEST_NAME);
      for (const path of paths)
        expect(mtime(path), `${path}, round ${round}`).toBeLessThan(manifest);
      // so the next run takes their hashes from the manifest instead of reading them
      const known = knownOutput(
        out,
        manifestRecordPath(root, out),
        read(MANIFEST_NAME),
        JSON.parse(read(MANIFEST_NAME)) as Manifest,
        undefined,
      );
      expect([...known.hashes.keys()].sort()).toEqual([...paths].sort());
    }
  });

  /** Writes a.ts and b.ts, then gives b.ts `bytes` with an old time and a manifest the record vouches for, saying b.ts hashes to `claimed`. */
  const vouchFor = async (bytes: string, claimed: string) => {
    await write([
      { path: "a.ts", content: "a1" },
      { path: "b.ts", content: "b1" },
    ]);
    writeFileSync(join(out, "b.ts"), bytes);
    // older than the manifest written below, even where file times are coarse
    utimesSync(join(out, "b.ts"), new Date(2020, 0, 1), new Date(2020, 0, 1));
    const forged = JSON.parse(read(MANIFEST_NAME)) as { files: Record<string, string> };
    forged.files["b.ts"] = sha(claimed);
    const text = `${JSON.stringify(forged, null, 2)}\n`;
    writeFileSync(join(out, MANIFEST_NAME), text);
    recordManifest(out, manifestRecordPath(root, out), text);
  };

  it("compares a file the record vouches for by its recorded hash, without reading it", async () => {
    // the bytes on disk differ from what the manifest says: only a comparison by hash keeps them
    await vouchFor("zz", "b1");
    const report = await write([
      { path: "a.ts", content: "a2" },
      { path: "b.ts", content: "b1" },
    ]);
    expect(report.written).toEqual(["a.ts", MANIFEST_NAME]);
    expect(report.unchanged).toContain("b.ts");
    expect(read("b.ts")).toBe("zz");
    expect(hashes()).toEqual({ "a.ts": sha("a2"), "b.ts": sha("b1") });
  });

  it("rewrites a file the record vouches for when its recorded hash is not the new content's", async () => {
    await vouchFor("b1", "marker");
    const report = await write([
      { path: "a.ts", content: "a2" },
      { path: "b.ts", content: "b1" },
    ]);
    expect(report.written).toEqual(["a.ts", "b.ts", MANIFEST_NAME]);
    expect(hashes()).toEqual({ "a.ts": sha("a2"), "b.ts": sha("b1") });
  });

  it("reads and restores a file edited after the manifest was written", async () => {
    const files = [
      { path: "a.ts", content: "a1" },
      { path: "b.ts", content: "b1" },
    ];
    await write(files);
    await tick();
    writeFileSync(join(out, "b.ts"), "edited by hand"); // newer than the manifest: not vouched for
    const report = await write(files);
    expect(report.written).toEqual(["b.ts"]);
    expect(read("b.ts")).toBe("b1");
    expect(hashes()).toEqual({ "a.ts": sha("a1"), "b.ts": sha("b1") });
  });

  it("hashes a file edited after the manifest, even back to the same bytes", async () => {
    await write([
      { path: "a.ts", content: "a1" },
      { path: "b.ts", content: "b1" },
    ]);
    await tick();
    writeFileSync(join(out, "b.ts"), "b1"); // the same bytes, newer than the manifest
    await write([
      { path: "a.ts", content: "a2" },
      { path: "b.ts", content: "b1" },
    ]);
    expect(hashes()).toEqual({ "a.ts": sha("a2"), "b.ts": sha("b1") });
  });

  it("gives the manifest a run without the record gives, over several edits", async () => {
    const versions = [
      ["a1", "b1", "c1"],
      ["a2", "b1", "c1"],
      ["a2", "b2", "c1"],
      ["a2", "b2", "c1"],
      ["a3", "b2", "c2"],
    ];
    for (const [a, b, c] of versions) {
      const files = [
        { path: "a.ts", content: a as string },
        { path: "sub/b.ts", content: b as string },
        { path: "c.ts", content: c as string },
      ];
      await write(files);
      expect(hashes()).toEqual(Object.fromEntries(files.map((f) => [f.path, sha(f.content)])));
      await tick();
    }
  });
});

describe("writeOutput with origins (a file the output holds, kept unread)", () => {
  const SALT = "// header\n";
  /** A file of `origin` whose content must not be read (it throws), as the cache's lazy file. */
  const unread = (path: string, origin: string) => ({
    path,
    origin,
    get content(): string {
      throw new Error(`${path} was read`);
    },
  });
  const write = (
    files: readonly { path: string; content: string; origin?: string }[],
    salt = SALT,
  ) => writeOutput(out, files, META, { cacheCwd: root, originSalt: salt });
  /** Dates the files back, as files an earlier run wrote (one written in the manifest's clock tick is not vouched for). */
  const age = (...paths: string[]) => {
    for (const path of paths)
      utimesSync(join(out, path), new Date(2020, 0, 1), new Date(2020, 0, 1));
  };

  it("keeps an untouched file whose recorded origin is the new one's, without reading it", async () => {
    await write([
      { path: "a.ts", content: "a1", origin: "pack\0a" },
      { path: "b.ts", content: "b1", origin: "pack\0b" },
    ]);
    age("a.ts", "b.ts");
    const before = read(MANIFEST_NAME);
    const report = await write([
      { path: "a.ts", content: "a2", origin: "pack\0a2" },
      unread("b.ts", "pack\0b"),
    ]);
    expect(report.unchanged).toContain("b.ts");
    expect(read("b.ts")).toBe("b1");
    // the manifest keeps b.ts's hash from the last write
    expect(JSON.parse(read(MANIFEST_NAME)).files["b.ts"]).toBe(JSON.parse(before).files["b.ts"]);
    // and the record now names a2's origin: a third run keeps both unread
    age("a.ts");
    const third = await write([unread("a.ts", "pack\0a2"), unread("b.ts", "pack\0b")]);
    expect(third.written).toEqual([]);
  });

  it("reads the content when the origin, the salt or the file on disk is not the recorded one", async () => {
    const first = [
      { path: "a.ts", content: "a1", origin: "pack\0a" },
      { path: "b.ts", content: "b1", origin: "pack\0b" },
    ];
    await write(first);
    age("a.ts", "b.ts");
    // another origin: its content is read (and it is the same, so nothing is written)
    await expect(write([first[0]!, unread("b.ts", "pack\0other")])).rejects.toThrow(
      "b.ts was read",
    );
    // another salt (the header changed): the record's origins do not hold
    await expect(write([first[0]!, unread("b.ts", "pack\0b")], "// other\n")).rejects.toThrow(
      "b.ts was read",
    );
    // a file edited after the manifest was written: read, compared and restored
    await new Promise((done) => setTimeout(done, 5));
    writeFileSync(join(out, "b.ts"), "edited by hand");
    await expect(write([first[0]!, unread("b.ts", "pack\0b")])).rejects.toThrow("b.ts was read");
    const report = await write(first);
    expect(report.written).toEqual(["b.ts"]);
    expect(read("b.ts")).toBe("b1");
  });
});

describe("writeOutput's comparison with the bytes on disk", () => {
  it("leaves ASCII and non-ASCII files as they are, and rewrites bytes that only look alike", async () => {
    const files = [
      { path: "ascii.ts", content: "export const a = 1;\n" },
      { path: "accents.ts", content: "// café, naïve, “quoted”, 🐈\n" },
      // the UTF-8 bytes of "é" read one byte per character: a different text
      { path: "mojibake.ts", content: "// Ã©\n" },
    ];
    await writeOutput(out, files, META);
    writeFileSync(join(out, "mojibake.ts"), "// é\n");
    const report = await writeOutput(out, files, META);
    expect(report.unchanged).toEqual(expect.arrayContaining(["ascii.ts", "accents.ts"]));
    expect(report.written).toEqual(["mojibake.ts"]);
    expect(read("mojibake.ts")).toBe("// Ã©\n");
  });
});
