/**
 * The cache keeps its size (generator/cache/cache-folder.ts): each folder keeps the packs of its 32
 * most recently used output folders; a pack a run uses is touched, and writing a new one removes
 * the least recently used beyond 32.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KEPT_PER_FOLDER, keepRecent } from "../../generator/cache/cache-folder.js";
import { CachePack, cacheDir } from "../../generator/cache/cache-pack.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "cache-folder-"));
  made.push(dir);
  return dir;
}

/** Sets a file's "last used" time to `seconds` after the epoch. */
function age(file: string, seconds: number): void {
  utimesSync(file, seconds, seconds);
}

describe("keepRecent", () => {
  it("keeps the most recently used files and removes the rest", () => {
    const dir = tempDir();
    for (let i = 0; i < 5; i++) {
      writeFileSync(join(dir, `${i}.json`), "{}");
      age(join(dir, `${i}.json`), 1_000 + (i === 1 ? 10_000 : i));
    }
    keepRecent(dir, 3);
    expect(readdirSync(dir).sort()).toEqual(["1.json", "3.json", "4.json"]);
  });

  it("does nothing to a folder within its limit, or one that is missing", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "a.json"), "{}");
    keepRecent(dir, 3);
    keepRecent(join(dir, "absent"), 3);
    expect(readdirSync(dir)).toEqual(["a.json"]);
  });
});

describe("cache packs", () => {
  const write = (cwd: string, i: number) => {
    const pack = CachePack.open(cwd, `emit/test/${i}`, "salt");
    pack.set("input", `output ${i}`);
    pack.save();
  };
  const folder = (cwd: string) => join(cacheDir(cwd), "emit/test");

  it(`keep ${KEPT_PER_FOLDER} output folders' packs, dropping the least recently used`, () => {
    const cwd = tempDir();
    for (let i = 0; i < KEPT_PER_FOLDER; i++) {
      write(cwd, i);
      age(join(folder(cwd), `${i}.json`), 1_000 + i);
    }
    // pack 0 is used again (read, nothing changed): it counts as the most recent
    const used = CachePack.open(cwd, "emit/test/0", "salt");
    expect(used.get("input")).toBe("output 0");
    used.save();
    write(cwd, KEPT_PER_FOLDER); // a new output folder: the least recently used (1) goes
    const files = readdirSync(folder(cwd));
    expect(files).toHaveLength(KEPT_PER_FOLDER);
    expect(files).toContain("0.json");
    expect(files).toContain(`${KEPT_PER_FOLDER}.json`);
    expect(files).not.toContain("1.json");
  });

  it("are not pruned when an existing pack is rewritten", () => {
    const cwd = tempDir();
    mkdirSync(folder(cwd), { recursive: true });
    for (let i = 0; i < KEPT_PER_FOLDER + 4; i++)
      writeFileSync(join(folder(cwd), `old-${i}.json`), "{}");
    writeFileSync(join(folder(cwd), "0.json"), "not a pack"); // exists, unreadable as a pack
    const pack = CachePack.open(cwd, "emit/test/0", "salt");
    pack.set("input", "new");
    pack.save();
    expect(readdirSync(folder(cwd))).toHaveLength(KEPT_PER_FOLDER + 5);
  });
});
