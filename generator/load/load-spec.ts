/**
 * load: read the spec and every file it `$ref`s, bundled into one document with
 * Redocly's openapi-core (the same parser the linter uses). Internal `$ref`s stay refs.
 * openapi-core is imported when needed: a JSON spec whose bundle an earlier run recorded
 * (bundle-cache.ts) is read without it.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { relative } from "node:path";
import type { NormalizedProblem } from "@redocly/openapi-core";
import { parse as parseYaml } from "yaml";
import { implyLifecycle } from "../../lint/lifecycle-implied.js";
import { GeneratorError } from "../errors.js";
import { timing } from "../timing.js";
import { declareMissingPathParameters } from "./declare-path-parameters.js";
import { dropImpossibleEnums } from "./drop-impossible-enums.js";
import { renameDuplicateOperationIds } from "./rename-duplicate-operation-ids.js";
import { applyVerdict, bundleRecord } from "./bundle-cache.js";
import { splitRecordFile } from "./split-record-file.js";
import { jsonValue, startsLikeJson } from "./json-text.js";
import {
  breakReferenceCycles,
  hoistDeepSchemaReferences,
  normalizeDiscriminatorMappings,
} from "./normalize-document.js";
import { sha256Hex } from "../cache/text-hash.js";
import { specFileDigest, type SpecDigests } from "../write/inputs-hash.js";
import { withOneByteStrings } from "./one-byte-strings.js";
import { refuseAliasBomb } from "./alias-expansion.js";

export interface LoadedSpec {
  /** The bundled document (external files pulled into components). */
  readonly document: Record<string, unknown>;
  /**
   * SHA-256 (hex, 16 chars) of the bundled document, worked out when first read (JSON of the
   * whole document: about 60 ms on Stripe, which no emitter reads).
   */
  readonly specHash: string;
  /** The spec path relative to the working directory, for headers and messages. */
  readonly displayPath: string;
  /** The spec and every file it references, relative to the working directory (root first). */
  readonly files: readonly string[];
  /** What had to be repaired to read the spec. */
  readonly warnings: readonly string[];
}

export interface LoadOptions {
  /** Read a repeated operationId instead of refusing it (see rename-duplicate-operation-ids.ts). */
  readonly allowDuplicateOperationIds?: boolean;
  /** Declare path template parameters nobody declares instead of refusing the spec (see declare-path-parameters.ts). */
  readonly allowUndeclaredPathParameters?: boolean;
  /** Skip the bundle when an earlier run in this working directory recorded it (bundle-cache.ts). */
  readonly cache?: boolean;
  /** The spec files' hashes this run's quick check worked out (a split spec's replay reads only files whose hash changed). */
  readonly digests?: SpecDigests;
}

