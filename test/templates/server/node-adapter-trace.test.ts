import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveNode } from "../../../templates/server/adapters/node-adapter.js";
import { createRuntimeRequestHandler } from "../../../templates/server/core/request-handler.js";
import { api, authenticate, handlers, type Caller } from "./fixture-api.js";

let wrapped: Server;
let direct: Server;

/** One exchange with node:http (fetch refuses to send TRACE). */
function send(
  server: Server,
  method: string,
  path: string,
): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  const handler = createRuntimeRequestHandler<Caller>(api, handlers, { authenticate });
  // a plain middleware around the runtime hides its direct path: the adapter must build a Request
  wrapped = await serveNode((request) => handler(request), { port: 0, host: "127.0.0.1" });
  direct = await serveNode(handler, { port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await new Promise((done) => wrapped.close(done));
  await new Promise((done) => direct.close(done));
});

describe("TRACE and TRACK, which a web Request cannot carry", () => {
  it.each(["TRACE", "TRACK"])(
    "%s to a wrapped handler is 501 not_implemented with the Error body, never 500",
    async (method) => {
      const { status, body } = await send(wrapped, method, "/pets");
      expect(status).toBe(501);
      expect(JSON.parse(body)).toMatchObject({ code: "not_implemented" });
    },
  );

  it("the runtime's own direct path still routes TRACE (405 on a known path, not 501)", async () => {
    const { status } = await send(direct, "TRACE", "/pets");
    expect(status).not.toBe(500);
    expect(status).not.toBe(501);
  });
});
