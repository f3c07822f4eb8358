/**
 * Validates values against the spec's schemas with Ajv, independently of anything generated:
 * the spec's `components.schemas` are converted ({@link toJsonSchema}) and compiled with Ajv 8
 * (draft-07 for OpenAPI 3.0, Ajv 2020 for 3.1) + ajv-formats, plus `int32`/`int64` ranges.
 * Unknown keywords and formats of real specs are ignored, never fatal.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { definitionsKeyword, dialectOf, isJsonObject, toJsonSchema, type Dialect, type Json, type JsonObject } from "./openapi-to-json-schema.js";

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
}

export class SchemaValidator {
  readonly dialect: Dialect;
  readonly ajv: Ajv;
  readonly #cache = new Map<string, ValidateFunction>();

  /** `schemas`: the spec's `components.schemas`; `openapiVersion` picks the dialect. */
  constructor(schemas: Readonly<Record<string, unknown>>, openapiVersion: string, options: SchemaValidatorOptions = {}) {
    this.dialect = dialectOf(openapiVersion);
    const strict = options.strict === true;
    const ajvOptions = { strict, allErrors: true, strictTypes: false, logger: strict ? undefined : false, validateSchema: strict } as const;
    const ajv = this.dialect === "2020-12" ? (new Ajv2020(ajvOptions) as unknown as Ajv) : new Ajv(ajvOptions);
    addFormats(ajv);
    ajv.addFormat("int32", { type: "number", validate: (value: number) => Number.isInteger(value) && value >= -(2 ** 31) && value < 2 ** 31 });
    ajv.addFormat("int64", { type: "number", validate: (value: number) => Number.isSafeInteger(value) });
    if (!strict) {
      for (const name of ["float", "double", "byte", "binary", "password"]) ajv.addFormat(name, true);
    }
    const definitions: JsonObject = {};
    for (const [name, schema] of Object.entries(schemas)) definitions[name] = toJsonSchema(schema as Json, this.dialect);
    ajv.addSchema({ $id: "spec", [definitionsKeyword(this.dialect)]: definitions });
    this.ajv = ajv;
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
    const converted = toJsonSchema((schema ?? {}) as Json, this.dialect);
    const key = JSON.stringify(converted);
    const cached = this.#cache.get(key);
    if (cached !== undefined) return cached;
    const keyword = definitionsKeyword(this.dialect);
    const rooted = JSON.parse(key.replaceAll(`"#/${keyword}/`, `"spec#/${keyword}/`)) as Json;
    const validate = this.ajv.compile(isJsonObject(rooted) ? rooted : rooted === false ? { not: {} } : {});
    this.#cache.set(key, validate);
    return validate;
  }
}

function toSchemaError(error: ErrorObject): SchemaError {
  const extra =
    error.keyword === "additionalProperties" && typeof error.params["additionalProperty"] === "string"
      ? ` (${String(error.params["additionalProperty"])})`
      : "";
  return { pointer: error.instancePath, message: `${error.message ?? error.keyword}${extra}` };
}
