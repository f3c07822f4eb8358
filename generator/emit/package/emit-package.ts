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
import { formatReadmeCode } from "./readme-code.js";
import { emitPackageJson } from "./emit-package-json.js";
import { exampleBaseUrl, packageLicense, packageName, packageVersion } from "./package-meta.js";

/** entry/client.ts, entry/experimental.ts, entry/server.ts (sources: header and format follow). */
export function emitPackageEntries(model: ApiModel, context: EmitContext, wantedName: string | undefined, scope: CacheScope): Promise<GeneratedFile[]> {
  return cachedPackageEntries(model, context, packageName(context.apiName, wantedName), scope);
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
  const readme = await cachedReadme({ baseUrl: exampleBaseUrl(document), model, context, packageName: name, version, license }, scope);
  return [
    emitPackageJson(model, { name, version, license, apiName: context.apiName, hasChangelog }),
    { path: "README.md", content: await formatSource("README.md", await formatReadmeCode(readme, readmeCache), readmeCache) },
  ];
}
