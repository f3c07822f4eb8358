/**
 * A real HTTP server (127.0.0.1, port 0) for test/fixtures/client-constructs/constructs.yaml: it
 * streams server-sent events and NDJSON in small chunks (lines split across chunks, CRLF and CR
 * line ends, comments, ids, retry fields, multi-line data), echoes binary bodies, reports what
 * it received (method, URL, content type, body bytes) and whether the client closed a stream.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly contentType: string | undefined;
  readonly body: Buffer;
}

export interface ConstructsServer {
  readonly url: string;
  readonly received: Received[];
  /** Resolves when the client has closed the connection of the n-th stream (0-based). */
  streamClosed(index: number): Promise<void>;
  close(): Promise<void>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The chat stream: every event-stream rule in a few chunks, some lines split across chunks. */
export const CHAT_STREAM_CHUNKS = [
  ": a comment, then a keep-alive\n:\n",
  'retry: 1500\nid: 1\ndata: {"delta":',
  '"Hel"}\n\n',
  'event: chunk\r\nid: 2\r\ndata: {"delta":\r\ndata: "lo"}\r\n\r\n',
  "data: not dispatched: the stream ends inside this event",
];

export async function startConstructsServer(): Promise<ConstructsServer> {
  const received: Received[] = [];
  const closed: Promise<void>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        url: req.url ?? "",
        contentType: req.headers["content-type"],
        body: Buffer.concat(chunks),
      };
      received.push(request);
      void answer(request, req, res, closed);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    streamClosed: async (index) => {
      for (let tries = 0; closed[index] === undefined && tries < 200; tries++) await wait(10);
      return closed[index];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function writeSlowly(res: ServerResponse, chunks: readonly string[]): Promise<void> {
  for (const chunk of chunks) {
    res.write(chunk);
    await wait(5);
  }
}

function startStream(
  res: ServerResponse,
  req: IncomingMessage,
  contentType: string,
  closed: Promise<void>[],
): void {
  closed.push(new Promise((resolve) => res.on("close", () => resolve())));
  req.socket.setNoDelay(true);
  res.writeHead(200, { "content-type": contentType, "cache-control": "no-cache" });
  res.flushHeaders();
}

async function answer(
  request: Received,
  req: IncomingMessage,
  res: ServerResponse,
  closed: Promise<void>[],
): Promise<void> {
  const url = new URL(request.url, "http://x");
  const route = `${request.method} ${url.pathname}`;
  if (route === "POST /chat") {
    const body = JSON.parse(request.body.toString("utf8")) as { stream?: boolean };
    if (!body.stream) {
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ id: "c1", text: "Hello" }));
      return;
    }
    startStream(res, req, "text/event-stream; charset=utf-8", closed);
    if (req.headers["x-mode"] === "done") {
      // OpenAI-compatible: the sentinel, then the connection stays open (the client must let go)
      await writeSlowly(res, ['data: {"delta":"Hi"}\n\n', "data: [DONE]\n\n"]);
      return;
    }
    if (req.headers["x-mode"] === "drop") {
      // events with ids, then the connection drops; a request with Last-Event-ID gets the rest
      const last = req.headers["last-event-id"];
      if (last === undefined) {
        await writeSlowly(res, [
          'id: 1\ndata: {"delta":"a"}\n\n',
          'id: 2\ndata: {"delta":"b"}\n\n',
        ]);
        req.socket.destroy();
        return;
      }
      await writeSlowly(res, [
        `id: ${Number(last) + 1}\ndata: {"delta":"after ${String(last)}"}\n\n`,
      ]);
      res.end();
      return;
    }
    if (req.headers["x-mode"] === "garbage") {
      await writeSlowly(res, ['data: {"delta":"Hi"}\n\n', "id: 7\ndata: <html>oops</html>\n\n"]);
      res.end();
      return;
    }
    await writeSlowly(res, CHAT_STREAM_CHUNKS);
    if (req.headers["x-mode"] === "hang") return; // never ends: for abort and timeout
    if (req.headers["x-mode"] === "reset") {
      req.socket.destroy();
      return;
    }
    res.end();
    return;
  }
  if (route === "GET /logs") {
    startStream(res, req, "text/event-stream", closed);
    // a BOM, CR line ends, multi-line text data, an event without data (not dispatched)
    await writeSlowly(res, [
      "\uFEFFdata: first line\rdata: second line\r\r",
      "event: ping\n\n",
      "data:  two spaces\n\n",
      "data\n\n",
    ]);
    if (req.headers["x-mode"] === "hang") return;
    res.end();
    return;
  }
  if (route === "GET /exports") {
    startStream(res, req, "application/x-ndjson", closed);
    await writeSlowly(res, ['{"id":"a","size":1}\n{"id"', ':"b"}\n', "\n", '{"id":"c","size":3}']);
    if (req.headers["x-mode"] === "hang") return;
    res.end();
    return;
  }
  if (route === "POST /speech") {
    res
      .writeHead(200, { "content-type": "application/octet-stream" })
      .end(Buffer.from([0, 1, 2, 255]));
    return;
  }
  if (route === "POST /files") {
    res
      .writeHead(201, { "content-type": "application/json" })
      .end(JSON.stringify({ id: request.contentType ?? "", size: request.body.length }));
    return;
  }
  if (request.method === "PUT" && url.pathname.startsWith("/files/")) {
    res.writeHead(200, { "content-type": "image/png" }).end(request.body);
    return;
  }
  if (request.method === "DELETE") {
    res.writeHead(204).end();
    return;
  }
  if (route.startsWith("GET /responses/")) {
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ id: request.url }));
    return;
  }
  res
    .writeHead(404, { "content-type": "application/json" })
    .end(JSON.stringify({ message: `no route ${route}` }));
}
