/**
 * The redirect policy (issue 33 item 11): credentials of every security scheme (API key in a
 * header, query parameter or cookie; bearer; basic) never reach another origin. Two loopback
 * origins (two servers on 127.0.0.1): A redirects, B records what it receives. By default a
 * cross-origin redirect of a credentialed call is not followed and the result says why;
 * `crossOriginRedirect: "follow-without-credentials"` follows it without them; same-origin
 * redirects and calls without credentials are followed as `fetch` does. With and without middleware.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ApiError,
  RedirectNotFollowedError,
  createClientRuntimeWith,
  ALL_CODECS,
  type ClientOperationDescriptor,
  type ClientOptions,
  type ClientSecurity,
  type Middleware,
} from "../../templates/client/index.js";

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Origin {
  readonly url: string;
  readonly seen: Seen[];
  server: Server;
}

/** A server that answers `/redirect/<status>?to=<url>` with that redirect, anything else 200 JSON. */
async function startOrigin(): Promise<Origin> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const match = /^\/redirect\/(\d{3})/.exec(url.pathname);
      if (match !== null) {
        res.writeHead(Number(match[1]), { location: url.searchParams.get("to") ?? "/" });
        res.end();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ at: url.pathname, method: req.method }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

let a: Origin;
let b: Origin;
beforeAll(async () => {
  [a, b] = await Promise.all([startOrigin(), startOrigin()]);
});
afterAll(async () => {
  for (const origin of [a, b]) {
    origin.server.closeAllConnections();
    await new Promise<void>((resolve) => origin.server.close(() => resolve()));
  }
});
beforeEach(() => {
  a.seen.length = 0;
  b.seen.length = 0;
});

const SECURITY: ClientSecurity = {
  schemes: {
    headerKey: { type: "apiKey", in: "header", name: "X-API-Key" },
    queryKey: { type: "apiKey", in: "query", name: "api_key" },
    cookieKey: { type: "apiKey", in: "cookie", name: "session" },
    bearer: { type: "http", scheme: "bearer" },
    basic: { type: "http", scheme: "basic" },
  },
  apiKeyScheme: "headerKey",
};

const SECRETS = ["hdr-secret", "qry-secret", "cookie-secret", "bearer-secret", "dXNlcjpzZWNyZXQ"];

/** An operation at `path` whose requirement is one scheme. */
function op(
  path: string,
  scheme: string,
  method: "get" | "post" = "get",
): ClientOperationDescriptor {
  return {
    operationId: "fetchThing",
    method,
    path,
    secured: true,
    security: [[scheme]],
    ...(method === "post" ? { bodyMediaType: "application/json" } : {}),
  };
}

function client(extra: Partial<ClientOptions> = {}) {
  return createClientRuntimeWith(
    {
      baseUrl: a.url,
      auth: {
        headerKey: "hdr-secret",
        queryKey: "qry-secret",
        cookieKey: "cookie-secret",
        bearer: "bearer-secret",
        basic: { username: "user", password: "secret" },
      },
      retry: false,
      ...extra,
    },
    undefined,
    ALL_CODECS,
    SECURITY,
  );
}

/** Everything B received, as one string, to look for any secret. */
function receivedByB(): string {
  return JSON.stringify(b.seen);
}

const SCHEMES = ["headerKey", "queryKey", "cookieKey", "bearer", "basic"] as const;
const noop: Middleware = { onRequest: ({ request }) => request };

