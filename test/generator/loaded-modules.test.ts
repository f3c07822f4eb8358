/**
 * What the generator's process loads, as `npm run generate` runs it (generator/run.mjs, the
 * esbuild bundle): one copy of TypeScript (ts-morph's own copy is replaced by the `typescript`
 * package in the bundle), one major version of @redocly/openapi-core (openapi-typescript's 1.x is
 * never loaded; ts-morph and openapi-core 2.x are bundled), never prettier (no formatter runs on
 * the generation path), and, after a one-line description edit whose pieces are all in
 * the cache, no Ajv, ajv-formats, fast-check, TypeScript or ts-morph (Ajv and ts-morph are in the
 * bundle: the chunks the run loaded must not carry them). A preloaded probe records every module the process
 * resolves (ES module hooks) and every CommonJS module it loads (`require.cache` at exit).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./cli-helper.js";
import { loadedByGenerator, packageOf } from "./module-probe.js";

const work = mkdtempSync(join(ROOT, ".tmp-loaded-modules-"));
afterAll(() => (process.env.KEEP ? undefined : rmSync(work, { recursive: true, force: true })));

/** The files (paths from the project root) a generator run loaded. */
const loadedBy = (args: readonly string[], name: string): string[] =>
  loadedByGenerator(work, args, name);

/**
 * What the bundle's chunks a run loaded hold: for each, its modules (paths from the project,
 * `../../main/node_modules/...` when node_modules is a link), one `// <path>` line each, as
 * esbuild's comments named them (generator/run.mjs lists them in the build's inputs.json).
 */
const loadedChunks = (loaded: readonly string[]): string[] =>
  loaded
    .filter((path) => /^generator\/\.build-[0-9a-f]+\/[^/]+\.cjs$/.test(path))
    .map((path) => {
      const inputs = JSON.parse(
        readFileSync(join(ROOT, dirname(path), "inputs.json"), "utf8"),
      ) as Record<string, string[]>;
      const modules = inputs[basename(path)];
      expect(modules, path).toBeDefined();
      return modules!.map((module) => `// ${module}`).join("\n");
    });

/** Whether a chunk carries Ajv (bundled by generator/run.mjs). */
const holdsAjv = (text: string) =>
  /^\/\/ (\.\.\/)*([\w.-]+\/)*node_modules\/ajv\/dist\/core\.js$/m.test(text);
/** Whether a chunk carries fast-check (bundled too, with its pure-rand). */
const holdsFastCheck = (text: string) =>
  /^\/\/ (\.\.\/)*([\w.-]+\/)*node_modules\/fast-check\/lib\/fast-check\.js$/m.test(text);

const isTypeScript = (path: string) =>
  /(^|\/)typescript\/lib\/typescript\.js$|@ts-morph\/common\/dist\/typescript\.js$/.test(path);

