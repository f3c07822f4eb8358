/**
 * The hash of everything generated/ depends on: the spec and every file it `$ref`s, the
 * changelog beside the spec, the templates, the generator's own source, the versions of the libraries that shape the output,
 * and the options. Same inputs ⇒ same output (the generator is deterministic), which lets
 * `--check` skip rendering when nothing changed without ever missing a drift.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { readChangelog } from "../load/read-changelog.js";

const GENERATOR_DIR = fileURLToPath(new URL("../", import.meta.url));
const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/", import.meta.url));
/** The deprecation policy the model applies (shared with lint). */
const POLICY_FILE = fileURLToPath(new URL("../../lint/deprecation-policy.js", import.meta.url));
/** The `x-pagination` reader the model applies (shared with lint). */
const PAGINATION_FILE = fileURLToPath(new URL("../../lint/pagination.js", import.meta.url));
/** The project's node_modules, where the output libraries are looked for first. */
const NODE_MODULES_DIR = fileURLToPath(new URL("../../node_modules/", import.meta.url));
const OUTPUT_LIBRARIES = [
  "openapi-typescript",
  "typescript",
  "ajv",
  "ajv-formats",
  "ts-morph",
  "@redocly/openapi-core",
  "js-yaml", // Redocly's YAML parser: load/yaml-sections.ts keeps what it parsed
  // the mocks' example data are drawn with them (schema/schema-arbitrary.ts): another version
  // may draw other values, which cached mock bodies would not show
  "fast-check",
  "pure-rand",
];

export interface HashInputs {
  /** Spec files (root first, then every file it references), relative to `cwd`. */
  readonly specFiles: readonly string[];
  readonly apiName: string;
  readonly cwd: string;
}

/**
 * The SHA-256 of spec files one run has read for the inputs hash, by absolute path: the quick
 * check (quick-check.ts) hashes every spec file before deciding to render, and the manifest's
 * hash after rendering then reuses those digests instead of reading and hashing every file again
 * (DigitalOcean's 2,850 files: about 60 ms of every run). Owned by one run: a file changed
 * between the two reads is recorded as it was first read, so the manifest can only claim older
 * bytes than were rendered, and the next run renders again (never the other way round).
 */
export type SpecDigests = Map<string, string>;

/**
 * The digest of a spec file's bytes as the inputs hash takes it. A split spec's bundle record
 * keeps it per file (load/split-bundle.ts) and compares it with this run's {@link SpecDigests}:
 * both must be made here.
 */
export const specFileDigest = (bytes: Buffer): string =>
  createHash("sha256").update(bytes).digest("hex");

export async function computeInputsHash(
  inputs: HashInputs,
  digests?: SpecDigests,
): Promise<string> {
  const hash = createHash("sha256");
  const digest = (content: string | Buffer) => createHash("sha256").update(content).digest("hex");
  const add = (label: string, content: string | Buffer) => {
    hash.update(`${label}\0${digest(content)}\n`);
  };
  add("options", JSON.stringify({ apiName: inputs.apiName, specFiles: inputs.specFiles }));
  // read synchronously, as the tool's sources below: a spec split in 2,850 files (DigitalOcean's)
  // spent about 0.3 s waiting on one await per file
  for (const file of inputs.specFiles) {
    const path = resolve(inputs.cwd, file);
    let sum = digests?.get(path);
    if (sum === undefined) {
      sum = specFileDigest(readFileSync(path));
      digests?.set(path, sum);
    }
    hash.update(`spec:${file}\0${sum}\n`);
  }
  // The changelog beside the root spec, or its absence (so one that appears is a change too).
  const root = inputs.specFiles[0];
  const changelog = root === undefined ? undefined : await readChangelog(resolve(inputs.cwd, root));
  add("changelog", changelog ?? "\0absent");
  add("tool", await computeToolHash());
  return hash.digest("hex");
}

let toolHash: Promise<string> | undefined;

/** Where generator/run.mjs leaves the SHA-256 of the sources it hashed (absolute path → hex). */
const SOURCE_DIGESTS = Symbol.for("petstore-generator.source-digests");

/**
 * The hash of the generator itself: its sources, the templates and the versions of the
 * libraries that shape the output (computed once per process). Part of every cache key.
 */
export function computeToolHash(): Promise<string> {
  toolHash ??= (async () => {
    const hash = createHash("sha256");
    const add = (label: string, content: string | Buffer) => {
      hash.update(`${label}\0${createHash("sha256").update(content).digest("hex")}\n`);
    };
    // read synchronously: one await per file (about 250 of them) cost five times the reading itself;
    // the files generator/run.mjs hashed at start-up are not read again
    const known = (globalThis as { [SOURCE_DIGESTS]?: ReadonlyMap<string, string> })[
      SOURCE_DIGESTS
    ];
    const addFile = (label: string, file: string) => {
      const digest = known?.get(file);
      if (digest === undefined) add(label, readFileSync(file));
      else hash.update(`${label}\0${digest}\n`);
    };
    for (const dir of [GENERATOR_DIR, TEMPLATES_DIR]) {
      for (const file of listSourceFiles(dir)) {
        // `dir` ends with a separator and every file is below it (path.relative cost 5 ms here)
        addFile(
          `source:${file.startsWith(dir) ? file.slice(dir.length) : relative(dir, file)}`,
          file,
        );
      }
    }
    addFile("source:lint/deprecation-policy.js", POLICY_FILE);
    addFile("source:lint/pagination.js", PAGINATION_FILE);
    for (const library of OUTPUT_LIBRARIES) {
      const manifest = JSON.parse(readFileSync(findPackageJson(library), "utf8")) as {
        version?: string;
      };
      add(`library:${library}`, manifest.version ?? "unknown");
    }
    return hash.digest("hex");
  })();
  return toolHash;
}

/**
 * The library's package.json: the project's node_modules/<library>/package.json, where resolving
 * it from here finds it (generator/ has no node_modules of its own; run.mjs bundles from the same
 * folder), read without resolving (resolving the seven packages cost 15–20 ms of every run);
 * resolved where that file is absent (a hoisted or linked layout).
 */
function findPackageJson(library: string): string {
  const direct = join(NODE_MODULES_DIR, library, "package.json");
  if (existsSync(direct)) return direct;
  const entry = createRequire(import.meta.url).resolve(library);
  const marker = `${sep}node_modules${sep}${library.split("/").join(sep)}${sep}`;
  const index = entry.lastIndexOf(marker);
  return join(entry.slice(0, index + marker.length), "package.json");
}

function listSourceFiles(dir: string): string[] {
  return sourceFilesUnder(dir).sort();
}

/**
 * The files under `dir`; dot-folders hold build output (generator/.build-*), not sources, and are
 * not entered at all (listing their chunks cost more than reading the sources).
 */
function sourceFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : sourceFilesUnder(path);
    // .mjs: generator/run.mjs, whose build options shape the bundle every run executes, and
    // generator/bundle-loader.mjs, which loads it
    return entry.isFile() && /\.(ts|js|mjs|json)$/.test(entry.name) ? [path] : [];
  });
}
