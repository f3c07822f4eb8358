/**
 * Building the handlers' responses: `Error` bodies for refused business rules and `Location`
 * headers of created records. Pages of lists are the generated `paginate<Op>` helpers' (they follow
 * each list's `x-pagination`: the slice, `X-Total-Count` and `Link: <…>; rel="next"`).
 */
import type { components } from "../../generated/types.js";
import type { FailureKind, RuleFailure } from "./store.js";

export type ErrorBody = components["schemas"]["Error"];

/** The HTTP status of each business-rule failure. */
export interface FailureStatus {
  not_found: 404;
  conflict: 409;
}

const STATUS: FailureStatus = { not_found: 404, conflict: 409 };

/** A refused business rule as the spec's `Error` response (404 `not_found` or 409 `conflict`). */
export function failure<K extends FailureKind>(
  refused: RuleFailure<K>,
): { status: FailureStatus[K]; body: ErrorBody } {
  const status = STATUS[refused.kind] as FailureStatus[K];
  return { status, body: { code: refused.kind, message: refused.message, status } };
}

/** A `201 Created` with the record and its `Location` (relative to the base URL). */
export function created<T extends { id?: number }>(
  record: T,
  location: (id: number) => string,
): { status: 201; body: T; headers: { Location: string } } {
  if (record.id === undefined) throw new Error("a created record has an id");
  return { status: 201, body: record, headers: { Location: location(record.id) } };
}

/** Where each kind of record lives (the spec's `Location` values). */
export const locations = {
  pet: (id: number): string => `/pets/by-id/${id}`,
  category: (id: number): string => `/categories/${id}`,
  order: (id: number): string => `/store/orders/${id}`,
};