describe("modules the generator loads", () => {
  const spec = join(work, "openapi.yaml");
  writeFileSync(spec, readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8"));
  const args = ["--spec", spec, "--out", join(work, "out"), "--name", "PetStore"];

  it("loads one copy of TypeScript and one major version of @redocly/openapi-core on a cold run", () => {
    // a run that builds the bundle loads every lazy package once, to list its exports: not this one
    loadedBy(["--help"], "build");
    const loaded = loadedBy(["--spec", spec, "--out", join(work, "cold"), "--no-cache"], "cold");
    expect(loaded.filter(isTypeScript)).toEqual(["node_modules/typescript/lib/typescript.js"]);
    // openapi-core 2.x is bundled (its dependencies are not); 1.x (openapi-typescript's) is never loaded
    expect(loaded.filter((path) => path.includes("/@redocly/openapi-core/"))).toEqual([]);
    // and the bundle the run loaded carries neither a TypeScript nor code of openapi-core 1.x
    const build = /^generator\/\.build-[0-9a-f]+\//.exec(
      loaded.find((path) => path.startsWith("generator/.build-")) ?? "",
    )?.[0];
    expect(build).toBeDefined();
    // the chunks (beside them: their V8 code caches, generator/bundle-loader.mjs) and their modules
    const chunks = readdirSync(join(ROOT, build!)).filter((name) => name.endsWith(".cjs"));
    expect(chunks).toContain("cli.cjs");
    const inputs = JSON.parse(readFileSync(join(ROOT, build!, "inputs.json"), "utf8")) as Record<
      string,
      string[]
    >;
    expect(Object.keys(inputs).sort()).toEqual([...chunks].sort());
    for (const name of chunks) {
      expect(readFileSync(join(ROOT, build!, name), "utf8"), name).not.toMatch(
        /versionMajorMinor = "/,
      );
      expect(inputs[name]!.join("\n"), name).not.toContain("openapi-typescript/node_modules/");
    }
    expect(
      chunks.some((name) =>
        inputs[name]!.some((path) =>
          path.endsWith("node_modules/@redocly/openapi-core/lib/ref-utils.js"),
        ),
      ),
    ).toBe(true);
    // ts-morph's copy of TypeScript's lib files is left out of the bundle (the emitters only print)
    for (const name of chunks)
      expect(readFileSync(join(ROOT, build!, name), "utf8"), name).not.toContain(
        'fileName: "lib.dom.d.ts"',
      );
    // what loading and bundling a spec never calls stays unloaded (generator/run.mjs, LAZY_NAMED)
    const packages = new Set(loaded.map(packageOf));
    for (const name of [
      "graphql",
      "jsonpath-rfc9535",
      "yaml-ast-parser",
      "yaml",
      "minimatch",
      "path-browserify",
      "tinyglobby",
      "fast-xml-parser",
      "diff",
    ])
      expect(packages.has(name), name).toBe(false);
    // every file is printed in its final layout by its emitter: no formatter is loaded
    expect(
      loaded.filter((path) => packageOf(path) === "prettier" || path.includes("/prettier/")),
    ).toEqual([]);
    // the heavy libraries of a cold run are loaded (the probe sees them; Ajv and fast-check are in the bundle)
    expect(
      loaded.some((path) => packageOf(path) === "code-block-writer"),
      "code-block-writer",
    ).toBe(true);
    for (const name of ["ajv", "fast-check", "pure-rand"])
      expect(packages.has(name), `${name} from node_modules`).toBe(false);
    // openapi-typescript's own dependencies are in the bundle, not loaded by name
    // (generator/run.mjs, BUNDLED_PACKAGES)
    for (const name of ["supports-color", "ansi-colors", "change-case"])
      expect(packages.has(name), name).toBe(false);
    expect(loadedChunks(loaded).some(holdsAjv)).toBe(true);
    expect(loadedChunks(loaded).some(holdsFastCheck)).toBe(true);
  }, 180_000);

  it("loads no diff library for a --check that renders and finds the output up to date", () => {
    // the first test's output, checked without the cache, as CI checks a fresh clone
    const loaded = loadedBy(
      ["--spec", spec, "--out", join(work, "cold"), "--no-cache", "--check"],
      "check",
    );
    expect(loaded.some((path) => /^generator\/\.build-[0-9a-f]+\/check-output-/.test(path))).toBe(
      true,
    );
    expect(new Set(loaded.map(packageOf)).has("diff")).toBe(false);
  }, 180_000);

  it("loads the YAML parsers it left out when a refused spec's problem is located (line and column)", () => {
    const broken = join(work, "broken.yaml");
    writeFileSync(
      broken,
      readFileSync(spec, "utf8").replace(
        '"#/components/schemas/Pet"',
        '"#/components/schemas/Nowhere"',
      ),
    );
    const result = spawnSync(
      process.execPath,
      [join(ROOT, "generator/run.mjs"), "cli", "--spec", broken, "--out", join(work, "broken-out")],
      { cwd: ROOT, encoding: "utf8", timeout: 180_000 },
    );
    expect(result.status).toBe(3);
    expect(result.stderr).toMatch(
      /\$ref "#\/components\/schemas\/Nowhere" points at nothing[\s\S]*broken\.yaml:\d+:\d+ \(#\//,
    );
  }, 180_000);

  it("loads neither prettier, Ajv, fast-check, TypeScript nor ts-morph after an edit that no generated file shows, with the cache warm", () => {
    loadedBy(args, "fill"); // renders everything into the cache
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace(
        /^(\s*description: The pet store service\.[^\n]*)$/m,
        "$1 Edited.",
      ),
    );
    const loaded = loadedBy(args, "edit");
    const packages = new Set(loaded.map(packageOf));
    // nor Redocly's Ajv (openapi-core's example-validating lint rules load it when first used)
    for (const name of [
      "prettier",
      "fast-check",
      "ajv",
      "ajv-formats",
      "@redocly/ajv",
      "code-block-writer",
    ])
      expect(packages.has(name), name).toBe(false);
    // every emitter's files came from the cache (cache/traced-emit.ts): TypeScript, ts-morph and openapi-typescript stay unloaded
    expect(loaded.filter(isTypeScript)).toEqual([]);
    const bundle = loadedChunks(loaded);
    expect(bundle.some(holdsAjv)).toBe(false);
    expect(bundle.some(holdsFastCheck)).toBe(false);
    expect(
      bundle.some(
        (text) =>
          text.includes("// node_modules/ts-morph/") ||
          text.includes("// node_modules/openapi-typescript/"),
      ),
    ).toBe(false);
    expect(
      loaded.filter((path) =>
        /^generator\/\.build-[0-9a-f]+\/(emit-validators|emit-mocks)-/.test(path),
      ),
    ).toEqual([]);
    expect(loaded.some((path) => /^generator\/\.build-[0-9a-f]+\/generate-/.test(path))).toBe(true);
    expect(readFileSync(join(work, "out/types.ts"), "utf8")).not.toContain("Edited."); // a servers description: shown by no file
  }, 180_000);

  it("loads neither TypeScript nor ts-morph after an edit of the API's description, which only the README shows", () => {
    loadedBy(args, "fill-readme"); // the cache as the last run left it
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace(
        /^(\s*HTTP JSON interface of the pet store:)/m,
        "$1 Described again,",
      ),
    );
    const loaded = loadedBy(args, "edit-readme");
    expect(loaded.filter(isTypeScript)).toEqual([]);
    expect(new Set(loaded.map(packageOf)).has("code-block-writer")).toBe(false);
    // the README shows it, put in the README the cache kept (cache/cached-emitters.ts)
    expect(readFileSync(join(work, "out/README.md"), "utf8")).toContain(
      "HTTP JSON interface of the pet store: Described again,",
    );
  }, 180_000);
  it("loads neither TypeScript nor ts-morph after an edit of an operation's summary (the README's table and types.ts show it)", () => {
    loadedBy(args, "fill-summary"); // the cache as the last run left it
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace(/^(\s*summary: List pets)$/m, "$1, summarized again"),
    );
    const loaded = loadedBy(args, "edit-summary");
    // the README came from the cache, its operations table filled (emit/package/readme-operations.ts)
    expect(new Set(loaded.map(packageOf)).has("code-block-writer")).toBe(false);
    expect(loadedChunks(loaded).some((text) => text.includes("// node_modules/ts-morph/"))).toBe(
      false,
    );
    expect(readFileSync(join(work, "out/README.md"), "utf8")).toContain(
      "List pets, summarized again",
    );
    // types.ts from its cached members, the summary put in its slot (emit/types-prose-slots.ts):
    // neither TypeScript nor openapi-typescript is loaded
    expect(readFileSync(join(work, "out/types.ts"), "utf8")).toContain("summarized again");
    expect(loaded.filter(isTypeScript)).toEqual([]);
    expect(
      loadedChunks(loaded).some((text) => text.includes("// node_modules/openapi-typescript/")),
    ).toBe(false);
  }, 180_000);

  it("reuses server.ts's template after a schema edit that leaves every operation as it was", () => {
    loadedBy(args, "fill-schema"); // the cache as the last run left it
    writeFileSync(
      spec,
      readFileSync(spec, "utf8").replace(
        /^( *)NewPet:\n((?:\1 .*\n)*?)(\1  properties:\n)/m,
        "$1NewPet:\n$2$3$1    nickname: { type: string, maxLength: 40 }\n",
      ),
    );
    const loaded = loadedBy(args, "edit-schema");
    expect(readFileSync(join(work, "out/types.ts"), "utf8")).toContain("nickname?: string;");
    // the template's key holds the operations and whether one has a field `transforms` changes,
    // not the schemas (cache/cached-emitters.ts): its emitter is not even loaded
    const server = (path: string) =>
      /^generator\/\.build-[0-9a-f]+\/emit-server-\w+\.cjs$/.test(path);
    expect(loaded.filter(server)).toEqual([]);
  }, 180_000);
});
