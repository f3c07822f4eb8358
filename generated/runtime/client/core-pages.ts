// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `pages()` and `items()` for the per-operation functions (`<op>Pages(api, …)`,
 * `<op>Items(api, …)`): the same walks as the whole client's methods (paginate.ts), each page an
 * ordinary call through the core. Only a bundle that pages carries this and paginate.ts.
 */
import type { CallInit } from "./build-request.js";
import { callThrough, type ClientCore } from "./core.js";
import type { ClientOperationDescriptor, PaginationDescriptor } from "./descriptor.js";
import { walkItems, walkPages, type PageOptions } from "./paginate.js";
import type { ClientResult } from "./result.js";

/** The descriptor of a paginated operation. */
type Paged = ClientOperationDescriptor & { readonly pagination: PaginationDescriptor };

/** A walk of paginate.ts (`walkPages`, `walkItems`). */
type Walk = (
  operationId: string,
  pagination: PaginationDescriptor,
  call: (init: CallInit) => Promise<ClientResult>,
  init?: CallInit,
  options?: PageOptions,
) => AsyncIterable<unknown>;

function walkThrough<R>(
  walk: Walk,
  client: ClientCore<boolean>,
  op: Paged,
  init: unknown,
  options: PageOptions | undefined,
): AsyncIterable<R> {
  const call = (request: CallInit) => callThrough(client, op, request);
  const walked = walk(op.operationId, op.pagination, call, init as CallInit | undefined, options);
  return walked as AsyncIterable<R>;
}

/** Every page of a paginated operation, as the call's result (typed by the generated function). */
export function pagesThrough<R>(
  client: ClientCore<boolean>,
  op: Paged,
  init: unknown,
  options: PageOptions | undefined,
): AsyncIterable<R> {
  return walkThrough<R>(walkPages, client, op, init, options);
}

/** Every item of every page (typed by the generated function). */
export function itemsThrough<R>(
  client: ClientCore<boolean>,
  op: Paged,
  init: unknown,
  options: PageOptions | undefined,
): AsyncIterable<R> {
  return walkThrough<R>(walkItems, client, op, init, options);
}
