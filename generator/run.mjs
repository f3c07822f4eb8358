/**
 * Starts a generator command (`node generator/run.mjs cli [options]`, `... scaffold-cli [options]`)
 * from an esbuild bundle of generator/*.ts instead of through a TypeScript loader: tsx hooks every
 * module the generator loads (TypeScript, prettier, openapi-typescript, ...), which cost more
 * start-up time and memory than the work itself on a small spec.
 *
 * The bundle lives in `generator/.build-<hash of the sources>/` (git-ignored), one level below
 * generator/ like the sources, so their `import.meta.url`-relative paths (templates/, generator/)
 * stay true. A changed source gives a new folder: a stale bundle is never run. Building takes
 * about 0.1 s and happens once per source change; folders of older sources are removed after an
 * hour (a process started from one may still be loading its chunks). Where no bundle can be
 * written (a read-only checkout), the sources run through tsx as before, with a note on stderr.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const GENERATOR_DIR = dirname(fileURLToPath(import.meta.url));
const ENTRIES = ["cli", "scaffold-cli"];
const STALE_AFTER_MS = 60 * 60 * 1000;

const [entry, ...args] = process.argv.slice(2);
if (!entry || !ENTRIES.includes(entry)) {
  process.stderr.write(`usage: node generator/run.mjs <${ENTRIES.join("|")}> [options]\n`);
  process.exit(2);
}

/** Sources outside generator/ that the bundle includes (the deprecation policy shared with lint). */
const SHARED_SOURCES = [join(GENERATOR_DIR, "../lint/deprecation-policy.js")];

function sourceFiles() {
  return readdirSync(GENERATOR_DIR, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile() && file.name.endsWith(".ts") && !relative(GENERATOR_DIR, file.parentPath).startsWith("."))
    .map((file) => join(file.parentPath, file.name))
    .concat(SHARED_SOURCES)
    .sort();
}

function sourcesHash() {
  const hash = createHash("sha256");
  const esbuild = JSON.parse(readFileSync(join(GENERATOR_DIR, "../node_modules/esbuild/package.json"), "utf8"));
  hash.update(`esbuild ${esbuild.version}\0`);
  for (const file of sourceFiles()) hash.update(`${relative(GENERATOR_DIR, file)}\0${readFileSync(file)}\0`);
  return hash.digest("hex").slice(0, 16);
}

async function build(target) {
  const { build: esbuild, stop } = await import("esbuild");
  const staging = mkdtempSync(join(GENERATOR_DIR, ".build-tmp-"));
  try {
    await esbuild({
      entryPoints: ENTRIES.map((name) => join(GENERATOR_DIR, `${name}.ts`)),
      outdir: staging,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      outExtension: { ".js": ".mjs" },
      logLevel: "silent", // a failure is reported below, once
    });
    try {
      renameSync(staging, target);
    } catch (error) {
      if (!existsSync(target)) throw error; // another run built the same sources first: use theirs
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
    await stop(); // esbuild's service process would otherwise keep a long-running command (--watch) alive
  }
}

function removeStaleBuilds(current) {
  for (const name of readdirSync(GENERATOR_DIR)) {
    if (!name.startsWith(".build-") || name === current) continue;
    const path = join(GENERATOR_DIR, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another run meanwhile
    }
  }
}

/** The bundle's entry module, or undefined when it cannot be built here (a read-only checkout, say). */
async function bundledEntry() {
  const folder = `.build-${sourcesHash()}`;
  const target = join(GENERATOR_DIR, folder);
  if (!existsSync(join(target, `${entry}.mjs`))) {
    try {
      await build(target);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim().slice(0, 200);
      process.stderr.write(`note: could not bundle the generator into ${relative(process.cwd(), target)} (${reason}); running its sources through tsx instead (slower start)\n`);
      return undefined;
    }
    removeStaleBuilds(folder);
  }
  return join(target, `${entry}.mjs`);
}

const bundled = await bundledEntry();
if (bundled === undefined) {
  const { register } = await import("tsx/esm/api");
  register();
}
const module = bundled ?? join(GENERATOR_DIR, `${entry}.ts`);
process.argv = [process.argv[0] ?? "node", module, ...args];
await import(pathToFileURL(module).href);
