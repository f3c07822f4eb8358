/**
 * Reading a page as its `x-pagination` says (templates/client/page-reading.ts), shared by the
 * client's pages()/items(), the infinite query options and the conformance walk: the `Link`
 * header's rel="next" (RFC 8288), body pointers with `-1`, and where each style ends.
 */
import { describe, expect, it } from "vitest";
import type { PaginationDescriptor } from "../../../templates/client/descriptor.js";
import { nextPage, parseNextLink, valueAt } from "../../../templates/client/page-reading.js";

const page = (
  data: unknown,
  headers: Record<string, string> = {},
  url = "http://api.test/items",
) => ({
  data,
  response: { headers: new Headers(headers), url },
});

describe("parseNextLink", () => {
  it.each([
    ['<https://api.test/x?page=2>; rel="next"', "https://api.test/x?page=2"],
    ['<?page=1>; rel="prev", <?page=3>; rel="next", <?page=9>; rel="last"', "?page=3"],
    ["<?page=3>; rel=next", "?page=3"],
    ['<?page=3>; rel="next last"', "?page=3"],
    ['<?page=3>; title="a, b"; REL="Next"', "?page=3"],
    ['<?page=1>; rel="prev"', undefined],
    ["", undefined],
    ["not a link", undefined],
  ])("%s → %s", (header, target) => {
    expect(parseNextLink(header)).toBe(target);
  });
});

describe("valueAt", () => {
  it("follows objects and arrays; -1 is the last element; a missing step is undefined", () => {
    const body = { data: [{ id: "a" }, { id: "b" }], meta: { total: 2 } };
    expect(valueAt(body, ["data", "-1", "id"])).toBe("b");
    expect(valueAt(body, ["data", "0", "id"])).toBe("a");
    expect(valueAt(body, ["meta", "total"])).toBe(2);
    expect(valueAt(body, ["data", "5", "id"])).toBeUndefined();
    expect(valueAt(body, ["missing", "x"])).toBeUndefined();
    expect(valueAt({ data: [] }, ["data", "-1", "id"])).toBeUndefined();
    expect(valueAt(Object.create({ inherited: 1 }), ["inherited"])).toBeUndefined();
  });
});

const OFFSET: PaginationDescriptor = {
  style: "offset",
  items: { in: "body", pointer: [] },
  limit: "limit",
  offset: "offset",
  defaultLimit: 20,
  total: { in: "header", name: "X-Total-Count" },
};
const CURSOR: PaginationDescriptor = {
  style: "cursor",
  items: { in: "body", pointer: ["data"] },
  cursor: "after",
  nextCursor: { in: "header", name: "X-Next" },
  hasMore: { in: "header", name: "X-More" },
};
const LINK: PaginationDescriptor = {
  style: "link",
  items: { in: "body", pointer: [] },
  next: { in: "header", name: "Link" },
};

describe("nextPage", () => {
  it.each([
    [
      "offset: more before the total",
      OFFSET,
      { limit: 2 },
      page([1, 2], { "X-Total-Count": "5" }),
      2,
      { limit: 2, offset: 2 },
    ],
    [
      "offset: the total reached",
      OFFSET,
      { limit: 2, offset: 4 },
      page([5], { "X-Total-Count": "5" }),
      1,
      undefined,
    ],
    [
      "offset: an empty page",
      OFFSET,
      { offset: 9 },
      page([], { "X-Total-Count": "9" }),
      0,
      undefined,
    ],
    [
      "offset: no total, a full page",
      { ...OFFSET, total: undefined },
      {},
      page(new Array(20).fill(0)),
      20,
      { offset: 20 },
    ],
    [
      "offset: no total, a short page",
      { ...OFFSET, total: undefined },
      {},
      page([1]),
      1,
      undefined,
    ],
    [
      "offset: an unreadable total counts as none",
      OFFSET,
      { limit: 2 },
      page([1, 2], { "X-Total-Count": "many" }),
      2,
      { limit: 2, offset: 2 },
    ],
    [
      "cursor: the header's cursor",
      CURSOR,
      { q: "x" },
      page({ data: [1] }, { "X-Next": "c2", "X-More": "true" }),
      1,
      { q: "x", after: "c2" },
    ],
    [
      "cursor: hasMore false",
      CURSOR,
      {},
      page({ data: [1] }, { "X-Next": "c2", "X-More": "false" }),
      1,
      undefined,
    ],
    ["cursor: no cursor", CURSOR, {}, page({ data: [1] }, { "X-More": "true" }), 1, undefined],
    [
      "link: the next link's query",
      LINK,
      { per_page: 2 },
      page([1], { Link: '<https://api.test/items?per_page=2&page=2&tag=a&tag=b>; rel="next"' }),
      1,
      { per_page: "2", page: "2", tag: ["a", "b"] },
    ],
    [
      "link: relative to the response",
      LINK,
      {},
      page([1], { Link: '<?page=2>; rel="next"' }),
      1,
      { page: "2" },
    ],
    ["link: none", LINK, {}, page([1]), 1, undefined],
  ] as const)("%s", (_name, pagination, query, response, count, expected) => {
    expect(nextPage(pagination, query, response, count)).toEqual(expected);
  });
});
