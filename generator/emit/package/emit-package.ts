/**
 * The publishable package around generated/: entry modules (TypeScript, given the header and
 * formatted like every source) and package.json + README.md (data, serialized here: no header).
 * The build (scripts/build-package.ts) compiles it into dist/, which `exports` points at. The
 * changelog (when the spec has one) is copied by generate.ts and listed in `files`.
 */
import type { CachePack } from "../../cache/cache-pack.js";
import { cachedPackageEntries, cachedReadme, type CacheScope } from "../../cache/cached-emitters.js";
import type { ApiModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { formatSource } from "../format.js";
import { printReadmePrettier } from "./print-readme-prettier.js";
import { formatReadmeCode } from "./readme-code.js";
import { emitPackageJson } from "./emit-package-json.js";
import { exampleBaseUrl, packageLicense, packageName, packageVersion, type LicenseInfo } from "./package-meta.js";

/** entry/client.ts, entry/experimental.ts, entry/server.ts (sources: header and format follow). */
export function emitPackageEntries(model: ApiModel, context: EmitContext, wantedName: string | undefined, scope: CacheScope): Promise<GeneratedFile[]> {
  return cachedPackageEntries(model, context, packageName(context.apiName, wantedName), scope);
}

/** The README's markdown before it is formatted as markdown (its TypeScript examples are formatted already). */
export async function readmeSource(
  input: { readonly document: Record<string, unknown>; readonly model: ApiModel; readonly context: EmitContext; readonly name: string; readonly version: string; readonly license: LicenseInfo },
  readmeCache?: CachePack,
  scope?: CacheScope,
): Promise<string> {
  const { document, model, context, name, version, license } = input;
  const readme = await cachedReadme({ baseUrl: exampleBaseUrl(document), model, context, packageName: name, version, license }, scope);
  return formatReadmeCode(readme, readmeCache);
}

/** package.json and README.md, final (formatted, no header). */
export async function emitPackageFiles(
  document: Record<string, unknown>,
  model: ApiModel,
  context: EmitContext,
  wantedName: string | undefined,
  warnings: string[],
  hasChangelog = false,
  readmeCache?: CachePack,
  scope?: CacheScope,
): Promise<GeneratedFile[]> {
  const name = packageName(context.apiName, wantedName);
  const version = packageVersion(model.version, warnings);
  const license = packageLicense(document, warnings);
  const source = await readmeSource({ document, model, context, name, version, license }, readmeCache, scope);
  return [
    emitPackageJson(model, { name, version, license, apiName: context.apiName, hasChangelog }),
    // in prettier's layout by our printer when it knows every block, else by prettier
    { path: "README.md", content: printReadmePrettier(source) ?? (await formatSource("README.md", source, readmeCache)) },
  ];
}
