/**
 * Validates values against the spec's schemas with Ajv, independently of anything generated:
 * the spec's `components.schemas` are converted ({@link toJsonSchema}) and compiled with Ajv 8
 * (draft-07 for OpenAPI 3.0, Ajv 2020 for 3.1) + ajv-formats, plus `int32`/`int64` ranges.
 * Unknown keywords and formats of real specs are ignored, never fatal.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { readPointer } from "../generator/model/resolve-ref.js";
import {
  definitionsKeyword,
  dialectOf,
  isJsonObject,
  toJsonSchema,
  type Dialect,
  type Json,
  type JsonObject,
  type RefContext,
} from "./openapi-to-json-schema.js";

const addFormats = addFormatsModule.default;

/** One reason a value breaks its schema. */
export interface SchemaError {
  /** JSON pointer (RFC 6901) into the value, `""` for the value itself. */
  readonly pointer: string;
  readonly message: string;
}

export type Validate = (value: unknown) => SchemaError[];

export interface SchemaValidatorOptions {
  /** Ajv's strict mode (the project's own spec is compiled strictly; real specs are not). */
  readonly strict?: boolean;
  /**
   * The bundled document, for schema `$ref`s that point elsewhere than `#/components/schemas/<Name>`
   * (`#/$defs/X`, a schema inside another one's `$defs`): each target is compiled once, as its own schema.
   */
  readonly document?: Readonly<Record<string, unknown>>;
}

export class SchemaValidator {
  readonly dialect: Dialect;
  readonly ajv: Ajv;
  readonly #cache = new Map<string, ValidateFunction>();
  readonly #document: Readonly<Record<string, unknown>> | undefined;
  /** Other refs (see {@link SchemaValidatorOptions.document}) → the `$id` of their compiled target. */
  readonly #otherRefs = new Map<string, string>();

  /** `schemas`: the spec's `components.schemas`; `openapiVersion` picks the dialect. */
  constructor(
    schemas: Readonly<Record<string, unknown>>,
    openapiVersion: string,
    options: SchemaValidatorOptions = {},
  ) {
    this.dialect = dialectOf(openapiVersion);
    const strict = options.strict === true;
    // patterns without the `u` flag, as the generated validators compile them; no optimising pass over
    // the generated code (it only makes it smaller, and costs more than it saves for values checked
    // a few times: the mocks' data, a conformance run's responses)
    const ajvOptions = {
      strict,
      allErrors: true,
      inlineRefs: false,
      code: { optimize: false },
      strictTypes: false,
      logger: strict ? undefined : false,
      validateSchema: strict,
      unicodeRegExp: false,
    } as const;
    const ajv =
      this.dialect === "2020-12"
        ? (new Ajv2020(ajvOptions) as unknown as Ajv)
        : new Ajv(ajvOptions);
    addFormats(ajv);
    ajv.addFormat("int32", {
      type: "number",
      validate: (value: number) =>
        Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31,
    });
    ajv.addFormat("int64", {
      type: "number",
      validate: (value: number) => Number.isSafeInteger(value),
    });
    if (!strict) {
      for (const name of ["float", "double", "byte", "binary", "password"])
        ajv.addFormat(name, true);
    }
    this.ajv = ajv;
    this.#document = options.document;
    const definitions: JsonObject = {};
    for (const [name, schema] of Object.entries(schemas))
      definitions[name] = toJsonSchema(schema as Json, this.dialect, this.#refs);
    ajv.addSchema({ $id: "spec", [definitionsKeyword(this.dialect)]: definitions });
  }

  /** A ref outside `#/components/schemas/<Name>`: its target, added once as a schema of its own. */
  readonly #otherRef = (ref: string): string => {
    const known = this.#otherRefs.get(ref);
    if (known !== undefined) return known;
    const target =
      this.#document !== undefined && ref.startsWith("#")
        ? readPointer(this.#document, ref)
        : undefined;
    if (target === undefined)
      throw new Error(
        `unsupported $ref in a schema: ${ref} (${this.#document === undefined ? "no document to resolve it in" : "it points at nothing in the document"})`,
      );
    const id = `spec-ref-${this.#otherRefs.size}`;
    this.#otherRefs.set(ref, id);
    const converted = toJsonSchema(target as Json, this.dialect, this.#refs);
    const rooted = isJsonObject(converted)
      ? (this.#rooted(converted) as JsonObject)
      : converted === false
        ? { not: {} }
        : {};
    this.ajv.addSchema({ ...rooted, $id: id });
    return id;
  };

  readonly #refs: RefContext = {
    other: (ref) => this.#otherRef(ref),
    read: (ref) => {
      try {
        return this.#document === undefined ? undefined : readPointer(this.#document, ref);
      } catch {
        return undefined;
      }
    },
  };

  /** A converted schema whose refs to the spec's definitions are absolute (`spec#/...`). */
  #rooted(converted: Json): Json {
    const keyword = definitionsKeyword(this.dialect);
    return JSON.parse(
      JSON.stringify(converted).replaceAll(`"#/${keyword}/`, `"spec#/${keyword}/`),
    ) as Json;
  }

  /** A validator for an OpenAPI schema (refs into `components.schemas`). */
  compile(schema: unknown): Validate {
    const validate = this.#compiled(schema);
    return (value) => (validate(value) ? [] : (validate.errors ?? []).map(toSchemaError));
  }

  /** Whether `value` matches `schema`. */
  isValid(schema: unknown, value: unknown): boolean {
    return this.#compiled(schema)(value) === true;
  }

  #compiled(schema: unknown): ValidateFunction {
    const converted = toJsonSchema((schema ?? {}) as Json, this.dialect, this.#refs);
    const key = JSON.stringify(converted);
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const rooted = this.#rooted(converted);
    const validate = this.ajv.compile(
      isJsonObject(rooted) ? rooted : rooted === false ? { not: {} } : {},
    );
    this.#cache.set(key, validate);
    return validate;
  }
}

function toSchemaError(error: ErrorObject): SchemaError {
  const extra =
    error.keyword === "additionalProperties" &&
    typeof error.params["additionalProperty"] === "string"
      ? ` (${String(error.params["additionalProperty"])})`
      : "";
  return { pointer: error.instancePath, message: `${error.message ?? error.keyword}${extra}` };
}
