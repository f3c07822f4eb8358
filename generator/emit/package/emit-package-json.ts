/**
 * package.json: built as data, serialized as JSON (no header: JSON has no comments; the README
 * says the package is generated). Everything in it comes from the spec, the options and
 * layout.ts: the version is `info.version`, so `npm run generate` keeps them in step.
 */
import type { ApiModel } from "../../model/types.js";
import { hasXmlBodies } from "../../model/xml-shapes.js";
import type { GeneratedFile } from "../file.js";
import {
  DIST_DIR,
  NODE_ENGINE,
  PACKAGE_DEPENDENCIES,
  XML_DEPENDENCIES,
  PACKAGE_OPTIONAL_PEERS,
  BIN_MODULE,
  binName,
  distPath,
  entryPoints,
} from "./layout.js";
import type { LicenseInfo } from "./package-meta.js";

export interface PackageIdentity {
  readonly name: string;
  readonly version: string;
  readonly license: LicenseInfo;
  readonly apiName: string;
  /** Whether the package carries CHANGELOG.md (packed beside dist/). */
  readonly hasChangelog?: boolean;
}

export function packageJsonData(
  model: ApiModel,
  identity: PackageIdentity,
): Record<string, unknown> {
  const points = entryPoints(identity.apiName);
  const main = points.find((point) => point.subpath === ".");
  if (!main) throw new Error("the package has no main entry point");
  const exports: Record<string, unknown> = {};
  for (const point of points) {
    exports[point.subpath] = {
      types: distPath(point.module, ".d.ts"),
      import: distPath(point.module, ".js"),
    };
  }
  exports["./package.json"] = "./package.json";
  return {
    name: identity.name,
    version: identity.version,
    description: `${model.title} ${model.version}: a typed client, server handlers and types generated from the OpenAPI spec.`,
    license: identity.license.field,
    type: "module",
    sideEffects: false,
    engines: { node: NODE_ENGINE },
    exports,
    main: distPath(main.module, ".js"),
    types: distPath(main.module, ".d.ts"),
    bin: { [binName(identity.name)]: distPath(BIN_MODULE, ".js") },
    files: identity.hasChangelog === true ? [DIST_DIR, "CHANGELOG.md"] : [DIST_DIR],
    scripts: { prepack: prepackGuard(distPath(main.module, ".js")) },
    dependencies: {
      ...PACKAGE_DEPENDENCIES,
      ...(hasXmlBodies(model) ? XML_DEPENDENCIES : {}),
    },
    peerDependencies: { ...PACKAGE_OPTIONAL_PEERS },
    peerDependenciesMeta: Object.fromEntries(
      Object.keys(PACKAGE_OPTIONAL_PEERS).map((name) => [name, { optional: true }]),
    ),
  };
}

export function emitPackageJson(model: ApiModel, identity: PackageIdentity): GeneratedFile {
  return {
    path: "package.json",
    content: `${JSON.stringify(packageJsonData(model, identity), null, 2)}\n`,
  };
}

/** Refuses to pack (or publish) the package before it is built: its `exports` would point nowhere. */
function prepackGuard(builtMain: string): string {
  const message = `${builtMain} is missing: build the package first (npm run build in the repository that generated it)`;
  return `node -e "require('node:fs').existsSync(${JSON.stringify(builtMain).replace(/"/g, "'")}) || (console.error(${JSON.stringify(message).replace(/"/g, "'")}), process.exit(1))"`;
}
