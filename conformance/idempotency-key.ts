/**
 * `Idempotency-Key` header parameters get a fresh UUID on every request sent (never one drawn from
 * the seed): a drawn key repeats across runs with the same seed, and the server then replays an
 * earlier run's response instead of executing the request (a second run sees a "created" resource
 * that belongs to the first). Generation puts a placeholder in the request; {@link prepareRequest}
 * replaces it with `randomUUID()` when the request is made concrete, so each send, each shrink
 * step and each retry of a generated request carries its own key. A check that means to repeat a
 * key sends the same prepared request twice.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { ParameterModel } from "../generator/model/types.js";

/** Stands for "a fresh key" in generated requests (a valid UUID, so schema checks accept it). */
export const FRESH_KEY = "00000000-0000-4000-8000-000000000000";

/** Whether a parameter is an IETF `Idempotency-Key` header (draft-ietf-httpapi-idempotency-key-header). */
export function isIdempotencyKey(parameter: Pick<ParameterModel, "in" | "name">): boolean {
  return parameter.in === "header" && parameter.name.toLowerCase() === "idempotency-key";
}

/**
 * The arbitrary of an idempotency-key parameter: always the placeholder when the schema accepts a
 * UUID (undefined otherwise: the caller draws from the schema, as for any header).
 */
export function freshKeyArbitrary(
  parameter: ParameterModel,
  accepts: (value: string) => boolean,
): fc.Arbitrary<unknown> | undefined {
  return isIdempotencyKey(parameter) && accepts(randomUUID()) ? fc.constant(FRESH_KEY) : undefined;
}

/** The header value to send: a fresh UUID in place of the placeholder. */
export function sentKey(value: string): string {
  return value === FRESH_KEY ? randomUUID() : value;
}
