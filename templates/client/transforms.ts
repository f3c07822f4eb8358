// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Transforms (opt-in): `format: date-time` values as `Date`, `format: int64` values as `bigint`,
 * parsed losslessly from the JSON text and written back as JSON numbers. Where they apply comes
 * from a transform plan the generator derives from the schema model
 * (generator/schema/transform-plan.ts); this module is the one codec the client, the server and
 * the mocks share. `format: date` stays a `YYYY-MM-DD` string: a `Date` would shift it by the
 * reader's time zone.
 */

/**
 * Where a value's transforms apply: a leaf (`"date-time"`, `"int64"`), a reference to a named plan
 * (`{ r }`, which keeps recursive schemas finite), an object (`{ p }` by property, `{ a }` for every
 * other property), an array (`{ i }`), or branches (`{ b }`: `allOf`/`oneOf`/`anyOf`, each applied
 * where its leaves fit the value).
 */
export type TransformPlan =
  | "date-time"
  | "int64"
  | {
      readonly r?: string;
      readonly p?: Readonly<Record<string, TransformPlan>>;
      readonly a?: TransformPlan;
      readonly i?: TransformPlan;
      readonly b?: readonly TransformPlan[];
    };

/** The option `transforms: { dates: true, int64: "bigint" }` (each off by default). */
export interface TransformOptions {
  readonly dates?: boolean;
  readonly int64?: "bigint" | "number";
}

/** The named plans `{ r }` refers to (component schemas with a transform somewhere inside). */
export type TransformPlans = Readonly<Record<string, TransformPlan>>;

/** An integer literal a double cannot hold exactly, as written (until the plan places it). */
class UnsafeInteger {
  constructor(readonly digits: string) {}
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})$/;

/**
 * Parses JSON text and applies `plan`: with `int64: "bigint"`, every int64 value becomes a `bigint`
 * read from its digits (9007199254740993 stays 9007199254740993n), every other number is a number
 * as `JSON.parse` makes it; with `dates`, every valid date-time string becomes a `Date`.
 */
export function parseTransformed(
  text: string,
  plan: TransformPlan | undefined,
  plans: TransformPlans,
  options: TransformOptions,
): unknown {
  // Integers of at most 15 digits are exact as doubles: JSON.parse is lossless for such a text.
  const lossless = options.int64 === "bigint" && /\d{16}/.test(text);
  const value = lossless ? new LosslessParser(text).document() : JSON.parse(text);
  const decoded = plan === undefined ? value : decodeTransformed(value, plan, plans, options);
  return lossless ? settle(decoded) : decoded;
}

