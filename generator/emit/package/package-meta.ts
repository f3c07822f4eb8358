/**
 * The package's identity from the spec and the options: name, version, license.
 * Nothing here is guessed silently: every fallback is reported as a generator warning.
 */
import { GeneratorError } from "../../errors.js";
import type { LicenseModel, ServerModel } from "../../model/types.js";

/** npm's rules for a (possibly scoped) package name, lower case, at most 214 characters. */
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** `PetStore` → `petstore-api`; `PetStoreApi` → `petstore-api`; `Api` → `api-client`. */
export function defaultPackageName(apiName: string): string {
  const base = apiName
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .replace(/api$/, "");
  return base ? `${base}-api` : "api-client";
}

/** The `--package-name` given, checked against npm's rules, or the default from the API name. */
export function packageName(apiName: string, wanted: string | undefined): string {
  if (wanted === undefined) return defaultPackageName(apiName);
  if (wanted.length > 214 || !NPM_NAME.test(wanted)) {
    throw new GeneratorError(
      "usage",
      `--package-name ${JSON.stringify(wanted)} is not a valid npm package name`,
      {
        hint: "Use lower-case letters, digits, '-', '.', '_' or '~', optionally scoped: petstore-api or @acme/petstore-api.",
      },
    );
  }
  return wanted;
}

// semver.org's regular expression (2.0.0)
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/**
 * The package version: `info.version` when it is semver (it should be: the package's version is
 * the API's). `v2`, `2.1` become `2.0.0`, `2.1.0`; anything else becomes a `0.0.0-` pre-release.
 */
export function packageVersion(specVersion: string, warnings: string[]): string {
  const version = specVersion.trim();
  if (SEMVER.test(version)) return version;
  const short = /^v?(0|[1-9]\d*)(?:\.(0|[1-9]\d*))?(?:\.(0|[1-9]\d*))?$/.exec(version);
  const coerced = short
    ? `${short[1]}.${short[2] ?? "0"}.${short[3] ?? "0"}`
    : `0.0.0-${version.replace(/[^0-9A-Za-z-]+/g, "-").replace(/^-+|-+$/g, "") || "unversioned"}`;
  const fixed = SEMVER.test(coerced) ? coerced : "0.0.0-unversioned";
  warnings.push(
    `info.version ${JSON.stringify(specVersion)} is not semver: the package is versioned ${fixed}`,
  );
  return fixed;
}

export interface LicenseInfo {
  /** The package.json `license` field. */
  readonly field: string;
  /** For the README: the license as the spec names it, with its URL. */
  readonly name: string | undefined;
  readonly url: string | undefined;
}

/** The shape of an SPDX expression (`MIT`, `Apache-2.0`, `(MIT OR Apache-2.0)`): for 3.1's `identifier`. */
const SPDX_LIKE =
  /^\(?[A-Za-z0-9][A-Za-z0-9.+-]*(?: (?:OR|AND|WITH) [A-Za-z0-9][A-Za-z0-9.+-]*)*\)?$/;

/** Common SPDX identifiers a license `name` is recognized as (a name is free text, an identifier is not). */
const KNOWN_SPDX = [
  "0BSD",
  "AGPL-3.0-only",
  "AGPL-3.0-or-later",
  "Apache-2.0",
  "BSD-2-Clause",
  "BSD-3-Clause",
  "BSL-1.0",
  "CC-BY-4.0",
  "CC0-1.0",
  "EPL-2.0",
  "GPL-2.0-only",
  "GPL-2.0-or-later",
  "GPL-3.0-only",
  "GPL-3.0-or-later",
  "ISC",
  "LGPL-2.1-only",
  "LGPL-2.1-or-later",
  "LGPL-3.0-only",
  "LGPL-3.0-or-later",
  "MIT",
  "MIT-0",
  "MPL-2.0",
  "Unlicense",
  "Zlib",
];

/**
 * `info.license`: its SPDX `identifier` (3.1) or a `name` that is a common SPDX id; a license only named
 * otherwise is referred to the README. No license in the spec → `UNLICENSED`: the generator
 * never grants rights the API's owner did not.
 */
export function packageLicense(license: LicenseModel | undefined, warnings: string[]): LicenseInfo {
  const name =
    typeof license?.name === "string" && license.name.trim() ? license.name.trim() : undefined;
  const url =
    typeof license?.url === "string" && license.url.trim() ? license.url.trim() : undefined;
  const identifier =
    typeof license?.identifier === "string" ? license.identifier.trim() : undefined;
  if (identifier && SPDX_LIKE.test(identifier))
    return { field: identifier, name: name ?? identifier, url };
  const known = KNOWN_SPDX.find((id) => id.toLowerCase() === name?.toLowerCase());
  if (name && known) return { field: known, name, url };
  if (name) return { field: "SEE LICENSE IN README.md", name, url };
  warnings.push("the spec has no info.license: the generated package is marked UNLICENSED");
  return { field: "UNLICENSED", name: undefined, url: undefined };
}

/** The first server's URL with its variables' defaults, or a placeholder where that is no plain http(s) URL. */
export function exampleBaseUrl(servers: readonly ServerModel[]): string {
  const url = servers[0]?.url;
  if (url === undefined) return "https://api.example.com";
  const defaults = servers[0]?.defaults ?? {};
  const resolved = url.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(defaults, name) ? defaults[name] : undefined;
    return value ?? whole;
  });
  return /^https?:\/\/[^\s{}]+$/.test(resolved) ? resolved : "https://api.example.com";
}
