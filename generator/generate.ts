/**
 * The pipeline: load → model → emit (one table of emitters, emit/emitters.ts) → write or check.
 * Everything before `writeOutput`/`checkOutput` is pure with respect to the output folder. No
 * formatter runs: every emitter prints its files in their final layout.
 */
import { resolve } from "node:path";
import { RunCaches } from "./cache/run-caches.js";
import type { CacheScope } from "./cache/cached-emitters.js";
import { cachedModelWarnings } from "./cache/cached-warnings.js";
import { EMITTERS, type EmitInput, type TypesDocument } from "./emit/emitters.js";
import type { EmitContext, GeneratedFile } from "./emit/file.js";
import { generatedHeader, headedFile } from "./emit/header.js";
import { loadSpec } from "./load/load-spec.js";
import { CHANGELOG_NAME, readChangelog } from "./load/read-changelog.js";
import { withSourceLocation } from "./load/source-locator.js";
import { buildModel } from "./model/build-model.js";
import { defaultApiName } from "./model/names.js";
import type { ApiModel } from "./model/types.js";
import type { Drift } from "./write/check-output.js";
import { outputHolds } from "./write/known-hashes.js";
import { computeInputsHash, type SpecDigests } from "./write/inputs-hash.js";
import type { ManifestMeta } from "./write/manifest.js";
import { timing } from "./timing.js";
import { assertOwnedOutput, writeOutput, type WriteReport } from "./write/write-output.js";

export interface GenerateOptions {
  readonly specPath: string;
  readonly outDir: string;
  /** PascalCase API name; defaults to the spec's title. */
  readonly apiName?: string;
  /** npm package name of generated/package.json; defaults to one from the API name (`petstore-api`). */
  readonly packageName?: string;
  /** Name a repeated operationId's later operation from its method and path instead of refusing the spec. */
  readonly allowDuplicateOperationIds?: boolean;
  /** Declare path template parameters that no parameter declares (as required strings) instead of refusing the spec. */
  readonly allowUndeclaredPathParameters?: boolean;
  readonly cwd?: string;
  /** Reuse what earlier runs rendered from the same inputs (node_modules/.cache/; default true). */
  readonly cache?: boolean;
  /** The spec files' hashes this run's quick check worked out (inputs-hash.ts), for the manifest. */
  readonly specDigests?: SpecDigests;
}

export interface Rendered {
  readonly model: ApiModel;
  /** The files; rendered for the write ({@link RenderUse}), some may be lazy (emit/file.ts `lazyFile`). */
  readonly files: readonly GeneratedFile[];
  /** What the files' contents depend on beside their origins (write/known-hashes.ts). */
  readonly originSalt: string;
  readonly manifest: ManifestMeta;
  /** What the generated code cannot enforce, for the user to know. */
  readonly warnings: readonly string[];
}

/** The spec loaded and modelled: what every emitter is given (emit/emitters.ts). */
export interface Prepared {
  readonly loaded: Awaited<ReturnType<typeof loadSpec>>;
  readonly changelog: string | undefined;
  readonly input: EmitInput;
}

/**
 * How the rendered files are used: `writing` when the caller writes them with `writeOutput`, which
 * keeps a file the output already holds without reading it, so the cache may hand such files back
 * lazy (emit/file.ts); any other caller (`--check`, tests) gets every content read at once, a
 * damaged cache entry rendered again.
 */
export interface RenderUse {
  readonly writing?: boolean;
}

