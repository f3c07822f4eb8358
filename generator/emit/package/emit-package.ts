/**
 * The publishable package around generated/: package.json and README.md (data and prose,
 * serialized here: no header). The entry modules (entry/*.ts) are an emitter of their own
 * (emit-entries.ts). The build (scripts/build-package.ts) compiles the package into dist/, which
 * `exports` points at. The changelog (when the spec has one) is copied by generate.ts and listed
 * in `files`.
 */
import { cachedReadme } from "../../cache/cached-emitters.js";
import type { EmitInput } from "../emitters.js";
import type { GeneratedFile } from "../file.js";
import { emitPackageJson } from "./emit-package-json.js";
import { exampleBaseUrl, packageLicense, packageName, packageVersion } from "./package-meta.js";

/** package.json and README.md, final (laid out by their emitters, no header). */
export async function emitPackageFiles({
  model,
  context,
  packageName: wanted,
  hasChangelog,
  warnings,
  scope,
  caches,
}: EmitInput): Promise<GeneratedFile[]> {
  const name = packageName(context.apiName, wanted);
  const version = packageVersion(model.version, warnings);
  const license = packageLicense(model.license, warnings);
  const readme = await cachedReadme(
    { baseUrl: exampleBaseUrl(model.servers), model, context, packageName: name, version, license },
    scope,
    caches,
  );
  return [
    emitPackageJson(model, { name, version, license, apiName: context.apiName, hasChangelog }),
    { path: "README.md", content: readme },
  ];
}
