// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Standard Schema v1 (https://standardschema.dev) over the precompiled validators: any library that
 * takes a Standard Schema (Hono's `sValidator`, TanStack Form, tRPC, oRPC) can use the very checks
 * the server runs, with no schema compiled at run time (so it runs on workerd too). The interface
 * is declared here, as the spec asks of libraries, so the package needs no dependency for it.
 */

/** The Standard Schema v1 interface (`@standard-schema/spec`). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  export interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<
    Schema["~standard"]["types"]
  >["input"];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<
    Schema["~standard"]["types"]
  >["output"];
}

/** A precompiled validator as Ajv's standalone code makes it: `errors` is set after a failure. */
export interface PrecompiledValidator {
  (value: unknown): boolean;
  errors?: readonly { readonly instancePath: string; readonly message?: string }[] | null;
}

/** The `vendor` of every schema made here. */
export const STANDARD_SCHEMA_VENDOR = "petstore-contract-toolchain";

/**
 * A Standard Schema v1 object validating with `validate`, typed as `T`. `coerces`: the validator
 * converts text in place (parameters, which arrive as strings): it is given a copy, and the
 * converted copy is the result's `value`, so the caller's object is never changed.
 */
export function standardSchema<T>(
  validate: PrecompiledValidator,
  coerces = false,
): StandardSchemaV1<T> {
  return {
    "~standard": {
      version: 1,
      vendor: STANDARD_SCHEMA_VENDOR,
      validate: (input) => {
        const value = coerces ? structuredClone(input) : input;
        if (validate(value)) return { value: value as T };
        const errors = validate.errors ?? [];
        const issues = errors.map((error) => ({
          message: error.message ?? "is invalid",
          path: pointerPath(error.instancePath),
        }));
        return { issues: issues.length > 0 ? issues : [{ message: "is invalid", path: [] }] };
      },
    },
  };
}

/** `/pets/0/name` → `["pets", 0, "name"]` (RFC 6901 escapes undone; array indexes as numbers). */
function pointerPath(pointer: string): PropertyKey[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((segment) => {
      const key = segment.replaceAll("~1", "/").replaceAll("~0", "~");
      return /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : key;
    });
}