describe.each([
  ["without middleware", false],
  ["with middleware", true],
])("%s", (_name, withMiddleware) => {
  const make = (extra: Partial<ClientOptions> = {}) => {
    const runtime = client(extra);
    if (withMiddleware) runtime.use(noop);
    return runtime;
  };

  it.each(SCHEMES)(
    "%s: a 307 to another origin is not followed; the result says why and B sees nothing",
    async (scheme) => {
      const to = `${b.url}/landing?api_key=echoed-${scheme}`;
      const result = await make().call(op(`/redirect/307?to=${encodeURIComponent(to)}`, scheme));
      expect(b.seen).toEqual([]);
      expect(a.seen).toHaveLength(1);
      expect(result.ok).toBe(false);
      expect(result.status).toBe(307);
      expect(result.error).toBeInstanceOf(RedirectNotFollowedError);
      const error = result.error as RedirectNotFollowedError;
      expect(error.reason).toBe("cross-origin");
      expect(error.location).toBe(`${b.url}/landing`); // without its query
      expect(error.message).toContain("fetchThing was redirected (307) to");
      expect(error.message).toContain("follow-without-credentials");
      for (const secret of SECRETS) expect(error.message).not.toContain(secret);
    },
  );

  it.each(SCHEMES)(
    "%s: follow-without-credentials reaches B with no credential of any scheme",
    async (scheme) => {
      const to = `${b.url}/landing?api_key=qry-secret&keep=1`;
      const result = await make({ crossOriginRedirect: "follow-without-credentials" }).call(
        op(`/redirect/302?to=${encodeURIComponent(to)}`, scheme),
      );
      expect(result.ok).toBe(true);
      expect(result.data).toEqual({ at: "/landing", method: "GET" });
      expect(b.seen).toHaveLength(1);
      expect(b.seen[0]!.url).toBe("/landing?keep=1");
      for (const secret of SECRETS) expect(receivedByB()).not.toContain(secret);
      expect(b.seen[0]!.headers["authorization"]).toBeUndefined();
      expect(b.seen[0]!.headers["x-api-key"]).toBeUndefined();
      expect(b.seen[0]!.headers["cookie"]).toBeUndefined();
    },
  );

  it("follows a same-origin redirect with the credentials", async () => {
    const result = await make().call(
      op(`/redirect/301?to=${encodeURIComponent("/moved")}`, "headerKey"),
    );
    expect(result.ok).toBe(true);
    expect(result.data).toEqual({ at: "/moved", method: "GET" });
    expect(a.seen.map((seen) => seen.headers["x-api-key"])).toEqual(["hdr-secret", "hdr-secret"]);
  });

  it("a 307 POST to the same origin sends the body again; a 303 turns it into a GET", async () => {
    const runtime = make();
    const kept = await runtime.call(
      op(`/redirect/307?to=${encodeURIComponent("/again")}`, "bearer", "post"),
      {
        body: { n: 1 },
      },
    );
    expect(kept.data).toEqual({ at: "/again", method: "POST" });
    expect(a.seen[1]!.body).toBe('{"n":1}');
    expect(a.seen[1]!.headers["authorization"]).toBe("Bearer bearer-secret");
    const seeOther = await runtime.call(
      op(`/redirect/303?to=${encodeURIComponent("/see")}`, "bearer", "post"),
      {
        body: { n: 2 },
      },
    );
    expect(seeOther.data).toEqual({ at: "/see", method: "GET" });
    expect(a.seen[3]!.body).toBe("");
    expect(a.seen[3]!.headers["content-type"]).toBeUndefined();
  });

  it("a call without credentials follows a cross-origin redirect as fetch does", async () => {
    const anonymous = createClientRuntimeWith(
      { baseUrl: a.url, retry: false },
      undefined,
      ALL_CODECS,
      SECURITY,
    );
    if (withMiddleware) anonymous.use(noop);
    const open: ClientOperationDescriptor = {
      operationId: "open",
      method: "get",
      path: `/redirect/307?to=${encodeURIComponent(`${b.url}/public`)}`,
      secured: false,
    };
    const result = await anonymous.call(open);
    expect(result.ok).toBe(true);
    expect(result.data).toEqual({ at: "/public", method: "GET" });
  });

  it("throws an ApiError carrying the reason under throwOnError", async () => {
    const thrown = await make({ throwOnError: true })
      .call(op(`/redirect/308?to=${encodeURIComponent(`${b.url}/x`)}`, "headerKey"))
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).error).toBeInstanceOf(RedirectNotFollowedError);
    expect(b.seen).toEqual([]);
  });
});

it("a credential a middleware adds (Authorization) is protected too", async () => {
  const runtime = createClientRuntimeWith(
    { baseUrl: a.url, retry: false },
    undefined,
    ALL_CODECS,
    SECURITY,
  );
  runtime.use({
    onRequest({ request }) {
      request.headers.set("authorization", "Bearer from-middleware");
      return request;
    },
  });
  const open: ClientOperationDescriptor = {
    operationId: "open",
    method: "get",
    path: `/redirect/307?to=${encodeURIComponent(`${b.url}/x`)}`,
    secured: false,
  };
  const result = await runtime.call(open);
  expect(result.error).toBeInstanceOf(RedirectNotFollowedError);
  expect(b.seen).toEqual([]);
});

it("stops after 20 redirects, saying so", async () => {
  let to = "/done";
  for (let i = 0; i < 21; i++) to = `/redirect/302?to=${encodeURIComponent(to)}`;
  const result = await client().call(op(to, "headerKey"));
  expect(result.ok).toBe(false);
  expect((result.error as RedirectNotFollowedError).reason).toBe("too-many");
  expect(a.seen).toHaveLength(21);
});

it("followRedirects: false gets the 3XX itself, credentialed or not", async () => {
  const manual = client({ followRedirects: false });
  const result = await manual.call(
    op(`/redirect/302?to=${encodeURIComponent("/moved")}`, "headerKey"),
  );
  expect(result.status).toBe(302);
  expect(result.ok).toBe(false);
  expect(result.response.headers.get("location")).toBe("/moved");
  expect(a.seen).toHaveLength(1);
  manual.use(noop);
  const open: ClientOperationDescriptor = {
    operationId: "open",
    method: "get",
    path: `/redirect/307?to=${encodeURIComponent(`${b.url}/x`)}`,
    secured: false,
  };
  expect((await manual.call(open)).status).toBe(307);
  expect(b.seen).toEqual([]);
});
