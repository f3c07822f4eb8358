/**
 * One validators module: named schemas compiled by Ajv into an ES module of standalone
 * validators that runs on any runtime (Node.js, Deno, Bun, workers, browsers).
 *
 * Ajv's standalone code (`code: { source: true, esm: true }`) exports with `export`, but still
 * loads the helpers its validators call with `require(...)` (ajv-validator/ajv#2209, #2598), so
 * the helpers are named here, through Ajv's own options and scope, never by editing its output:
 * - formats: `code.formats` (Ajv's option for "the code that makes the map of formats") is
 *   `fullFormats`, imported by name from ajv-formats (a plain object export, which every runtime
 *   imports alike);
 * - helper functions (`ucs2length`, `equal`): each value of Ajv's `func` scope is given the code
 *   of its ES-module counterpart in the runtime (templates/server/validator-functions.ts),
 *   matched by the function itself; a helper without one stops generation (GeneratorError).
 */
import { _, Ajv, Name } from "ajv";
import type { Options } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import standaloneModule from "ajv/dist/standalone/index.js";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import equalModule from "ajv/dist/runtime/equal.js";
import { GeneratorError } from "../../errors.js";

/** Where the validators (generated/validators/*.js) import their helper functions from. */
export const VALIDATOR_FUNCTIONS_MODULE = "../runtime/server/validator-functions.js";
/** Where they import the formats from. */
export const FORMATS_MODULE = "ajv-formats/dist/formats.js";

/**
 * The function a CommonJS module exports as `default`: Node.js gives `module.exports` as the
 * default import, some loaders (vitest's, Bun's) `exports.default`.
 */
function commonJsDefault(module: unknown): unknown {
  return typeof module === "function" ? module : (module as { default?: unknown }).default;
}

/** Ajv's helper functions and their ES-module counterparts (validator-functions.ts). */
const HELPERS: ReadonlyMap<unknown, string> = new Map<unknown, string>([
  [commonJsDefault(ucs2lengthModule), "codePointLength"],
  [commonJsDefault(equalModule), "jsonEqual"],
]);

export interface ValidatorModuleOptions {
  /** JSON Schema 2020-12 (OpenAPI 3.1) rather than draft-07. */
  readonly draft2020: boolean;
  /** Formats the spec uses that ajv-formats does not know: accepted as any string. */
  readonly unknownFormats: Iterable<string>;
  /** Extra Ajv options (`coerceTypes` for parameters and headers). */
  readonly ajv: Options;
}

/**
 * `code.optimize: false`: Ajv's optimisation passes (dropping unused names, folding constant
 * conditions) only make the code smaller, and on large specs they cost more than the rest of the
 * compilation (Stripe: generation 29 s → 21 s, peak memory 1.15 → 0.78 GB, validators 10% larger).
 */
export function compileValidatorModule(schemas: ReadonlyMap<string, unknown>, apiSchema: object, options: ValidatorModuleOptions): string {
  if (schemas.size === 0) return "export {};\n";
  const ajvOptions: Options = {
    code: { source: true, esm: true, lines: true, optimize: false, formats: _`fullFormats` },
    strict: false,
    allErrors: false,
    validateSchema: false,
    unicodeRegExp: false,
    inlineRefs: false,
    ...options.ajv,
  };
  const ajv = options.draft2020 ? new Ajv2020(ajvOptions) : new Ajv(ajvOptions);
  addFormatsModule.default(ajv);
  for (const format of [...options.unknownFormats].sort()) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  ajv.addSchema(apiSchema);
  // Validators of identical schemas (the `Error` body of every 4xx/5xx, say) are compiled once and
  // exported under each name.
  const exports: Record<string, string> = {};
  const aliases: string[] = [];
  const firstWithSchema = new Map<string, string>();
  for (const [name, schema] of schemas) {
    const wrapped = wrap(schema);
    const key = JSON.stringify(wrapped);
    const first = firstWithSchema.get(key);
    if (first === undefined) {
      firstWithSchema.set(key, name);
      ajv.addSchema(wrapped, name);
      exports[name] = name;
    } else {
      aliases.push(`export const ${name} = ${first};\n`);
    }
  }
  try {
    for (const name of Object.keys(exports)) ajv.getSchema(name);
    const imports = importHelpers(ajv);
    return imports + standaloneModule.default(ajv, exports) + aliases.join("");
  } catch (error) {
    if (error instanceof GeneratorError) throw error;
    throw new GeneratorError("invalidSpec", `A schema could not be compiled into a validator: ${error instanceof Error ? error.message : String(error)}`, {
      hint: "Check the schema's keywords (an invalid `pattern` regular expression is the usual cause).",
      cause: error,
    });
  }
}

/**
 * Points every helper function the compiled validators use at its ES-module counterpart, and
 * returns the import statements they need (formats, helper functions).
 */
function importHelpers(ajv: Ajv): string {
  const store = ajv.scope.get();
  const names: string[] = [];
  for (const helper of store.func ?? []) {
    // `Object.prototype.hasOwnProperty` is written as such: nothing to import.
    if (helper === Object.prototype.hasOwnProperty) continue;
    const local = HELPERS.get(helper);
    const name = ajv.scope.getValue("func", helper);
    if (local === undefined || name?.value === undefined) {
      const code = name?.value?.code?.toString() ?? "an unknown function";
      throw new GeneratorError("unsupportedSpec", `A validator needs Ajv's helper ${code}, which has no ES-module counterpart in the runtime`, {
        hint: "Add it to templates/server/validator-functions.ts and to HELPERS in generator/emit/validators/validator-module.ts.",
      });
    }
    name.value = { ...name.value, code: new Name(local) };
    names.push(local);
  }
  const lines: string[] = [];
  if ((store.formats ?? []).some((format) => !(format instanceof RegExp))) {
    lines.push(`import { fullFormats } from ${JSON.stringify(FORMATS_MODULE)};`);
  }
  if (names.length > 0) {
    lines.push(`import { ${[...new Set(names)].sort().join(", ")} } from ${JSON.stringify(VALIDATOR_FUNCTIONS_MODULE)};`);
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

function wrap(schema: unknown): object {
  return typeof schema === "boolean" ? (schema ? {} : { not: {} }) : (schema as object);
}
