/**
 * generator/load/load-typescript.ts: the generator's bundle loads TypeScript through it, with a
 * V8 code cache (generator/load/code-cache.ts). Run in fresh processes against a copy of the `typescript` package (so the
 * project's own cache is untouched): the module is the one `require("typescript")` returns
 * (registered once), the first run writes the cache at exit, the next accepts it, and a corrupt
 * cache is rejected (compiled afresh) and rewritten. With the minified copy generator/run.mjs
 * makes of the package's file, the copy is compiled in its place (under a cache of its own) and
 * prints what the package prints.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-load-typescript-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const cacheDir = join(work, "node_modules/.cache/petstore-generator/v8");

interface Loaded {
  state: string;
  same: boolean;
  version: string;
  fromCopy: boolean;
  printed: string;
}

/** A source with the comments and literals whose printing a minifier could break. */
const SAMPLE = `/** A doc:\n * second line \u2028 */\nexport interface A { "b-c"?: "\\u00e9" | 1e3; /* inline */ d: Array<{ e: string }> }\n`;

/**
 * Loads TypeScript in a fresh process (with run.mjs's maker of copies standing in for one that has
 * a copy of `copy.file` only, if given).
 */
function run(copy?: { readonly file: string; readonly copy: string }): Loaded {
  const script = `
    ${copy === undefined ? "" : `globalThis[Symbol.for("petstore-generator.typescript-copy")] = (file) => file === ${JSON.stringify(copy.file)} ? ${JSON.stringify(copy.copy)} : undefined;`}
    const { loadTypeScript } = await import(${JSON.stringify(join(work, "generator/load/load-typescript.ts"))});
    const { createRequire } = await import("node:module");
    const ts = loadTypeScript();
    const { typeScriptCodeCache: state, typeScriptFromCopy: fromCopy } = await import(${JSON.stringify(join(work, "generator/load/load-typescript.ts"))});
    const required = createRequire(${JSON.stringify(join(work, "generator/load/"))})("typescript");
    const source = ts.createSourceFile("a.ts", ${JSON.stringify(SAMPLE)}, ts.ScriptTarget.Latest, true);
    const printed = ts.createPrinter().printFile(source);
    process.stdout.write(JSON.stringify({ state, fromCopy, printed, same: ts === required && loadTypeScript() === ts, version: ts.version }));
  `;
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { cwd: work, encoding: "utf8", timeout: 60_000 },
  );
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout) as Loaded;
}

describe("loadTypeScript", () => {
  mkdirSync(join(work, "generator/load"), { recursive: true });
  for (const file of ["load/load-typescript.ts", "load/code-cache.ts", "bundle-loader.mjs"])
    cpSync(join(ROOT, "generator", file), join(work, "generator", file));
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

  it("compiles run.mjs's minified copy in the package's place, under a cache of its own", async () => {
    const plain = run();
    expect(plain).toMatchObject({ fromCopy: false, same: true });
    const file = join(work, "node_modules/typescript/lib/typescript.js");
    const copy = join(work, "typescript-copy.min.cjs");
    // the copy generator/run.mjs makes (when a run first loads TypeScript: one that prints types)
    const made = spawnSync(
      process.execPath,
      [join(ROOT, "generator/run.mjs"), "cli", "--out", join(work, "out"), "--no-cache"],
      { cwd: ROOT, encoding: "utf8", timeout: 120_000 },
    );
    expect(made.status).toBe(0);
    const v8 = join(ROOT, "node_modules/.cache/petstore-generator/v8");
    const name = `typescript-${plain.version}-${statSync(file).size}.min.cjs`;
    expect(readdirSync(v8)).toContain(name);
    cpSync(join(v8, name), copy);
    const before = readdirSync(cacheDir).length;
    const first = run({ file, copy });
    expect(first).toMatchObject({
      state: "absent",
      fromCopy: true,
      same: true,
      version: plain.version,
    });
    expect(first.printed).toBe(plain.printed);
    expect(readdirSync(cacheDir)).toHaveLength(before + 1);
    expect(readdirSync(cacheDir)).toContain(
      `typescript-copy.min-${process.version}-${process.arch}.bin`,
    );
    expect(run({ file, copy })).toMatchObject({ state: "accepted", fromCopy: true });
    // the package's own cache is still accepted: the two never overwrite each other
    expect(run()).toMatchObject({ state: "accepted", fromCopy: false });
    // a copy of another file is not used
    expect(run({ file: `${file}.other`, copy })).toMatchObject({ fromCopy: false, same: true });
  }, 120_000);
});
