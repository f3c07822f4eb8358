/**
 * generator/load/load-typescript.ts: the generator's bundle loads TypeScript through it, with a
 * V8 code cache (generator/load/code-cache.ts). Run in fresh processes against a copy of the `typescript` package (so the
 * project's own cache is untouched): the module is the one `require("typescript")` returns
 * (registered once), the first run writes the cache at exit, the next accepts it, and a corrupt
 * cache is rejected (compiled afresh) and rewritten.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-load-typescript-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cacheDir = join(work, "node_modules/.cache/petstore-generator/v8");

function run(): { state: string; same: boolean; version: string } {
  const script = `
    const { loadTypeScript, typeScriptCodeCache } = await import(${JSON.stringify(join(work, "generator/load/load-typescript.ts"))});
    const { createRequire } = await import("node:module");
    const ts = loadTypeScript();
    const state = (await import(${JSON.stringify(join(work, "generator/load/load-typescript.ts"))})).typeScriptCodeCache;
    const required = createRequire(${JSON.stringify(join(work, "generator/load/"))})("typescript");
    process.stdout.write(JSON.stringify({ state, same: ts === required && loadTypeScript() === ts, version: ts.version }));
  `;
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { cwd: work, encoding: "utf8", timeout: 60_000 },
  );
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as { state: string; same: boolean; version: string };
}

describe("loadTypeScript", () => {
  mkdirSync(join(work, "generator/load"), { recursive: true });
  for (const file of ["load-typescript.ts", "code-cache.ts"])
    cpSync(join(ROOT, "generator/load", file), join(work, "generator/load", file));
  mkdirSync(join(work, "node_modules/typescript/lib"), { recursive: true });
  for (const file of ["package.json", "lib/typescript.js"])
    cpSync(
      join(ROOT, "node_modules/typescript", file),
      join(work, "node_modules/typescript", file),
    );
  symlinkSync(join(ROOT, "node_modules/tsx"), join(work, "node_modules/tsx"), "dir");

  it("loads the typescript package once, writes a code cache, and uses it next time", () => {
    const first = run();
    expect(first).toMatchObject({ state: "absent", same: true });
    expect(first.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(readdirSync(cacheDir).filter((name) => name.endsWith(".bin"))).toHaveLength(1);
    expect(run()).toMatchObject({ state: "accepted", same: true });
  }, 120_000);

  it("rejects a corrupt cache, compiles afresh and rewrites it", () => {
    const [name] = readdirSync(cacheDir).filter((file) => file.endsWith(".bin"));
    writeFileSync(join(cacheDir, name!), "not a code cache");
    expect(run()).toMatchObject({ state: "rejected", same: true });
    expect(existsSync(join(cacheDir, name!))).toBe(true);
    expect(run()).toMatchObject({ state: "accepted", same: true });
  }, 120_000);
});