/** Loads and models the spec, and collects the warnings the model gives. */
export async function prepare(options: GenerateOptions, use: RenderUse = {}): Promise<Prepared> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = await loadSpec(resolve(cwd, options.specPath), cwd, {
    allowDuplicateOperationIds: options.allowDuplicateOperationIds === true,
    allowUndeclaredPathParameters: options.allowUndeclaredPathParameters === true,
    cache: options.cache !== false,
    ...(options.specDigests === undefined ? {} : { digests: options.specDigests }),
  });
  let model: ApiModel;
  const modelStarted = performance.now();
  try {
    model = buildModel(loaded.document, () => loaded.specHash);
  } catch (error) {
    throw withSourceLocation(error, resolve(cwd, options.specPath), loaded.displayPath);
  }
  timing("  model", modelStarted);
  const changelog = await readChangelog(resolve(cwd, options.specPath));
  const context: EmitContext = {
    apiName: options.apiName ?? defaultApiName(model.title),
    specPath: loaded.displayPath,
  };
  const outDir = resolve(cwd, options.outDir);
  // for the write: what the output already holds, so that the cache hands such files back unread
  const scope: CacheScope =
    options.cache === false
      ? undefined
      : use.writing === true
        ? { cwd, outDir, outputHolds: outputHolds(cwd, outDir, originSalt(context)) }
        : { cwd, outDir };
  const caches = new RunCaches();
  const warningsStarted = performance.now();
  const warnings: string[] = [...loaded.warnings];
  for (const rename of model.renames) {
    if (rename.reason === "name collision")
      warnings.push(
        `operation ${rename.from} is named ${rename.to}: an earlier operation has its name`,
      );
  }
  warnings.push(...(await cachedModelWarnings(model, scope, caches)));
  timing("  warnings", warningsStarted);
  const input: EmitInput = {
    model,
    context,
    packageName: options.packageName,
    hasChangelog: changelog !== undefined,
    scope,
    caches,
    warnings,
  };
  return { loaded, changelog, input };
}

/**
 * Every emitter's files, in the table's order, with the header where the table says
 * (`typesDocument`: the bundled spec, for the types emitter alone).
 */
export async function emitAll(
  input: EmitInput,
  typesDocument: TypesDocument,
): Promise<GeneratedFile[]> {
  const header = generatedHeader(input.context.specPath);
  const files: GeneratedFile[] = [];
  for (const emitter of EMITTERS) {
    const started = performance.now();
    for (const file of await emitter.emit(input, typesDocument))
      files.push(emitter.headed ? headedFile(file, header) : file);
    timing(emitter.name, started);
  }
  return files;
}

/**
 * What a file's content depends on beside its origin (emit/file.ts): the header the pipeline puts
 * above it, the same for every file of a run (the spec's path is in it).
 */
function originSalt(context: EmitContext): string {
  return generatedHeader(context.specPath);
}

export async function render(options: GenerateOptions, use: RenderUse = {}): Promise<Rendered> {
  const cwd = options.cwd ?? process.cwd();
  const started = performance.now();
  timing("start-up (process start to the first stage)", 0);
  const { loaded, changelog, input } = await prepare(options, use);
  timing("load and model", started);
  let files: GeneratedFile[];
  try {
    files = await emitAll(input, loaded.document);
  } catch (error) {
    // a stage that fails on a spec usually means the spec is not valid OpenAPI: say where
    // with Redocly's linter, only on a failure
    const { explainInvalidSpec } = await import("./load/explain-invalid-spec.js");
    throw (await explainInvalidSpec(resolve(cwd, options.specPath), cwd)) ?? error;
  }
  if (changelog !== undefined) files.push({ path: CHANGELOG_NAME, content: changelog });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hashing = performance.now();
  const manifest: ManifestMeta = {
    apiName: input.context.apiName,
    specFiles: loaded.files,
    inputsHash: await computeInputsHash(
      { specFiles: loaded.files, apiName: input.context.apiName, cwd },
      options.specDigests,
    ),
  };
  timing("inputs hash", hashing);
  return {
    model: input.model,
    files,
    originSalt: originSalt(input.context),
    manifest,
    warnings: [...new Set(input.warnings)],
  };
}

export async function generate(
  options: GenerateOptions,
): Promise<{ rendered: Rendered; report: WriteReport }> {
  const cwd = options.cwd ?? process.cwd();
  const outDir = resolve(cwd, options.outDir);
  await assertOwnedOutput(outDir, [cwd, resolve(cwd, options.specPath)]);
  const rendered = await render(options, { writing: true });
  const started = performance.now();
  const report = await writeOutput(outDir, rendered.files, rendered.manifest, {
    cacheCwd: options.cache === false ? undefined : cwd,
    originSalt: rendered.originSalt,
  });
  timing("write", started);
  return { rendered, report };
}

export async function check(options: GenerateOptions): Promise<Drift[]> {
  const rendered = await render(options);
  // with its diff library, only when checking
  const { checkOutput } = await import("./write/check-output.js");
  return checkOutput(
    resolve(options.cwd ?? process.cwd(), options.outDir),
    rendered.files,
    rendered.manifest,
  );
}
