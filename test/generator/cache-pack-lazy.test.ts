/**
 * A pack hands back the file of an entry lazy when the output folder already holds that very
 * content (cache/cache-pack.ts `fileAt`, write/known-hashes.ts): the entry is kept for the next
 * run without being read; read later, a damaged entry fails with an error that says what to do,
 * never with a wrong text. Otherwise the file is read at once, and a damaged entry is a miss.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack, cacheDir, packKeys } from "../../generator/cache/cache-pack.js";
import { GeneratorError } from "../../generator/errors.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const TEXT = "export const generated = 'the cached text';\n".repeat(200);

/** A pack `unit/lazy` holding TEXT under "input", and its file. */
function packWithEntry(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "cache-pack-lazy-"));
  temps.push(dir);
  const pack = CachePack.open(dir, "unit/lazy", "salt");
  pack.set("input", TEXT);
  pack.save();
  return { dir, file: join(cacheDir(dir), "unit/lazy.json") };
}

describe("a pack's file the output holds", () => {
  it("is lazy, kept for the next run without being read, and its text the entry's", () => {
    const { dir, file } = packWithEntry();
    const pack = CachePack.open(dir, "unit/lazy", "salt");
    const key = pack.key("input");
    const asked: string[] = [];
    pack.outputHolds = (path, origin) => {
      asked.push(`${path} ${origin}`);
      return origin === pack.originOf(key);
    };
    const held = pack.fileAt("a.ts", key);
    expect(asked).toEqual([`a.ts ${pack.originOf(key)}`]);
    expect(held?.origin).toBe(pack.originOf(key));
    expect(Object.getOwnPropertyDescriptor(held, "content")?.get).toBeDefined();
    // kept: the save keeps the entry, as a read would
    pack.save();
    expect(packKeys(file)).toEqual([key]);
    expect(held?.content).toBe(TEXT);
    // not held: read at once, with the same origin
    pack.outputHolds = () => false;
    const read = pack.fileAt("a.ts", key);
    expect(Object.getOwnPropertyDescriptor(read, "content")?.value).toBe(TEXT);
    expect(read?.origin).toBe(pack.originOf(key));
  });

  it("fails with what to do when its entry is found damaged on reading, and is a miss when read at once", () => {
    const { dir, file } = packWithEntry();
    // the entry's bytes damaged (as long as they were), its header whole: opening reads the header alone
    writeFileSync(file, readFileSync(file, "utf8").replace("the cached text", "the cachEd text"));
    const pack = CachePack.open(dir, "unit/lazy", "salt");
    const key = pack.key("input");
    pack.outputHolds = () => true;
    const held = pack.fileAt("a.ts", key);
    expect(held).toBeDefined();
    let error: unknown;
    try {
      void held?.content;
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).format()).toMatch(/a\.ts.*\n.*Delete node_modules\/\.cache/);
    // read at once, the damaged entry is a miss (rendered again by the caller)
    const again = CachePack.open(dir, "unit/lazy", "salt");
    again.outputHolds = () => false;
    expect(again.fileAt("a.ts", key)).toBeUndefined();
  });
});
