/**
 * The pipeline: load → model → emit → (format) → write or check.
 * Everything before `writeOutput`/`checkOutput` is pure with respect to the output folder.
 */
import { resolve } from "node:path";
import { emitRuntime } from "./emit/emit-runtime.js";
import type { EmitContext, GeneratedFile } from "./emit/file.js";
import type { CachePack } from "./cache/cache-pack.js";
import { cachedClient, cachedQuery, cachedResponseValidation, cachedServer, cachedServerApi, cachedTypes, type CacheScope } from "./cache/cached-emitters.js";
import { cachedMocks, cachedValidators } from "./cache/cached-validators.js";
import { formatSource, openFormatCache } from "./emit/format.js";
import { generatedHeader } from "./emit/header.js";
import { emitMcp } from "./emit/mcp/emit-mcp.js";
import { emitPackageEntries, emitPackageFiles } from "./emit/package/emit-package.js";
import { packageName } from "./emit/package/package-meta.js";
import { explainInvalidSpec } from "./load/explain-invalid-spec.js";
import { loadSpec } from "./load/load-spec.js";
import { CHANGELOG_NAME, readChangelog } from "./load/read-changelog.js";
import { withSourceLocation } from "./load/source-locator.js";
import { buildModel } from "./model/build-model.js";
import { routeConflictWarnings } from "./model/route-conflicts.js";
import { unformableBodies } from "./model/unformable-bodies.js";
import { toPascalCase } from "./model/names.js";
import { eventWarnings } from "./model/event-warnings.js";
import type { ApiModel } from "./model/types.js";
import type { Drift } from "./write/check-output.js";
import { computeInputsHash } from "./write/inputs-hash.js";
import type { ManifestMeta } from "./write/manifest.js";
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
}

export interface Rendered {
  readonly model: ApiModel;
  readonly files: readonly GeneratedFile[];
  readonly manifest: ManifestMeta;
  /** What the generated code cannot enforce, for the user to know. */
  readonly warnings: readonly string[];
}

/** What the emitters made of a spec, before formatting (and before the generated header). */
export interface Emitted {
  readonly loaded: Awaited<ReturnType<typeof loadSpec>>;
  readonly model: ApiModel;
  readonly context: EmitContext;
  readonly changelog: string | undefined;
  readonly scope: CacheScope;
  /** Every emitter's files; those not flagged `formatted` are formatted next. */
  readonly emitted: readonly GeneratedFile[];
  readonly warnings: string[];
}

/** The spec loaded, modelled and emitted (the emitters' files unformatted). */
export async function emitSources(options: GenerateOptions): Promise<Emitted> {
  const cwd = options.cwd ?? process.cwd();
  const loaded = await loadSpec(resolve(cwd, options.specPath), cwd, {
    allowDuplicateOperationIds: options.allowDuplicateOperationIds === true,
    allowUndeclaredPathParameters: options.allowUndeclaredPathParameters === true,
  });
  let model: ApiModel;
  try {
    model = buildModel(loaded.document, loaded.specHash);
  } catch (error) {
    throw withSourceLocation(error, resolve(cwd, options.specPath), loaded.displayPath);
  }
  const changelog = await readChangelog(resolve(cwd, options.specPath));
  const context: EmitContext = {
    apiName: options.apiName ?? (toPascalCase(model.title) || "Api"),
    specPath: loaded.displayPath,
  };
  const warnings: string[] = [...loaded.warnings];
  for (const rename of model.renames) {
    if (rename.reason === "name collision") warnings.push(`operation ${rename.from} is named ${rename.to}: an earlier operation has its name`);
  }
  warnings.push(...routeConflictWarnings(model));
  warnings.push(...eventWarnings(loaded.document));
  warnings.push(...unformableBodies(loaded.document, model).map((body) => body.message));
  const scope: CacheScope = options.cache === false ? undefined : { cwd, outDir: resolve(cwd, options.outDir) };
  const { document } = loaded;
  let emitted: GeneratedFile[];
  try {
    emitted = [
      ...(await cachedTypes(document, scope)),
      ...(await cachedClient(model, context, document, scope)),
      ...(await cachedResponseValidation(model, context, scope)),
      ...(await cachedServer(model, context, document, scope)),
      ...(await cachedServerApi(model, document, scope)),
      ...(await cachedValidators(document, model, context, warnings, scope)),
      ...(await cachedQuery(model, context, scope)),
      ...(await cachedMocks(document, model, context, warnings, scope)),
      ...(await emitPackageEntries(model, context, options.packageName, scope)),
      ...emitMcp(model, context, document, packageName(context.apiName, options.packageName), warnings),
    ];
  } catch (error) {
    // a stage that fails on a spec usually means the spec is not valid OpenAPI: say where
    throw (await explainInvalidSpec(resolve(cwd, options.specPath), cwd)) ?? error;
  }
  return { loaded, model, context, changelog, scope, emitted, warnings };
}

export async function render(options: GenerateOptions): Promise<Rendered> {
  const cwd = options.cwd ?? process.cwd();
  const { loaded, model, context, changelog, scope, emitted, warnings } = await emitSources(options);
  const { document } = loaded;
  const header = generatedHeader(context.specPath);
  const files: GeneratedFile[] = [];
  const packs: CachePack[] = [];
  const formatCache = (path: string): CachePack | undefined => {
    if (options.cache === false) return undefined;
    const pack = openFormatCache(cwd, resolve(cwd, options.outDir), path);
    packs.push(pack);
    return pack;
  };
  for (const file of emitted) {
    // a file already in prettier's layout stays so under the header's `//` lines: prettier is not loaded for it
    const content = file.formatted === true ? header + file.content : await formatSource(file.path, header + file.content, formatCache(file.path));
    files.push({ path: file.path, content });
  }
  files.push(...emitRuntime());
  const packageFiles = await emitPackageFiles(document, model, context, options.packageName, warnings, changelog !== undefined, formatCache("README.md"), scope);
  files.push(...packageFiles);
  for (const pack of packs) pack.save();
  if (changelog !== undefined) files.push({ path: CHANGELOG_NAME, content: changelog });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifest: ManifestMeta = {
    apiName: context.apiName,
    specFiles: loaded.files,
    inputsHash: await computeInputsHash({ specFiles: loaded.files, apiName: context.apiName, cwd }),
  };
  return { model, files, manifest, warnings: [...new Set(warnings)] };
}

export async function generate(options: GenerateOptions): Promise<{ rendered: Rendered; report: WriteReport }> {
  const cwd = options.cwd ?? process.cwd();
  const outDir = resolve(cwd, options.outDir);
  await assertOwnedOutput(outDir, [cwd, resolve(cwd, options.specPath)]);
  const rendered = await render(options);
  const report = await writeOutput(outDir, rendered.files, rendered.manifest);
  return { rendered, report };
}

export async function check(options: GenerateOptions): Promise<Drift[]> {
  const rendered = await render(options);
  // with its diff library, only when checking
  const { checkOutput } = await import("./write/check-output.js");
  return checkOutput(resolve(options.cwd ?? process.cwd(), options.outDir), rendered.files, rendered.manifest);
}
