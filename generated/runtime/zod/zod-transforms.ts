// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The Zod schemas with the transforms (`Date` for `format: date-time`, `bigint` for
 * `format: int64`): a Zod 4 codec (`z.codec`) over a generated wire schema (`OrderSchema`), whose
 * `parse`/`decode` validates the wire form and then decodes it, and whose `encode` writes a
 * decoded value back to its wire form and validates that. Where the transforms apply is the
 * generated plan (transforms.ts, the one the client, the server and the mocks read); decoding and
 * writing are the codec's own functions (client/transforms.ts); the types are those of the
 * transformed client (client/transform-types.ts). Nothing here is generated at run time.
 */
import { z } from "zod";
import type { OperationTransformPlan, ParameterLocation } from "../client/operation-transforms.js";
import type { Transformed } from "../client/transform-types.js";
import {
  decodeTransformed,
  stringifyTransformed,
  type TransformOptions,
  type TransformPlan,
  type TransformPlans,
} from "../client/transforms.js";

/** The value a wire schema `S` decodes to with the plan `P` under the options `X`. */
export type TransformedOutput<S extends z.ZodType, P, Plans, X> = Transformed<
  z.output<S>,
  P,
  Plans,
  X
>;

/** A wire schema `S` as a codec: parses wire values into transformed ones, encodes them back. */
export type TransformCodec<S extends z.ZodType, P, Plans, X> = z.ZodCodec<
  S,
  z.ZodCustom<TransformedOutput<S, P, Plans, X>, TransformedOutput<S, P, Plans, X>>
>;

/**
 * `wire` with the transforms of `plan` that `options` turn on: `parse` (or `decode`) checks the
 * wire value with `wire` (its messages), then gives a copy with `Date`s and `bigint`s where the
 * plan says; `encode` writes `Date`s as ISO 8601 and `bigint`s as numbers (the client's JSON
 * writer, read back), then checks the result with `wire`. A `bigint` that no double equals
 * (9007199254740993n) fails `encode` rather than be rounded: a JSON number value cannot hold it
 * (the client and the server write it as JSON text, with every digit).
 */
export function transformCodec<
  S extends z.ZodType,
  const P extends TransformPlan,
  Plans extends TransformPlans,
  const X extends TransformOptions,
>(wire: S, plan: P, plans: Plans, options: X): TransformCodec<S, P, Plans, X> {
  type Out = TransformedOutput<S, P, Plans, X>;
  return z.codec(wire, z.custom<Out>(), {
    decode: (value, payload) => {
      let copy: unknown;
      try {
        // a copy: the wire schema may hand back parts of the caller's value; decoding is in place
        copy = structuredClone(value);
      } catch {
        payload.issues.push({
          code: "custom",
          input: value,
          message: "must be JSON data (it holds a value that cannot be copied, such as a function)",
        });
        return value as Out;
      }
      return decodeTransformed(copy, plan, plans, options) as Out;
    },
    encode: (value, payload) => {
      const unsafe = unsafeInteger(value, []);
      if (unsafe !== undefined)
        payload.issues.push({
          code: "custom",
          input: unsafe.value,
          path: unsafe.path,
          message: `${unsafe.value} cannot be a JSON number value exactly (it would be read as ${Number(unsafe.value)}): the client and the server write it as JSON text with every digit`,
        });
      return JSON.parse(stringifyTransformed(value)) as z.output<S>;
    },
  });
}

/** An operation's plan for its parameters, as one plan over `{ path, query, header, cookie }`. */
export type ParametersPlan<OP> = {
  readonly p: {
    readonly [L in keyof OP as L extends ParameterLocation ? L : never]: { readonly p: OP[L] };
  };
};

type HasParameterPlan<OP> = [keyof OP & ParameterLocation] extends [never] ? false : true;

/**
 * The schemas of one operation (`OPERATION_SCHEMAS[operationId]`) with its transforms: `body` and
 * `params` are codecs where the plan changes them, the wire schemas otherwise.
 */
export type OperationCodecs<S, OP, Plans, X> = {
  readonly [K in keyof S]: S[K] extends z.ZodType
    ? K extends "body"
      ? OP extends { readonly body: infer P extends TransformPlan }
        ? TransformCodec<S[K], P, Plans, X>
        : S[K]
      : K extends "params"
        ? HasParameterPlan<OP> extends true
          ? TransformCodec<S[K], ParametersPlan<OP>, Plans, X>
          : S[K]
        : S[K]
    : S[K];
};

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

/** The codecs of an operation's schemas (see {@link OperationCodecs}). */
export function operationCodecs<
  S extends { readonly body?: z.ZodType; readonly params: z.ZodType },
  const OP extends OperationTransformPlan,
  Plans extends TransformPlans,
  const X extends TransformOptions,
>(schemas: S, plan: OP, plans: Plans, options: X): OperationCodecs<S, OP, Plans, X> {
  const out: Record<string, z.ZodType> = { ...schemas };
  if (schemas.body !== undefined && plan.body !== undefined)
    out["body"] = transformCodec(schemas.body, plan.body, plans, options);
  const byLocation: Record<string, TransformPlan> = {};
  for (const location of LOCATIONS) {
    const named = plan[location];
    if (named !== undefined) byLocation[location] = { p: named };
  }
  if (Object.keys(byLocation).length > 0)
    out["params"] = transformCodec(schemas.params, { p: byLocation }, plans, options);
  return out as OperationCodecs<S, OP, Plans, X>;
}

/** The first `bigint` a JSON number (a double) cannot hold exactly, with its path. */
function unsafeInteger(
  value: unknown,
  path: PropertyKey[],
): { readonly value: bigint; readonly path: PropertyKey[] } | undefined {
  if (typeof value === "bigint")
    return BigInt(Number(value)) === value ? undefined : { value, path };
  if (value === null || typeof value !== "object" || value instanceof Date) return undefined;
  for (const key of Object.keys(value)) {
    const found = unsafeInteger((value as Record<string, unknown>)[key], [
      ...path,
      Array.isArray(value) ? Number(key) : key,
    ]);
    if (found !== undefined) return found;
  }
  return undefined;
}
