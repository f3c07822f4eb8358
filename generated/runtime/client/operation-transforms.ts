// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The transforms (`Date`, `bigint`) of one operation, as the client, the server and the mocks
 * apply them: its JSON bodies read and written with the codec (transforms.ts), its parameters
 * read from their text. Loaded only when a client or a server is created with the option
 * `transforms` (the generated code imports it dynamically), so nothing of it is in a bundle that
 * does not use it.
 */
import {
  decodeTransformed,
  parseTransformed,
  stringifyTransformed,
  type TransformOptions,
  type TransformPlan,
  type TransformPlans,
} from "./transforms.js";

/** Where an operation's transforms apply (generated: `OPERATION_TRANSFORMS` of transforms.ts). */
export interface OperationTransformPlan {
  /** Parameters by name (header names in lower case). */
  readonly path?: Readonly<Record<string, TransformPlan>>;
  readonly query?: Readonly<Record<string, TransformPlan>>;
  readonly header?: Readonly<Record<string, TransformPlan>>;
  readonly cookie?: Readonly<Record<string, TransformPlan>>;
  /** The JSON request body. */
  readonly body?: TransformPlan;
  /** The JSON response bodies, by response key (`"200"`, `"4XX"`, `"default"`). */
  readonly responses?: Readonly<Record<string, TransformPlan>>;
}

/** The plans of every operation and component (the generated transforms.ts). */
export interface TransformTables {
  /** By the operation's method name (the client's method, the server's handler). */
  readonly OPERATION_TRANSFORMS: Readonly<Record<string, OperationTransformPlan>>;
  readonly TRANSFORM_PLANS: TransformPlans;
}

/** What the server and the mocks load: the tables and the codec (the generated transforms.ts). */
export interface TransformModule extends TransformTables {
  readonly operationCodec: typeof operationCodec;
}

export type ParameterLocation = "path" | "query" | "header" | "cookie";

/** The JSON codec of one operation, transforms applied. */
export interface OperationCodec {
  /** A response body of `status` (the request body when `status` is undefined), from its text. */
  parse(text: string, status?: number): unknown;
  /** A body as JSON text: `Date` as ISO 8601, `bigint` as a JSON number with every digit. */
  stringify(value: unknown): string;
  /** Whether reading the request body needs its text (lossless int64), not just its value. */
  readonly bodyNeedsText: boolean;
  /** A parsed request body (already `JSON.parse`d and validated), transformed in place. */
  decodeBody(value: unknown): unknown;
  /** A response body of `status`, already parsed, transformed in place (the mocks' data). */
  decodeResponse(value: unknown, status: number): unknown;
  /**
   * Parameter values of one location (coerced by the server's validators), transformed; `raw`
   * gives a parameter's text (its digits, for an int64 a double cannot hold).
   */
  decodeParameters(
    location: ParameterLocation,
    values: Record<string, unknown>,
    raw: (name: string) => string | readonly string[] | null | undefined,
  ): void;
}

/** The plan of a response body of `status`: its own key, else its range (`4XX`), else `default`. */
export function responsePlan(
  plans: Readonly<Record<string, TransformPlan>> | undefined,
  status: number,
): TransformPlan | undefined {
  if (plans === undefined) return undefined;
  return plans[String(status)] ?? plans[`${Math.floor(status / 100)}XX`] ?? plans["default"];
}

const INTEGER = /^\s*-?\d+\s*$/;

/** The codec of an operation (`plan` undefined: nothing of it changes, bodies still take `bigint`s). */
export function operationCodec(
  plan: OperationTransformPlan | undefined,
  plans: TransformPlans,
  options: TransformOptions,
): OperationCodec {
  const decode = (value: unknown, at: TransformPlan | undefined): unknown =>
    at === undefined ? value : decodeTransformed(value, at, plans, options);
  return {
    parse: (text, status) =>
      parseTransformed(
        text,
        status === undefined ? plan?.body : responsePlan(plan?.responses, status),
        plans,
        options,
      ),
    stringify: stringifyTransformed,
    bodyNeedsText: plan?.body !== undefined && options.int64 === "bigint",
    decodeBody: (value) => decode(value, plan?.body),
    decodeResponse: (value, status) => decode(value, responsePlan(plan?.responses, status)),
    decodeParameters(location, values, raw) {
      const byName = plan?.[location];
      if (byName === undefined) return;
      for (const name of Object.keys(byName)) {
        const value = values[name];
        if (value === undefined || value === null) continue;
        values[name] = decodeParameter(value, byName[name]!, raw(name), plans, options);
      }
    },
  };
}

/** One parameter: an int64 from its digits where the text has them, the rest as the codec reads it. */
function decodeParameter(
  value: unknown,
  plan: TransformPlan,
  raw: string | readonly string[] | null | undefined,
  plans: TransformPlans,
  options: TransformOptions,
): unknown {
  if (options.int64 === "bigint") {
    if (plan === "int64" && typeof raw === "string" && INTEGER.test(raw)) return BigInt(raw.trim());
    if (typeof plan === "object" && plan.i === "int64" && Array.isArray(value)) {
      const texts = typeof raw === "string" ? raw.split(",") : raw;
      if (texts !== null && texts !== undefined && texts.length === value.length) {
        return value.map((item, index) =>
          typeof item === "number" && INTEGER.test(texts[index]!)
            ? BigInt(texts[index]!.trim())
            : item,
        );
      }
    }
  }
  return decodeTransformed(value, plan, plans, options);
}

/**
 * Parameter values as text the runtime can send: a `Date` as ISO 8601, a `bigint` with every
 * digit (in arrays and objects too); a copy, the caller's object is not changed.
 */
export function encodeParameters(
  values: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> | undefined {
  if (values === undefined) return undefined;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(values)) out[name] = encodeValue(values[name]);
  return out;
}

function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      out[key] = encodeValue((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}
