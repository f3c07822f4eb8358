// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The generated server's `paginate<Op>` helpers: one page of a paginated operation as a 2XX
 * response, cut by the shared page server (client/page-serving.ts, which the MSW mocks use too).
 */
import type { ArrayItem, AtPointer, PaginationDescriptor } from "../client/descriptor.js";
import { servePage } from "../client/page-serving.js";

export {
  FALLBACK_LIMIT,
  servePage,
  type PageRequestInput,
  type ServedPage,
} from "../client/page-serving.js";

/** One item of a page whose body is `Body`, the items at `P` (for the generated helpers). */
export type PageBodyItem<Body, P extends readonly string[]> = ArrayItem<AtPointer<Body, P>>;

/** What a generated `paginate<Op>` helper is given: the handler's request. */
export interface PaginatedHandlerRequest {
  readonly query: object;
  readonly request: Request;
}

/**
 * A 2XX response of one page, for a handler to return (the generated `paginate<Op>` helpers call
 * it with their operation's declaration and type it).
 */
export function paginated(
  pagination: PaginationDescriptor,
  status: number,
  items: readonly unknown[],
  request: PaginatedHandlerRequest,
  extra?: Readonly<Record<string, unknown>>,
): { status: number; body: unknown; headers: Record<string, string | number | boolean> } {
  const input = { query: request.query as Record<string, unknown>, url: request.request.url };
  const { body, headers } = servePage(pagination, items, input, extra);
  return { status, body, headers };
}
