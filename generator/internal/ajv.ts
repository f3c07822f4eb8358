/**
 * The parts of Ajv (8) the validator emitter (emit/validators/validator-module.ts) reaches beyond
 * its documented API, from here only (test/generator/internal.test.ts fails loudly when an update
 * moves them): module paths under `ajv/dist/` (the 2020-12 class, the scope's name class, the
 * runtime helpers whose code the validators import instead of inlining), and the scope's `name`
 * and `value` methods, which the emitter takes over to name the module's functions and constants
 * after the schemas they check (see {@link hookScopeNaming}).
 */
import type { Ajv } from "ajv";
import equalModule from "ajv/dist/runtime/equal.js";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import formatsModule from "ajv-formats/dist/formats.js";
import { ValueScopeName, type NameValue } from "ajv/dist/compile/codegen/scope.js";

export type { AnyValidateFunction, SourceCode } from "ajv/dist/types/index.js";
export { Ajv2020 } from "ajv/dist/2020.js";
export { ValueScopeName, type NameValue };

/**
 * The function a CommonJS module exports as `default`: Node.js gives `module.exports` as the
 * default import, some loaders (vitest's, Bun's) `exports.default`.
 */
function commonJsDefault(module: unknown): unknown {
  return typeof module === "function" ? module : (module as { default?: unknown }).default;
}

/** Ajv's runtime helper functions and the names of their ES-module counterparts (templates/server/core/validator-functions.ts). */
export const AJV_HELPERS: ReadonlyMap<unknown, string> = new Map<unknown, string>([
  [commonJsDefault(ucs2lengthModule), "codePointLength"],
  [commonJsDefault(equalModule), "jsonEqual"],
]);

/**
 * ajv-formats' `fullFormats` (the formats `addFormats` gives Ajv, and the object the generated
 * validators import from ajv-formats/dist/formats.js, FORMATS_MODULE).
 */
export const AJV_FULL_FORMATS: unknown =
  (formatsModule as { fullFormats?: unknown }).fullFormats ??
  (formatsModule as { default?: { fullFormats?: unknown } }).default?.fullFormats;

/** What the scope does with a value once it is named, and which value a prefix and key already have. */
export interface ScopeAccess {
  register(name: ValueScopeName, value: NameValue): ValueScopeName;
  known(prefix: string, key: unknown): ValueScopeName | undefined;
}

/**
 * Takes over the naming of `ajv`'s module-level values: `name(prefix)` replaces `scope.name`
 * (Ajv asks it for each function it compiles), `value(prefix, value, access)` replaces
 * `scope.value` for values named by prefix (an already named value is registered as it is).
 */
export function hookScopeNaming(
  ajv: Ajv,
  name: (prefix: string) => ValueScopeName,
  value: (prefix: string, value: NameValue, access: ScopeAccess) => ValueScopeName,
): void {
  const scope = ajv.scope;
  if (
    typeof scope?.value !== "function" ||
    typeof scope.name !== "function" ||
    typeof scope.getValue !== "function"
  ) {
    throw new Error(
      "Ajv's scope has no name/value/getValue methods (a dependency update?): generator/internal/ajv.ts needs updating for it",
    );
  }
  const register = scope.value.bind(scope);
  const access: ScopeAccess = { register, known: (prefix, key) => scope.getValue(prefix, key) };
  scope.name = name;
  scope.value = (nameOrPrefix: ValueScopeName | string, named: NameValue): ValueScopeName =>
    typeof nameOrPrefix === "string"
      ? value(nameOrPrefix, named, access)
      : register(nameOrPrefix, named);
}

/**
 * `ref` as Ajv resolves it against the base `base` (its `uriResolver` option, documented, and
 * the trailing `#` it drops first): the key under which Ajv keeps what a `$ref` leads to.
 */
export function resolvedRef(ajv: Ajv, base: string, ref: string): string {
  return ajv.opts.uriResolver.resolve(base, ref.replace(/#\/?$/, ""));
}
