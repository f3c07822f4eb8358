/**
 * Parameters in every OpenAPI style, read by the generated server over real HTTP: path `simple`,
 * `label` and `matrix` (arrays, objects, explode or not), query `deepObject` (nested), exploded and
 * unexploded `form` objects, delimited arrays, one-item arrays, numbers with an exponent, header
 * and cookie objects, and the header parameters OpenAPI says to ignore.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typecheckFolders } from "../generator/typecheck.js";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await generateFixture("parameter-styles.yaml");
  const echo = (request: { path: unknown; query: unknown; header: unknown; cookie: unknown }) => ({
    status: 200,
    body: {
      path: request.path,
      query: request.query,
      header: request.header,
      cookie: request.cookie,
    },
  });
  server = await fixture.serve({
    pathSimple: echo,
    pathLabel: echo,
    pathMatrix: echo,
    queryStyles: echo,
    headerStyles: echo,
  });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

interface Echo {
  path?: unknown;
  query?: unknown;
  header?: Record<string, unknown>;
  cookie?: unknown;
  detail?: string;
}

async function get(
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Echo }> {
  const response = await fetch(`${server.baseUrl}${target}`, { headers });
  return { status: response.status, body: (await response.json()) as Echo };
}

describe("path parameters", () => {
  it("read simple arrays and objects, exploded or not, items percent-decoded after the split", async () => {
    const { status, body } = await get("/simple/1,2,3/a%2Cb,c/x,1.5,label,p%2Cq/x=-2.5E-3,label=y");
    expect(status).toBe(200);
    expect(body.path).toEqual({
      list: [1, 2, 3],
      exploded: ["a,b", "c"],
      object: { x: 1.5, label: "p,q" },
      objectExploded: { x: -0.0025, label: "y" },
    });
  });

  it("read one item as an array of one", async () => {
    const { body } = await get("/simple/7/only/x,1/x=1");
    expect(body.path).toMatchObject({ list: [7], exploded: ["only"] });
  });

  it("read label values", async () => {
    const { status, body } = await get("/label/.1e+21/.a,b/.1.2/.x,3,label,z/.x=4.label=w");
    expect(status).toBe(200);
    expect(body.path).toEqual({
      primitive: 1e21,
      list: ["a", "b"],
      exploded: [1, 2],
      object: { x: 3, label: "z" },
      objectExploded: { x: 4, label: "w" },
    });
  });

  it("read matrix values", async () => {
    const { status, body } = await get(
      "/matrix/;id=5/;list=1,2/;exploded=a;exploded=b/;object=x,2,label,v/;x=6;label=u",
    );
    expect(status).toBe(200);
    expect(body.path).toEqual({
      id: 5,
      list: [1, 2],
      exploded: ["a", "b"],
      object: { x: 2, label: "v" },
      objectExploded: { x: 6, label: "u" },
    });
  });

  it("answer 400 naming the parameter when the value lacks its style's prefix or pairs", async () => {
    const label = await get("/label/1/.a/.1/.x,3/.x=4");
    expect(label.status).toBe(400);
    expect(label.body.detail).toBe("path.primitive must start with . (label style)");
    const matrix = await get("/matrix/;other=5/;list=1/;exploded=a/;object=x,2/;x=6");
    expect(matrix.status).toBe(400);
    expect(matrix.body.detail).toBe("path.id must be ;id=value (matrix style)");
    const odd = await get("/simple/1/a/x,1,label/x=1");
    expect(odd.status).toBe(400);
    expect(odd.body.detail).toBe("path.object must be name,value pairs (simple style)");
    const typed = await get("/simple/1,b/a/x,1/x=1");
    expect(typed.status).toBe(400);
    expect(typed.body.detail).toMatch(/^path\.list\/1 must match pattern|^path\.list\[1\]/);
  });
});

describe("query parameters", () => {
  it("read deepObject objects, nested objects and arrays, coerced by the schema", async () => {
    const query =
      "created[gt]=1&created[lte]=2&filter[owner][id]=7&filter[owner][active]=true&filter[tags][]=a&filter[tags][]=b";
    const { status, body } = await get(`/query?${query}`);
    expect(status).toBe(200);
    expect(body.query).toEqual({
      created: { gt: 1, lte: 2 },
      filter: { owner: { id: 7, active: true }, tags: ["a", "b"] },
    });
  });

  it("read deepObject arrays (repeated, [] or indexed names) and a scalar where the schema also takes one", async () => {
    const repeated = await get("/query?expand=a&expand=b.c&since=5");
    expect(repeated.body.query).toEqual({ expand: ["a", "b.c"], since: 5 });
    const bracketed = await get(
      "/query?expand[]=a&expand[1]=b&since[gt]=3&filter[tags]=x&filter[tags]=y",
    );
    expect(bracketed.body.query).toEqual({
      expand: ["a", "b"],
      since: { gt: 3 },
      filter: { tags: ["x", "y"] },
    });
    const both = await get("/query?since=5&since[gt]=3");
    expect(both.status).toBe(400);
    expect(both.body.detail).toBe("query.since is given both as a value and with fields");
  });

  it("read exploded form objects (a pair per property) and unexploded ones (name,value)", async () => {
    const { status, body } = await get("/query?x=2.5&label=a+b&pair=x,3,label,c%2Cd");
    expect(status).toBe(200);
    expect(body.query).toEqual({ point: { x: 2.5, label: "a b" }, pair: { x: 3, label: "c,d" } });
  });

  it("read form, space- and pipe-delimited arrays, and arrays of one item", async () => {
    const { status, body } = await get("/query?ids=1,2,3&spaced=a%20b+c&piped=1.5|2e3&one=4");
    expect(status).toBe(200);
    expect(body.query).toEqual({
      ids: [1, 2, 3],
      spaced: ["a", "b", "c"],
      piped: [1.5, 2000],
      one: [4],
    });
  });

  it("take numbers with an exponent, and keep a string with a numeric pattern a string", async () => {
    const { status, body } = await get("/query?amount=-2.5E-3&count=1e%2B21&code=0042");
    expect(status).toBe(200);
    expect(body.query).toEqual({ amount: -0.0025, count: 1e21, code: "0042" });
    expect((await get("/query?count=1.5e%2B21")).body.query).toEqual({ count: 1.5e21 });
    for (const fraction of ["1.5", "1.0"]) {
      const bad = await get(`/query?count=${fraction}`);
      expect(bad.status, fraction).toBe(400);
      // refused before coercion, and said as the type it is not (not as the guard's pattern)
      expect(bad.body.detail, fraction).toBe("query.count must be integer (type)");
    }
    const fractional = await get("/query?count=1.5e-3");
    expect(fractional.status).toBe(400);
    expect(fractional.body.detail).toBe("query.count must be integer (type)");
    const hex = await get("/query?amount=0x10");
    expect(hex.status).toBe(400);
  });

  it("parse a parameter described by a JSON content as JSON, and validate it", async () => {
    const where = encodeURIComponent(JSON.stringify({ limit: 5, tags: ["a,b"] }));
    const { status, body } = await get(`/query?where=${where}`);
    expect(status).toBe(200);
    expect(body.query).toEqual({ where: { limit: 5, tags: ["a,b"] } });
    const text = await get(`/query?where=${encodeURIComponent(JSON.stringify({ limit: "five" }))}`);
    expect(text.status).toBe(400);
    expect(text.body.detail).toBe("query.where.limit must be integer (type)");
    const broken = await get("/query?where=%7Blimit");
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toMatch(/^query\.where is not valid JSON/);
    const polluted = await get(
      `/query?where=${encodeURIComponent('{"limit":1,"__proto__":{"x":1}}')}`,
    );
    expect(polluted.status).toBe(400);
    expect(polluted.body.detail).toMatch(/forbidden key/);
  });

  it("answer 400 for a deepObject property that breaks the schema", async () => {
    const { status, body } = await get("/query?created[gt]=soon");
    expect(status).toBe(400);
    expect(body.detail).toBe("query.created.gt must be integer (type)");
  });
});

describe("header and cookie parameters", () => {
  it("read header arrays and objects, and cookie objects", async () => {
    const { status, body } = await get("/headers", {
      "x-list": "1, 2",
      "x-object": "x,1,label,h",
      "x-exploded": "x=2,label=i",
      cookie: "session=x,3,label,s",
    });
    expect(status).toBe(200);
    expect(body.header).toMatchObject({
      "x-list": [1, 2],
      "x-object": { x: 1, label: "h" },
      "x-exploded": { x: 2, label: "i" },
    });
    expect(body.cookie).toEqual({ session: { x: 3, label: "s" } });
  });

  it("ignore declared Content-Type, Accept and Authorization parameters: never required nor validated", async () => {
    const { status, body } = await get("/headers", {
      accept: "text/html",
      authorization: "Bearer t",
    });
    expect(status).toBe(200);
    expect(body.header).toMatchObject({ accept: "text/html", authorization: "Bearer t" });
  });

  it("type the ignored header parameters as optional text for the handler", () => {
    const check = `
import type { HeaderStylesHandlerRequest } from "./server.js";
declare const request: HeaderStylesHandlerRequest;
const accept: string | undefined = request.header.accept;
const type: string | undefined = request.header["content-type"];
// @ts-expect-error optional: a request may come without it
const authorization: string = request.header.authorization;
export const used = [accept, type, authorization];
`;
    writeFileSync(join(fixture.outDir, "handler-types-check.ts"), check);
    expect(typecheckFolders([fixture.outDir])).toEqual([]);
  }, 120_000);
});