/** Applies `plan` to a parsed value (a JSON value, or one with `UnsafeInteger`s), in place where it can. */
export function decodeTransformed(
  value: unknown,
  plan: TransformPlan,
  plans: TransformPlans,
  options: TransformOptions,
): unknown {
  if (plan === "date-time") {
    if (options.dates !== true || typeof value !== "string" || !ISO_DATE_TIME.test(value))
      return value;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  if (plan === "int64") {
    if (options.int64 !== "bigint") return value;
    if (value instanceof UnsafeInteger) return BigInt(value.digits);
    return typeof value === "number" && Number.isInteger(value) ? BigInt(value) : value;
  }
  let out = value;
  if (plan.r !== undefined) {
    const named = plans[plan.r];
    if (named !== undefined) out = decodeTransformed(out, named, plans, options);
  }
  if (plan.i !== undefined && Array.isArray(out)) {
    for (let index = 0; index < out.length; index++)
      out[index] = decodeTransformed(out[index], plan.i, plans, options);
  }
  if ((plan.p !== undefined || plan.a !== undefined) && isRecord(out)) {
    for (const key of Object.keys(out)) {
      const property = plan.p !== undefined && Object.hasOwn(plan.p, key) ? plan.p[key] : plan.a;
      if (property !== undefined) out[key] = decodeTransformed(out[key], property, plans, options);
    }
  }
  for (const branch of plan.b ?? []) out = decodeTransformed(out, branch, plans, options);
  return out;
}

/**
 * JSON text of a value with transforms: a `Date` as ISO 8601 (its `toJSON`), a `bigint` as a JSON
 * number with every digit (`JSON.rawJSON` where the runtime has it, else a marker replaced after).
 */
export function stringifyTransformed(value: unknown): string {
  const raw = (JSON as { rawJSON?: (text: string) => unknown }).rawJSON;
  if (raw !== undefined)
    return JSON.stringify(value, (_key, item: unknown) =>
      typeof item === "bigint" ? raw(item.toString()) : item,
    );
  const marker = `\u0000${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === "bigint" ? `${marker}${item.toString()}` : item,
  );
  // JSON.stringify writes the marker's NUL as \u0000: the pattern is matched as written
  const escaped = JSON.stringify(marker)
    .slice(1, -1)
    .replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");
  return text.replace(new RegExp(`"${escaped}(-?\\d+)"`, "g"), "$1");
}

/** A parameter value as text: a `Date` as ISO 8601, a `bigint` with every digit. */
export function transformedText(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Every `UnsafeInteger` the plan did not place becomes the number `JSON.parse` would give. */
function settle(value: unknown): unknown {
  if (value instanceof UnsafeInteger) return Number(value.digits);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = settle(value[index]);
  } else if (isRecord(value) && !(value instanceof Date)) {
    for (const key of Object.keys(value)) value[key] = settle(value[key]);
  }
  return value;
}

const NUMBER = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

/** A JSON parser that keeps the digits of integers a double cannot hold (`UnsafeInteger`). */
class LosslessParser {
  #at = 0;
  constructor(readonly text: string) {}

  document(): unknown {
    const value = this.#value();
    this.#space();
    if (this.#at !== this.text.length) this.#fail("unexpected text after the JSON value");
    return value;
  }

  #value(): unknown {
    this.#space();
    const char = this.text[this.#at];
    if (char === "{") return this.#object();
    if (char === "[") return this.#array();
    if (char === '"') return this.#string();
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return this.#number();
    for (const [word, value] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.text.startsWith(word, this.#at)) {
        this.#at += word.length;
        return value;
      }
    }
    return this.#fail("unexpected character");
  }

  #object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.#at++;
    this.#space();
    if (this.text[this.#at] === "}") {
      this.#at++;
      return out;
    }
    for (;;) {
      this.#space();
      if (this.text[this.#at] !== '"') this.#fail("expected a property name");
      const key = this.#string();
      this.#space();
      if (this.text[this.#at++] !== ":") this.#fail("expected ':'");
      const value = this.#value();
      // as JSON.parse: `__proto__` is an own property, never the prototype
      Object.defineProperty(out, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.#space();
      const next = this.text[this.#at++];
      if (next === "}") return out;
      if (next !== ",") this.#fail("expected ',' or '}'");
    }
  }

  #array(): unknown[] {
    const out: unknown[] = [];
    this.#at++;
    this.#space();
    if (this.text[this.#at] === "]") {
      this.#at++;
      return out;
    }
    for (;;) {
      out.push(this.#value());
      this.#space();
      const next = this.text[this.#at++];
      if (next === "]") return out;
      if (next !== ",") this.#fail("expected ',' or ']'");
    }
  }

  #string(): string {
    const start = this.#at;
    this.#at++;
    for (;;) {
      const char = this.text[this.#at++];
      if (char === undefined) this.#fail("unterminated string");
      if (char === "\\") this.#at++;
      else if (char === '"') break;
    }
    return JSON.parse(this.text.slice(start, this.#at)) as string;
  }

  #number(): number | UnsafeInteger {
    NUMBER.lastIndex = this.#at;
    const match = NUMBER.exec(this.text);
    if (match === null) return this.#fail("invalid number");
    this.#at += match[0].length;
    const number = Number(match[0]);
    const integer = match[2] === undefined && match[3] === undefined;
    return integer && !Number.isSafeInteger(number) ? new UnsafeInteger(match[0]) : number;
  }

  #space(): void {
    while (/[ \t\n\r]/.test(this.text[this.#at] ?? "")) this.#at++;
  }

  #fail(message: string): never {
    throw new SyntaxError(`Invalid JSON at position ${this.#at}: ${message}`);
  }
}
