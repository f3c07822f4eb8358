/**
 * The keys of the one pack an emitter has in the cache of `cwd` (`emit/<name>/`), for the tests
 * that check which entries a run keeps: a folder with any other number of packs fails the test.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { cacheDir, packKeys } from "../../generator/cache/cache-pack.js";

export function emitPackKeys(cwd: string, name: string): string[] {
  const folder = join(cacheDir(cwd), "emit", name);
  const packs = readdirSync(folder);
  expect(packs).toHaveLength(1);
  return packKeys(join(folder, packs[0] ?? "")) ?? [];
}
