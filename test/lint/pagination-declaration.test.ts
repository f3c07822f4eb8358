/**
 * house/pagination-declaration: each `x-pagination` fits its operation (a passing and a failing
 * document per problem, the message saying what is wrong and how to fix it), and a limit/offset
 * list without a declaration is a warning. The pet store's own declarations pass.
 */
import { describe, expect, it } from "vitest";
import {
  describeProblems,
  fixture,
  lintSpec,
  lintYaml,
  yaml,
  takePageParameters,
} from "./helpers.js";
import type { Doc } from "./helpers.js";

const getInventory = (doc: Doc): Doc => doc.paths["/store/inventory"].get;

/** The fixture's getInventory as a list paged by offset, with X-Total-Count and a Link. */
function pagedList(doc: Doc, declaration: Record<string, unknown> | undefined): void {
  takePageParameters(getInventory(doc), doc);
  doc.components.headers["X-Total-Count"] = yaml(
    "{ description: Matching records., schema: { type: integer, example: 2 } }",
  );
  doc.components.headers.Link = yaml(
    "{ description: Next page., schema: { type: string, example: '<?offset=20>; rel=\"next\"' } }",
  );
  const headers = getInventory(doc).responses["200"].headers;
  headers["X-Total-Count"] = { $ref: "#/components/headers/X-Total-Count" };
  headers.Link = { $ref: "#/components/headers/Link" };
  if (declaration !== undefined) getInventory(doc)["x-pagination"] = declaration;
}

const OFFSET = {
  style: "offset",
  offset: "$request.query.offset",
  limit: "$request.query.limit",
  total: "$response.header.X-Total-Count",
  next: "$response.header.Link",
};

async function problemsWith(declaration: Record<string, unknown> | undefined) {
  const problems = await lintYaml(fixture((doc) => pagedList(doc, declaration)));
  return problems.filter((problem) => problem.ruleId === "house/pagination-declaration");
}

describe("house/pagination-declaration", () => {
  it("passes: an offset declaration whose parameters and headers the operation declares", async () => {
    const problems = await lintYaml(fixture((doc) => pagedList(doc, OFFSET)));
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  it("passes: the pet store's three list operations", async () => {
    const problems = (await lintSpec()).filter(
      (problem) => problem.ruleId === "house/pagination-declaration",
    );
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  it("warns: limit and offset without a declaration", async () => {
    const problems = await problemsWith(undefined);
    expect(problems.map((p) => [p.severity, p.message])).toEqual([
      [
        "warn",
        "`getInventory` takes `limit` and `offset` but declares no `x-pagination`: add one (e.g. `x-pagination: { style: offset, offset: $request.query.offset, limit: $request.query.limit, total: $response.header.X-Total-Count }`) so that clients, queries and mocks page through it.",
      ],
    ]);
    expect(problems[0]?.reference).toBe("docs/contract.md#house-pagination-declaration");
  });

  it.each([
    [
      "an unknown style",
      { ...OFFSET, style: "pages" },
      '`getInventory`\'s `x-pagination`: `style` is "pages", not one of offset, cursor, link; set `style: offset`, `cursor` or `link`.',
    ],
    [
      "a parameter the operation does not take",
      { ...OFFSET, offset: "$request.query.skip" },
      "`getInventory`'s `x-pagination`: `offset` names the query parameter `skip`, which the operation does not take; declare the query parameter `skip`, or name one of `limit`, `offset`.",
    ],
    [
      "a header the 200 does not declare",
      { ...OFFSET, total: "$response.header.X-Count" },
      "`getInventory`'s `x-pagination`: the 200 response does not declare the header `X-Count` that `total` reads; add `X-Count` under its `headers`.",
    ],
    [
      "items that are not an array",
      { ...OFFSET, items: "$response.body#/0/id" },
      "`getInventory`'s `x-pagination`: `#/0/id` of the 200 response body is not an array, so it cannot hold the items; point `items` at the array of the page's items.",
    ],
    [
      "a body field the schema does not declare",
      { ...OFFSET, items: "$response.body#/data" },
      "`getInventory`'s `x-pagination`: `#/data` of the 200 response body is not declared (`items` reads it); point `items` at a property the body schema declares.",
    ],
    [
      "a total of the wrong type",
      { ...OFFSET, total: "$response.header.Link" },
      "`getInventory`'s `x-pagination`: the header `Link` of the 200 response is not integer, as `total` needs; declare it `type: integer`, or name another.",
    ],
    [
      "a cursor declaration without its next cursor",
      { style: "cursor", cursor: "$request.query.offset" },
      "`getInventory`'s `x-pagination`: a `cursor` declaration names its `nextCursor`; add `nextCursor: $response.body#/data/-1/id`.",
    ],
    [
      "a key of another style",
      { ...OFFSET, hasMore: "$response.body#/has_more" },
      "`getInventory`'s `x-pagination`: `hasMore` does not apply to the `offset` style; remove it, or change `style`.",
    ],
    [
      "a parameter written as a response expression",
      { ...OFFSET, limit: "$response.header.Link" },
      '`getInventory`\'s `x-pagination`: `limit` is "$response.header.Link", which is not a `$request.query.<name>` expression; write it as `limit: $request.query.limit`.',
    ],
  ])("fails: %s", async (_name, declaration, message) => {
    const problems = await problemsWith(declaration);
    expect(
      problems.map((p) => [p.severity, p.message]),
      describeProblems(problems),
    ).toEqual([["error", message]]);
  });
});
