/**
 * A file an emitter marks `formatted` (types.ts, printed in prettier's layout) keeps the mark
 * when the emit cache (generator/cache/traced-emit.ts) stores it and gives it back, so a run
 * from the cache does not format it either; a stored mark other than `true` is a corrupt entry,
 * rendered again.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack, cacheDir, sha256Hex } from "../../generator/cache/cache-pack.js";
import { tracedEmit } from "../../generator/cache/traced-emit.js";
import type { GeneratedFile } from "../../generator/emit/file.js";

const dir = mkdtempSync(join(tmpdir(), "formatted-flag-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the formatted mark in the emit cache", () => {
  it("comes back with the cached file, and a tampered mark renders the file again", async () => {
    let runs = 0;
    const emit = async (): Promise<GeneratedFile[]> => {
      runs++;
      return [{ path: "types.ts", content: "export type A = string;\n", formatted: true }];
    };
    const open = () => CachePack.open(dir, "unit/formatted", "salt");
    const first = await tracedEmit(open(), { document: { paths: {} } }, "fixed", emit);
    const second = await tracedEmit(open(), { document: { paths: {} } }, "fixed", emit);
    expect(runs).toBe(1);
    expect(second).toEqual(first);
    expect(second[0]?.formatted).toBe(true);

    // the pack holds the files as JSON: an entry whose mark is not `true` (its integrity hash
    // recomputed, so only the mark is wrong) is not taken from it
    const file = join(cacheDir(dir), "unit/formatted.json");
    const pack = JSON.parse(readFileSync(file, "utf8")) as { entries: Record<string, { sum: string; text: string }> };
    const entry = Object.values(pack.entries).find((value) => value.text.includes('"formatted":true'));
    expect(entry).toBeDefined();
    entry!.text = entry!.text.replace('"formatted":true', '"formatted":"yes"');
    entry!.sum = sha256Hex(entry!.text);
    writeFileSync(file, JSON.stringify(pack));
    const third = await tracedEmit(open(), { document: { paths: {} } }, "fixed", emit);
    expect(runs).toBe(2);
    expect(third[0]?.formatted).toBe(true);
  });
});
