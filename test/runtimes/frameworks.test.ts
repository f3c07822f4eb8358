/**
 * The smoke table (smoke-table.ts) over HTTP against the reference handlers mounted in the
 * frameworks users already have: Hono 4 (a route on @hono/node-server), Express 5
 * (`toExpressHandler`) and Fastify 5 (`toFastifyPlugin`), each at the root and under a path
 * prefix, next to a route of the app's own that must keep working.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import express from "express";
import Fastify from "fastify";
import { Hono } from "hono";
import { mount } from "hono/mount";
import { afterEach, describe, expect, it } from "vitest";
import { toExpressHandler } from "../../generated/runtime/server/adapters/express-adapter.js";
import { toFastifyPlugin } from "../../generated/runtime/server/adapters/fastify-plugin.js";
import { runSmokeTable } from "./run-smoke-table.js";
import { createSmokeHandler, SMOKE_KEYS } from "./smoke-app.js";

const SMOKE_AUTH = { "x-api-key": SMOKE_KEYS.free };

/** A started app: its base URL (without the prefix) and how to stop it. */
interface Mounted {
  readonly origin: string;
  close(): Promise<void>;
}

type Mount = (prefix: string) => Promise<Mounted>;

function addressOf(server: Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A Hono app on @hono/node-server, on a free port of 127.0.0.1. */
function serveHono(app: Hono): Promise<Mounted> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve({ origin: addressOf(server as Server), close: () => closeServer(server as Server) }),
    );
  });
}

/** The app's own route next to the API: `GET /health` (outside the prefix) answers `ok`. */
const HEALTH = "/health";

const mountHono: Mount = (prefix) => {
  const handler = createSmokeHandler({ basePath: prefix });
  const app = new Hono();
  app.get(HEALTH, (c) => c.text("ok"));
  app.all(prefix === "" ? "/*" : `${prefix}/*`, (c) => handler(c.req.raw));
  return serveHono(app);
};

/** `mount()` from hono/mount strips the prefix before the handler sees it: no `basePath` then. */
const mountHonoMount: Mount = (prefix) => {
  const handler = createSmokeHandler();
  const app = new Hono();
  app.get(HEALTH, (c) => c.text("ok"));
  app.all(prefix === "" ? "/*" : `${prefix}/*`, mount(handler));
  return serveHono(app);
};

const mountExpress: Mount = (prefix) => {
  const handler = createSmokeHandler({ basePath: prefix });
  const app = express();
  app.get(HEALTH, (_req, res) => {
    res.send("ok");
  });
  app.use(prefix === "" ? "/" : prefix, toExpressHandler(handler));
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () =>
      resolve({ origin: addressOf(server), close: () => closeServer(server) }),
    );
  });
};

const mountFastify: Mount = async (prefix) => {
  const handler = createSmokeHandler({ basePath: prefix });
  const app = Fastify();
  app.get(HEALTH, () => "ok");
  await app.register(toFastifyPlugin(handler), { prefix });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { origin: addressOf(app.server), close: () => app.close() };
};

const FRAMEWORKS: ReadonlyArray<readonly [string, Mount]> = [
  ["Hono 4 (a route)", mountHono],
  ["Hono 4 (hono/mount)", mountHonoMount],
  ["Express 5", mountExpress],
  ["Fastify 5", mountFastify],
];

let running: Mounted | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe.each(FRAMEWORKS)("smoke table mounted in %s", (_name, mount) => {
  it.each(["", "/api/v1"])("meets every row under the prefix %j", async (prefix) => {
    running = await mount(prefix);
    expect(await runSmokeTable(`${running.origin}${prefix}`)).toEqual([]);
    const health = await fetch(`${running.origin}${HEALTH}`);
    expect([health.status, await health.text()]).toEqual([200, "ok"]);
    if (prefix !== "") {
      // outside the prefix the API is not served: the framework's own 404
      const outside = await fetch(`${running.origin}/pets`, { headers: SMOKE_AUTH });
      expect(outside.status).toBe(404);
      expect(outside.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });
});
