/**
 * Data for the mocks, chosen at generate time and written into mocks.ts: the spec's examples when
 * they match their schema, else values generated from the schema by the conformance suite's
 * arbitraries (generator/schema/schema-arbitrary.ts) with a fixed seed, so the same spec always gives
 * the same bytes. Every value is checked before it is used: a response body by its generated
 * validator (validators/bodies.js, compiled once for both), anything else with Ajv against its
 * schema (generator/schema/schema-validator.ts); a schema nothing valid can be drawn for gets no value (an
 * empty body).
 */
import fc from "fast-check";
import { hasRejected, schemaArbitrary } from "../../schema/schema-arbitrary.js";
import { SchemaValidator } from "../../schema/schema-validator.js";
import type { SchemaRefs } from "../../schema/schema-refs.js";
import { deepSchemaRefs, refsRequiredNames } from "../../schema/deep-schemas.js";
import type { ApiModel, SchemaModel } from "../../model/types.js";
import type { MockBodies } from "./mock-bodies.js";

/** The seed of every sample: fixed, so the output is deterministic. */
export const MOCK_SEED = 20_240_601;
/** Values drawn per schema before giving up: a few first (usually enough), then more. */
const DRAWS = [4, 40] as const;

export class MockData {
  readonly #model: ApiModel;
  #validator: SchemaValidator | undefined | null;
  /** Values already chosen, by schema, examples and direction (specs repeat their error schemas). */
  readonly #chosen = new Map<string, unknown>();
  /** Where checked bodies are cached by what they read (mock-bodies.ts); none without a cache. */
  readonly #bodies: MockBodies | undefined;
  /** The digests of the cached bodies asked for, in order (an operation's part keeps them alive). */
  readonly bodiesUsed: string[] = [];
  /** The model's views past the arbitraries' depth (schema/deep-schemas.ts), without a cache. */
  #deepRefs: SchemaRefs | undefined;

  constructor(model: ApiModel, bodies?: MockBodies) {
    this.#model = model;
    this.#bodies = bodies;
  }

  /**
   * The memo key of the body `value` would give for `schema` and `examples` (checked by a
   * validator), unless it is chosen already or cached.
   */
  bodyToDraw(
    schema: SchemaModel | undefined,
    examples: readonly unknown[] = [],
  ): string | undefined {
    const key = JSON.stringify([schema ?? true, examples, "response", true]);
    const held =
      this.#chosen.has(key) ||
      (this.#bodies !== undefined && this.#bodies.lookup(this.#bodies.digest(key)) !== undefined);
    return held ? undefined : key;
  }

  /** Whether `value` matches `schema`; `true` when the schema cannot be compiled (real specs have broken ones). */
  #isValid(schema: SchemaModel, value: unknown): boolean {
    if (this.#validator === undefined) {
      try {
        this.#validator = new SchemaValidator(this.#model.schemas, this.#model.openapiVersion, {
          refs: this.#model,
        });
      } catch {
        this.#validator = null;
      }
    }
    if (this.#validator === null) return true;
    try {
      return this.#validator.isValid(schema, value);
    } catch {
      return true;
    }
  }

  /**
   * A value for `schema`: the first valid example, else the first valid generated value, else
   * `undefined`. `direction` leaves out `readOnly` (request) or `writeOnly` (response) properties.
   * `validate`, when given, is what "valid" means (a generated body validator: the mocks answer
   * what the server's and the client's validation accept); else Ajv checks the schema.
   */
  value(
    schema: SchemaModel | undefined,
    examples: readonly unknown[] = [],
    direction: "request" | "response" = "response",
    validate?: (value: unknown) => boolean,
  ): unknown {
    const key = JSON.stringify([schema ?? true, examples, direction, validate !== undefined]);
    const bodies = validate === undefined ? undefined : this.#bodies;
    const digest = bodies?.digest(key);
    if (digest !== undefined) this.bodiesUsed.push(digest);
    if (this.#chosen.has(key)) return this.#chosen.get(key);
    const cached = digest === undefined ? undefined : bodies?.lookup(digest);
    if (cached !== undefined) {
      this.#chosen.set(key, cached.value);
      return cached.value;
    }
    const isValid =
      validate === undefined
        ? (value: unknown) => this.#isValid(schema ?? true, value)
        : (value: unknown) => checkedBy(validate, value);
    bodies?.startDraw();
    const value = this.#choose(
      schema ?? true,
      examples,
      direction,
      isValid,
      bodies?.refs,
      bodies?.deepRefs,
    );
    if (digest !== undefined) bodies?.store(digest, value);
    this.#chosen.set(key, value);
    return value;
  }

  #choose(
    checked: SchemaModel,
    examples: readonly unknown[],
    direction: "request" | "response",
    isValid: (value: unknown) => boolean,
    refs: SchemaRefs = this.#model,
    deepRefs?: SchemaRefs,
  ): unknown {
    for (const example of examples) {
      if (example !== undefined && isValid(example)) return example;
    }
    if (
      typeof checked === "object" &&
      "example" in checked &&
      checked.example !== undefined &&
      isValid(checked.example)
    ) {
      return checked.example;
    }
    let arbitrary: fc.Arbitrary<unknown> | undefined;
    try {
      // the same views with a cache or without, so that both draw the same
      arbitrary = schemaArbitrary(checked, {
        refs,
        direction,
        deepRefs: deepRefs ?? (this.#deepRefs ??= deepSchemaRefs(refs, refsRequiredNames(refs))),
      });
    } catch {
      return undefined;
    }
    if (arbitrary === undefined) return undefined;
    let tried = 0;
    for (const numRuns of DRAWS) {
      // the same seed: a larger sample starts with the smaller one's values
      for (const drawn of fc.sample(arbitrary, { seed: MOCK_SEED, numRuns }).slice(tried)) {
        if (drawn === undefined || hasRejected(drawn)) continue;
        // as it will be written: JSON (no undefined properties, no -0)
        const written: unknown = JSON.parse(JSON.stringify(drawn));
        if (isValid(written)) return written;
      }
      tried = numRuns;
    }
    return undefined;
  }
}

/** `validate(value)`; `true` when it throws (as for a schema Ajv cannot compile). */
function checkedBy(validate: (value: unknown) => boolean, value: unknown): boolean {
  try {
    return validate(value);
  } catch {
    return true;
  }
}