export async function loadSpec(
  specPath: string,
  cwd = process.cwd(),
  options: LoadOptions = {},
): Promise<LoadedSpec> {
  const displayPath = toPosix(relative(cwd, specPath)) || specPath;
  const warnings: string[] = [];
  let bundled: unknown;
  let dependencies: readonly string[];
  /** The bytes of a YAML spec parsed whole (not JSON, which `JSON.parse` read, nor section by section). */
  let yamlBytes: Buffer | undefined;
  try {
    const t0 = performance.now();
    const bytes = await readFile(specPath);
    // the inputs hash takes the digest of the bytes loaded rather than reading the file again
    if (options.digests?.has(specPath) === false)
      options.digests.set(specPath, specFileDigest(bytes));
    // decoded when a whole text is needed (JSON, a whole parse, a bundle): a YAML spec read
    // section by section is cut and keyed as bytes (yaml-sections.ts)
    let decoded: string | undefined;
    const text = (): string => (decoded ??= bytes.toString("utf8"));
    const json = startsLikeJson(bytes) ? jsonValue(text()) : undefined;
    // with a cache, the YAML sections and files an edit left alone are not parsed again (yaml-sections.ts)
    const yaml = options.cache === true ? await import("./yaml-sections.js") : undefined;
    const pieces = yaml === undefined ? undefined : await yaml.openYamlPieces(cwd, specPath);
    const sections =
      json === undefined && yaml !== undefined && pieces !== undefined
        ? await yaml.parseYamlSections(bytes, specPath, pieces)
        : undefined;
    // a piece of a YAML spec read section by section was decoded from its own bytes: its
    // strings are one byte a character unless the piece holds a longer character
    if (json === undefined && sections === undefined) yamlBytes = bytes;
    const root =
      json === undefined && sections === undefined
        ? (await import("./sync-file-resolver.js")).documentFromText(text(), specPath)
        : undefined;
    const parsed: unknown = json !== undefined ? json.value : (sections ?? root?.parsed);
    // before any walk of it: an alias bomb would never let one finish (alias-expansion.ts)
    if (json === undefined) refuseAliasBomb(parsed, bytes, displayPath);
    checkVersion(parsed, displayPath);
    const warned = warnings.length;
    breakReferenceCycles(parsed, warnings);
    // the pieces' keys describe the text: not a document whose cycles were broken
    const whole = warnings.length === warned;
    const leaves = whole && sections !== undefined ? pieces?.leaves : undefined;
    timing("  read and parse", t0);
    const t1 = performance.now();
    // a spec with a split record (its bundle read other files) goes to that record alone: the
    // one-file record would key the whole document for nothing. A split record that refused its
    // spec does not count, and a spec now in one file leaves its split record (split-bundle.ts).
    const splitRecorded = pieces !== undefined && existsSync(splitRecordFile(cwd, specPath));
    // a JSON spec's pieces are cut only for the one-file record that keys by them
    const jsonLeaves =
      options.cache === true && !splitRecorded && whole && json !== undefined
        ? (await import("./bundle-key.js")).jsonLeaves(parsed)
        : undefined;
    const record =
      options.cache === true && !splitRecorded
        ? await bundleRecord(cwd, specPath, parsed, leaves ?? jsonLeaves)
        : undefined;
    if (record?.verdict !== undefined) {
      applyVerdict(parsed, record.verdict);
      bundled = parsed;
      dependencies = []; // one file: the bundle read no other
      timing("  bundle (as recorded)", t1);
    } else {
      const before = record === undefined ? undefined : JSON.stringify(parsed);
      // a spec that `$ref`s other files has a record of its own (split-bundle.ts); one whose
      // `$ref`s to other files are not followed gets the one-file record
      const splitBundle =
        (record === undefined || record.refersOut) &&
        pieces !== undefined &&
        warnings.length === warned
          ? await (
              await import("./split-bundle.js")
            ).bundleSplitSpec(
              cwd,
              specPath,
              text(),
              parsed,
              root,
              pieces,
              options.digests,
              record === undefined && !splitRecorded,
            )
          : undefined;
      let result = splitBundle?.result;
      if (result === undefined) {
        const { bundleDocument, documentFromText } = await import("./sync-file-resolver.js");
        result = await bundleDocument(root ?? documentFromText(text(), specPath, parsed), {
          pieces,
          digests: options.digests,
        });
      }
      timing(splitBundle?.replayed === true ? "  bundle (as recorded)" : "  bundle", t1);
      const unresolved = result.problems.find(
        (problem) => problem.severity === "error" || /resolve/i.test(problem.message),
      );
      if (unresolved) throw await problemError(unresolved, cwd);
      if (before !== undefined)
        record?.record(
          before,
          result.bundle.parsed,
          result.fileDependencies.size,
          result.problems.length,
        );
      bundled = result.bundle.parsed;
      dependencies = [...result.fileDependencies];
    }
    pieces?.save();
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    throw await loadFailure(error, displayPath);
  }

  // a YAML spec in one file: its strings one byte a character where they can be (one-byte-strings.ts)
  const document =
    yamlBytes !== undefined && dependencies.length === 0
      ? withOneByteStrings(bundled, yamlBytes)
      : bundled;
  if (document === null || typeof document !== "object" || Array.isArray(document)) {
    throw new GeneratorError(
      "invalidSpec",
      "The spec is not an OpenAPI document (expected a YAML or JSON object)",
      {
        where: displayPath,
        hint: "Point --spec at an OpenAPI 3.0 or 3.1 document.",
      },
    );
  }
  const t2 = performance.now();
  implyLifecycle(document);
  normalizeDiscriminatorMappings(document as Record<string, unknown>);
  hoistDeepSchemaReferences(document as Record<string, unknown>, warnings);
  dropImpossibleEnums(document as Record<string, unknown>, warnings);
  if (options.allowDuplicateOperationIds)
    renameDuplicateOperationIds(document as Record<string, unknown>, warnings);
  if (options.allowUndeclaredPathParameters)
    declareMissingPathParameters(document as Record<string, unknown>, warnings);
  timing("  normalize", t2);
  const references = dependencies
    .map((file) => toPosix(relative(cwd, file)))
    .filter((file) => file !== displayPath)
    .sort();
  let specHash: string | undefined;
  return {
    document: document as Record<string, unknown>,
    get specHash() {
      return (specHash ??= sha256Hex(JSON.stringify(document)).slice(0, 16));
    },
    displayPath,
    files: [displayPath, ...references],
    warnings,
  };
}

/**
 * Refuses what the generator cannot handle, before bundling. Lenient where openapi-typescript is:
 * a short `openapi: 3.0` / `3.1` is read as 3.0.0 / 3.1.0, and a missing `info` gets defaults.
 */
