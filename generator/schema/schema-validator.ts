/**
 * Validates values against the spec's schemas with Ajv, independently of anything generated:
 * the spec's `components.schemas` are converted by the schema model's one conversion
 * (generator/schema/to-json-schema.ts, which the generated validators are compiled from) and
 * compiled with Ajv 8 (draft-07 for OpenAPI 3.0, Ajv 2020 for 3.1) + ajv-formats, plus
 * `int32`/`int64` ranges. Unknown keywords and formats of real specs are ignored, never fatal.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { readSchemaRef, type SchemaRefs } from "./schema-refs.js";
import {
  API_SCHEMA_ID,
  toJsonSchema,
  type ConvertOptions,
  type SchemaModel,
} from "./to-json-schema.js";
import { dialectOf, isJsonObject, type Dialect } from "./json-value.js";

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
   * Where schema `$ref`s that point elsewhere than `#/components/schemas/<Name>` lead (`#/$defs/X`,
   * a schema inside another one's `$defs`): the model, or `documentSchemaRefs(document)`
   * (schema-refs.ts). Each target is inlined where it is used.
   */
  readonly refs?: SchemaRefs;
}

/** ajv-formats' formats, and OpenAPI's `int32` and `int64` as ranges of numbers. */
export function addOpenApiFormats(ajv: Ajv): void {
  addFormats(ajv);
  ajv.addFormat("int32", {
    type: "number",
    validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31,
  });
  ajv.addFormat("int64", {
    type: "number",
    validate: (value: number) => Number.isSafeInteger(value),
  });
}

/**
 * The converted `components.schemas` as the schema `api` that every converted `$ref` points into
 * (`api#/components/schemas/Pet`); `components` is declared a keyword so that strict mode takes it.
 */
export function addApiSchema(ajv: Ajv, schemas: Readonly<Record<string, unknown>>): void {
  if (ajv.getKeyword("components") === false) ajv.addKeyword("components");
  ajv.addSchema({ $id: API_SCHEMA_ID, components: { schemas } });
}

export class SchemaValidator {
  readonly dialect: Dialect;
  readonly ajv: Ajv;
  readonly #cache = new Map<string, ValidateFunction>();
  readonly #convert: ConvertOptions;

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
    addOpenApiFormats(ajv);
    if (!strict) {
      for (const name of ["float", "double", "byte", "binary", "password"])
        ajv.addFormat(name, true);
    }
    this.ajv = ajv;
    const refs = options.refs;
    this.#convert = {
      refs: refs ?? { schemas: schemas as SchemaRefs["schemas"], refTargets: {} },
      openapi31: this.dialect === "2020-12",
      formats: new Set(),
      warnings: [],
      read: (ref) => {
        if (refs === undefined || !ref.startsWith("#"))
          throw new Error(
            `unsupported $ref in a schema: ${ref} (${refs === undefined ? "no document to resolve it in" : "not a pointer into the document"})`,
          );
        return readSchemaRef(refs, ref);
      },
    };
    const components: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(schemas))
      components[name] = toJsonSchema(schema as SchemaModel, this.#convert);
    addApiSchema(ajv, components);
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
    const converted = toJsonSchema((schema ?? {}) as SchemaModel, this.#convert);
    const key = JSON.stringify(converted);
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const validate = this.ajv.compile(
      isJsonObject(converted) ? converted : converted === false ? { not: {} } : {},
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
