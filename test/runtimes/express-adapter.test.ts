/**
 * What the Express adapter (`toExpressHandler`) adds to the Node adapter's conversion, beyond the
 * smoke table (frameworks.test.ts): a streamed response is written with backpressure (a client
 * that stops reading stops the handler's stream from being pulled), a request body is streamed to
 * the handler, and a body parser mounted before the handler is reported instead of leaving the
 * handler waiting for a body that is gone.
 */
import { request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express, { type ErrorRequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { toExpressHandler } from "../../generated/runtime/server/adapters/express-adapter.js";
import { createSmokeHandler, SMOKE_KEYS } from "./smoke-app.js";

const CHUNK = 64 * 1024;
const TOTAL = 64 * 1024 * 1024;

let server: Server | undefined;
afterEach(async () => {
  const closing = server;
  server = undefined;
  if (closing === undefined) return;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
});

function listen(app: express.Express): Promise<string> {
  return new Promise((resolve) => {
    const started = app.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(started.address() as AddressInfo).port}`),
    );
    server = started;
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe("toExpressHandler", () => {
  it("writes a streamed response with backpressure: a paused client stops the pulls", async () => {
    let pulled = 0;
    const app = express();
    app.use(
      "/files",
      toExpressHandler(() =>
        Promise.resolve(
          new Response(
            new ReadableStream<Uint8Array>(
              {
                pull(controller) {
                  if (pulled >= TOTAL) return controller.close();
                  pulled += CHUNK;
                  controller.enqueue(new Uint8Array(CHUNK));
                },
              },
              { highWaterMark: 0 },
            ),
          ),
        ),
      ),
    );
    const base = await listen(app);
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      httpRequest(`${base}/files/big`, resolve).on("error", reject).end(),
    );
    response.pause();
    // let the socket buffers fill, then check the pulls stopped well short of the whole body
    let before = -1;
    while (pulled !== before) {
      before = pulled;
      await sleep(200);
    }
    expect(pulled).toBeLessThan(TOTAL / 4);
    let received = 0;
    response.on("data", (chunk: Buffer) => (received += chunk.length));
    response.resume();
    await new Promise((resolve) => response.once("end", resolve));
    expect([received, pulled]).toEqual([TOTAL, TOTAL]);
  }, 60_000);

  it("streams a request body to the handler as it arrives", async () => {
    const app = express();
    app.use(
      "/upload",
      toExpressHandler(async (request) => {
        let size = 0;
        const reader = (request.body as ReadableStream<Uint8Array>).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          size += value.byteLength;
        }
        return Response.json({ size });
      }),
    );
    const base = await listen(app);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent < 8 * 1024 * 1024; sent += CHUNK)
          controller.enqueue(new Uint8Array(CHUNK));
        controller.close();
      },
    });
    const response = await fetch(`${base}/upload`, {
      method: "POST",
      body,
      duplex: "half",
    } as RequestInit);
    expect(await response.json()).toEqual({ size: 8 * 1024 * 1024 });
  });

  it("reports a body parser mounted before it instead of waiting for the body", async () => {
    const app = express();
    app.use(express.json());
    app.use("/api/v1", toExpressHandler(createSmokeHandler({ basePath: "/api/v1" })));
    const report: ErrorRequestHandler = (error: Error, _req, res, _next) => {
      res.status(500).json({ message: error.message });
    };
    app.use(report);
    const base = await listen(app);
    const response = await fetch(`${base}/api/v1/pets`, {
      method: "POST",
      headers: { "x-api-key": SMOKE_KEYS.free, "content-type": "application/json" },
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^POST \/api\/v1\/pets: the request body was already read by a middleware mounted before the API handler \(express\.json\(\)/,
    );
    // a request without a body still reaches the handler
    const list = await fetch(`${base}/api/v1/pets`, { headers: { "x-api-key": SMOKE_KEYS.free } });
    expect(list.status).toBe(200);
  });
});