function checkVersion(parsed: unknown, where: string): asserts parsed is Record<string, unknown> {
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new GeneratorError(
      "invalidSpec",
      "The spec is not an OpenAPI document (expected a YAML or JSON object)",
      {
        where,
        hint: "Point --spec at an OpenAPI 3.0 or 3.1 document.",
      },
    );
  }
  const document = parsed as Record<string, unknown>;
  if (document.swagger !== undefined) {
    throw new GeneratorError(
      "unsupportedSpec",
      `Swagger ${String(document.swagger)} documents are not supported`,
      {
        where: `${where}#/swagger`,
        hint: "Convert it to OpenAPI 3 first (for example with `npx swagger2openapi swagger.yaml -o openapi.yaml`), then generate from the result.",
      },
    );
  }
  const declared = String(document.openapi ?? "");
  const short = /^3\.[01]$/.test(declared) || declared === "3";
  if (short) document.openapi = declared === "3" ? "3.0.0" : `${declared}.0`;
  if (!/^3\.[01]\.\d+$/.test(String(document.openapi))) {
    throw new GeneratorError(
      "unsupportedSpec",
      `Unsupported OpenAPI version ${JSON.stringify(document.openapi ?? null)}`,
      {
        where: `${where}#/openapi`,
        hint: "The generator supports OpenAPI 3.0.x and 3.1.x; set `openapi:` to one of them.",
      },
    );
  }
  if (document.info === null || typeof document.info !== "object")
    document.info = { title: "API", version: "0.0.0" };
}

async function loadFailure(error: unknown, displayPath: string): Promise<GeneratorError> {
  const { YamlParseError } = await import("@redocly/openapi-core");
  if (error instanceof YamlParseError) {
    const file = relative(process.cwd(), error.source.absoluteRef) || displayPath;
    return new GeneratorError(
      "invalidSpec",
      `Malformed YAML or JSON: ${firstLine(error.originalError.message)}`,
      {
        where: `${file}:${error.line}:${error.col}`,
        hint: "Fix the syntax at that position (a missing bracket, bad indentation or an unquoted colon are the usual causes).",
        cause: error,
      },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/ENOENT/.test(message)) {
    return new GeneratorError("invalidSpec", "The spec file does not exist", {
      where: displayPath,
      hint: "Check the --spec path.",
      cause: error,
    });
  }
  return new GeneratorError("invalidSpec", `The spec could not be read: ${firstLine(message)}`, {
    where: displayPath,
    cause: error,
  });
}

async function problemError(problem: NormalizedProblem, cwd: string): Promise<GeneratorError> {
  const { getLineColLocation } = await import("@redocly/openapi-core");
  const location = problem.location[0];
  let where = location?.pointer ?? "";
  if (location && "source" in location) {
    const file = relative(cwd, location.source.absoluteRef);
    try {
      const { start } = getLineColLocation(location);
      where = `${file}:${start.line}:${start.col} (${location.pointer})`;
    } catch {
      where = `${file} ${location.pointer}`;
    }
  }
  const missingRef = /resolve \$ref/i.test(problem.message);
  if (!missingRef)
    return new GeneratorError("invalidSpec", problem.message, {
      where,
      hint: "Fix the spec at that location.",
    });
  const target = location === undefined ? undefined : refAt(location);
  return new GeneratorError(
    "invalidSpec",
    target === undefined
      ? "A $ref points at nothing"
      : `$ref ${JSON.stringify(target)} points at nothing`,
    {
      where,
      hint: "Fix the $ref: the file or the JSON pointer it names does not exist (check the spelling and the path).",
    },
  );
}

/** The `$ref` string at a problem's location (the reference object, or its `$ref` key). */
function refAt(location: NormalizedProblem["location"][number]): string | undefined {
  if (!("source" in location)) return undefined;
  try {
    let node: unknown = parseYaml(location.source.body);
    for (const part of (location.pointer ?? "")
      .replace(/^#\/?/, "")
      .split("/")
      .filter((segment) => segment !== "")) {
      const key = decodeURIComponent(part.replace(/~1/g, "/").replace(/~0/g, "~"));
      node =
        node !== null && typeof node === "object"
          ? (node as Record<string, unknown>)[key]
          : undefined;
    }
    if (typeof node === "string") return node;
    const ref =
      node !== null && typeof node === "object"
        ? (node as Record<string, unknown>).$ref
        : undefined;
    return typeof ref === "string" ? ref : undefined;
  } catch {
    return undefined;
  }
}

function firstLine(text: string): string {
  return text.split("\n")[0] ?? text;
}

function toPosix(path: string): string {
  return path.split("\\").join("/");
}
