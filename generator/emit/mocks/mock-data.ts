/**
 * Data for the mocks, chosen at generate time and written into mocks.ts: the spec's examples when
 * they match their schema, else values generated from the schema by the conformance suite's
 * arbitraries (conformance/schema-arbitrary.ts) with a fixed seed, so the same spec always gives
 * the same bytes. Every value is checked with Ajv against its schema (conformance/schema-validator)
 * before it is used; a schema nothing valid can be drawn for gets no value (an empty body).
 */
import fc from "fast-check";
import { hasRejected, schemaArbitrary } from "../../../conformance/schema-arbitrary.js";
import { SchemaValidator } from "../../../conformance/schema-validator.js";
import type { ApiModel, SchemaModel } from "../../model/types.js";

/** The seed of every sample: fixed, so the output is deterministic. */
export const MOCK_SEED = 20_240_601;
/** Values drawn per schema before giving up: a few first (usually enough), then more. */
const DRAWS = [4, 40] as const;

export class MockData {
  readonly #document: Record<string, unknown>;
  readonly #model: ApiModel;
  #validator: SchemaValidator | undefined | null;
  /** Values already chosen, by schema, examples and direction (specs repeat their error schemas). */
  readonly #chosen = new Map<string, unknown>();

  constructor(document: Record<string, unknown>, model: ApiModel) {
    this.#document = document;
    this.#model = model;
  }

  /** Whether `value` matches `schema`; `true` when the schema cannot be compiled (real specs have broken ones). */
  #isValid(schema: SchemaModel, value: unknown): boolean {
    if (this.#validator === undefined) {
      try {
        this.#validator = new SchemaValidator(this.#model.schemas, this.#model.openapiVersion);
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
   */
  value(schema: SchemaModel | undefined, examples: readonly unknown[] = [], direction: "request" | "response" = "response"): unknown {
    const key = JSON.stringify([schema ?? true, examples, direction]);
    if (this.#chosen.has(key)) return this.#chosen.get(key);
    const value = this.#choose(schema ?? true, examples, direction);
    this.#chosen.set(key, value);
    return value;
  }

  #choose(checked: SchemaModel, examples: readonly unknown[], direction: "request" | "response"): unknown {
    for (const example of examples) {
      if (example !== undefined && this.#isValid(checked, example)) return example;
    }
    if (typeof checked === "object" && "example" in checked && checked.example !== undefined && this.#isValid(checked, checked.example)) {
      return checked.example;
    }
    let arbitrary: fc.Arbitrary<unknown> | undefined;
    try {
      arbitrary = schemaArbitrary(checked, { document: this.#document, direction });
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
        if (this.#isValid(checked, written)) return written;
      }
      tried = numRuns;
    }
    return undefined;
  }
}
