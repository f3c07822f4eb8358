// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The page a paginated operation's mock answers (`x-pagination`, docs/pagination.md): the items
 * (the mocked body's, or a collection given to `mocks.pages`) served as the server's
 * `paginate<Op>` serves them (templates/client/page-serving.ts): the slice the request's page
 * parameters ask for, the declared total, next cursor and `Link: <…>; rel="next"`. Pages never
 * repeat or skip an item. Web-standard only (MSW runs in browsers too).
 */
import { pageItems } from "../client/page-reading.js";
import { servePage } from "../client/page-serving.js";
import type { MockOperation, MockResponse } from "./mock-handlers.js";

/** A mocked page: its body and headers (text, as they go on the wire). */
export interface MockPage {
  readonly body: unknown;
  readonly headers: Record<string, string>;
}

/**
 * The page `request` asks for, or `undefined` when the operation does not page (or its response
 * has no JSON body to page, or it is a `link` list without a `page` parameter: answered as is).
 *
 * @param items the whole collection; by default the items of the mocked body
 */
export function pagedResponse(
  operation: MockOperation,
  response: MockResponse,
  items: readonly unknown[] | undefined,
  request: Request,
): MockPage | undefined {
  const pagination = operation.pagination;
  if (pagination === undefined || response.json === undefined) return undefined;
  // a `link` list without a `page` parameter: where its links point is the server's own business
  if (pagination.style === "link" && pagination.page === undefined) return undefined;
  const all = items ?? pageItems(pagination, response.json);
  const query: Record<string, string> = {};
  for (const [name, value] of new URL(request.url).searchParams) query[name] = value;
  const extra =
    typeof response.json === "object" && response.json !== null && !Array.isArray(response.json)
      ? (response.json as Record<string, unknown>)
      : {};
  const page = servePage(pagination, all, { query, url: request.url }, extra);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.headers)) headers[name] = String(value);
  return { body: page.body, headers };
}
