/**
 * Pagination is read from any spec (docs/pagination.md): Stripe-style cursor lists
 * (`starting_after`, `has_more`, the last item's `id`) and GitHub-style `Link` lists (`per_page`,
 * `page`, `rel="next"`), each declared in a test fixture, generated with the real generator,
 * served by the generated server's `paginate<Op>` (responses validated against the fixture) and
 * walked by the generated client over real HTTP: every item once, in order. The corpus's own
 * Stripe and GitHub (GHES) specs accept the same declarations added as an overlay (skipped, with
 * one line, when ../shared/corpus is absent).
 */
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readPagination } from "../../lint/pagination.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { generateFixture, type GeneratedFixture } from "../client/generate-fixture.js";
import { STRIPE_CURSOR } from "./pagination-declarations.js";

interface Walkable {
  items(init?: object, options?: object): AsyncIterable<Record<string, unknown>>;
  pages(init?: object, options?: object): AsyncIterable<{ ok: boolean; status: number }>;
}

interface Served {
  readonly url: string;
  readonly requests: string[];
  close(): Promise<void>;
}

/** The fixture's generated server on 127.0.0.1 with `handlers`, recording each request's URL. */
async function serve(
  out: string,
  handlers: (server: Record<string, Function>) => object,
): Promise<Served> {
  const server = (await import(join(out, "server.ts"))) as Record<string, Function>;
  const node = (await import(join(out, "runtime/server/adapters/node-adapter.ts"))) as {
    serveNode: (
      handler: (request: Request) => Promise<Response>,
      options: object,
    ) => Promise<Server>;
  };
  const requests: string[] = [];
  const handle = server.createRequestHandler!(handlers(server), { validateResponses: true }) as (
    request: Request,
  ) => Promise<Response>;
  const listening = await node.serveNode(
    (request) => {
      const url = new URL(request.url);
      requests.push(`${url.pathname}${url.search}`);
      return handle(request);
    },
    { port: 0, host: "127.0.0.1" },
  );
  return {
    url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      }),
  };
}

async function client(out: string, baseUrl: string): Promise<Record<string, Walkable>> {
  const module = (await import(join(out, "client.ts"))) as Record<string, Function>;
  return module.createFixtureClient!({ baseUrl, retry: false }) as Record<string, Walkable>;
}

const CUSTOMERS = Array.from({ length: 23 }, (_, index) => ({
  id: `cus_${String(index).padStart(3, "0")}`,
  object: "customer",
  email: `c${index}@example.test`,
}));
const RELEASES = Array.from({ length: 23 }, (_, index) => ({
  id: index + 1,
  tag_name: `v${index}`,
}));

let stripe: GeneratedFixture;
let github: GeneratedFixture;
beforeAll(async () => {
  [stripe, github] = await Promise.all([
    generateFixture("test/fixtures/pagination/stripe-like.yaml", ["--name", "Fixture"]),
    generateFixture("test/fixtures/pagination/github-like.yaml", ["--name", "Fixture"]),
  ]);
}, 180_000);
afterAll(() => {
  stripe?.remove();
  github?.remove();
});

describe("a Stripe-style cursor list, generated and walked over real HTTP", () => {
  it("23 customers, limit 10: 3 requests starting after the last id, every customer once", async () => {
    const served = await serve(stripe.out, (server) => ({
      listCustomers: (request: object) =>
        server.paginateListCustomers!(CUSTOMERS, request, { object: "list", url: "/v1/customers" }),
    }));
    try {
      const api = await client(stripe.out, served.url);
      const ids: unknown[] = [];
      for await (const customer of api.listCustomers!.items({ query: { limit: 10 } }))
        ids.push(customer.id);
      expect(ids).toEqual(CUSTOMERS.map((customer) => customer.id));
      expect(served.requests).toEqual([
        "/v1/customers?limit=10",
        "/v1/customers?limit=10&starting_after=cus_009",
        "/v1/customers?limit=10&starting_after=cus_019",
      ]);
    } finally {
      await served.close();
    }
  });
});

describe("a GitHub-style Link list, generated and walked over real HTTP", () => {
  it("23 releases, per_page 10: 3 requests following rel=next, every release once", async () => {
    const served = await serve(github.out, (server) => ({
      listReleases: (request: object) => server.paginateListReleases!(RELEASES, request),
    }));
    try {
      const api = await client(github.out, served.url);
      const tags: unknown[] = [];
      const init = { path: { owner: "octo", repo: "hello" }, query: { per_page: 10 } };
      for await (const release of api.listReleases!.items(init)) tags.push(release.tag_name);
      expect(tags).toEqual(RELEASES.map((release) => release.tag_name));
      expect(served.requests).toEqual([
        "/repos/octo/hello/releases?per_page=10",
        "/repos/octo/hello/releases?per_page=10&page=2",
        "/repos/octo/hello/releases?per_page=10&page=3",
      ]);
      let pages = 0;
      for await (const page of api.listReleases!.pages(init)) {
        expect(page.ok).toBe(true);
        pages++;
      }
      expect(pages).toBe(3);
    } finally {
      await served.close();
    }
  });
});

const present = hasCorpus();
if (!present) console.log(`pagination corpus overlay skipped: no shared corpus at ${CORPUS_DIR}`);

describe.skipIf(!present)(
  "the corpus's Stripe and GitHub specs, with a declaration overlaid",
  () => {
    const check = (document: Record<string, unknown>, path: string, declaration: object) => {
      const resolve = (node: unknown): unknown => {
        let current = node;
        while (typeof current === "object" && current !== null && "$ref" in current) {
          const ref = String((current as { $ref: unknown }).$ref);
          current = ref
            .slice(2)
            .split("/")
            .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
            .reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], document);
        }
        return current;
      };
      const operation = (
        resolve((document.paths as Record<string, { get: object }>)[path]) as {
          get: Record<string, unknown>;
        }
      ).get;
      const parameters = ((operation.parameters as unknown[]) ?? []).map(resolve);
      return readPagination({ ...operation, "x-pagination": declaration }, parameters, resolve);
    };

    it("Stripe's GET /v1/customers: starting_after, has_more, the last item's id", () => {
      const stripeSpec = parse(readFileSync(`${CORPUS_DIR}stripe/openapi/spec3.yaml`, "utf8"));
      const read = check(stripeSpec, "/v1/customers", STRIPE_CURSOR);
      expect(read.problems).toEqual([]);
      expect(read.pagination?.style).toBe("cursor");
      // and a wrong field is refused with the words lint and generate use
      const wrong = check(stripeSpec, "/v1/customers", {
        style: "cursor",
        cursor: "$request.query.starting_after",
        items: "$response.body#/data",
        nextCursor: "$response.body#/data/-1/uuid",
      });
      expect(wrong.problems.map((problem) => problem.message)).toEqual([
        "`#/data/-1/uuid` of the 200 response body is not declared (`nextCursor` reads it)",
      ]);
    });

    it("GitHub's GET /repos/{owner}/{repo}/releases (GHES 3.6): per_page, page, Link", () => {
      const octokit = JSON.parse(
        readFileSync(
          `${CORPUS_DIR}ots/packages/openapi-typescript/examples/octokit-ghes-3.6-diff-to-api.json`,
          "utf8",
        ),
      ) as Record<string, unknown>;
      const read = check(octokit, "/repos/{owner}/{repo}/releases", {
        style: "link",
        limit: "$request.query.per_page",
        page: "$request.query.page",
        next: "$response.header.Link",
      });
      expect(read.problems).toEqual([]);
      expect(read.pagination).toMatchObject({ style: "link", limit: "per_page", page: "page" });
    });
  },
);
