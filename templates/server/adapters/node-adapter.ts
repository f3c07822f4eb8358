// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Mounting a web handler on `node:http`.
 *
 * For a handler made by `createRuntimeRequestHandler` the adapter talks to the runtime directly:
 * headers are read from `IncomingMessage`, the body is read once into one buffer, and the response
 * is written with one `writeHead` + `end` (in the same turn when no step of the runtime had to
 * wait); a web `Request` is built only if a handler reads
 * `request` (its body is then the bytes already read). Any other web handler gets a real `Request`
 * (body streamed) and its `Response` is streamed back.
 *
 * The URL's host comes from the `Host` header (127.0.0.1 when malformed); the scheme is `https` on
 * a TLS socket. A 413, or a response that leaves a chunked body unread, closes the connection, so
 * that node does not drain a body of unknown or excessive size. The socket's peer address is the
 * client address that requests without a valid API key are rate limited by.
 *
 * Transport-level rejections (what node's parser refuses, `CONNECT`, a request that timed out)
 * are answered by node-rejections.ts, and framing node lets through (`Host`, too many headers,
 * transfer codings, `Expect`) by http-edges.ts through the listener. `serveNode` bounds each
 * connection (headers, request and keep-alive timeouts, a connection limit; see
 * {@link ServeNodeOptions}). With `Expect: 100-continue`, `100 Continue` is sent only when the body is read, so a refusal
 * that comes first (401, 429, 413 for a `Content-Length` over the limit) goes out without it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Buffer } from "node:buffer";
import { once } from "node:events";
import type { RequestHandler } from "../core/handler-api.js";
import { httpEdgeProblem } from "./http-edges.js";
import { answerClientErrors, plainRejection, transportRejectionOf } from "./node-rejections.js";
import {
  RAW_REQUEST_HANDLER,
  type RawRequestHandler,
  type RuntimeResponse,
} from "../core/runtime-response.js";
import { DEFAULT_HOST, NodeRequestSource } from "./node-request-source.js";

export { answerClientErrors };

export type NodeListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServeNodeOptions {
  /** Default 3000; 0 picks a free port (read it from `server.address()`). */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
  /** The handler's `maxUrlLength`, to tell 414 from 431 in what node's parser refuses. */
  readonly maxUrlLength?: number;
  /** Longest wait for a request's headers, in ms (default 10 s; node's own: 60 s). */
  readonly headersTimeoutMs?: number;
  /**
   * Longest wait for a whole request, body included, in ms (default 30 s; node's own: 300 s, so
   * a chunked body that never ends held a connection about 305 s). Answered 408, then closed.
   */
  readonly requestTimeoutMs?: number;
  /**
   * How long an idle keep-alive connection stays open, in ms (default 72 s, as Fastify: above
   * the 60 s idle timeout of common load balancers, so that they never reuse a connection the
   * server is closing).
   */
  readonly keepAliveTimeoutMs?: number;
  /**
   * Most connections open at once (default 10,000); further ones are closed at once. Keep it
   * below the process's file-descriptor limit (`ulimit -n`).
   */
  readonly maxConnections?: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 72_000;
export const DEFAULT_MAX_CONNECTIONS = 10_000;

/** The transport bounds of {@link ServeNodeOptions}, checked (a clear error for a bad value). */
function transportBounds(options: ServeNodeOptions) {
  const whole = (value: number | undefined, fallback: number, name: string): number => {
    if (value === undefined) return fallback;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new Error(`serveNode: ${name} must be a whole number ≥ 1 (got ${String(value)})`);
    }
    return value;
  };
  const headers = whole(options.headersTimeoutMs, DEFAULT_HEADERS_TIMEOUT_MS, "headersTimeoutMs");
  const request = whole(options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS, "requestTimeoutMs");
  if (headers > request) {
    throw new Error(
      `serveNode: headersTimeoutMs (${headers}) must not exceed requestTimeoutMs (${request})`,
    );
  }
  return {
    headers,
    request,
    keepAlive: whole(
      options.keepAliveTimeoutMs,
      DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
      "keepAliveTimeoutMs",
    ),
    connections: whole(options.maxConnections, DEFAULT_MAX_CONNECTIONS, "maxConnections"),
  };
}

function writeFailure(res: ServerResponse, error: unknown): void {
  console.error(
    `[server] response could not be written: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (!res.headersSent) {
    const body = JSON.stringify({
      code: "internal",
      message: "Internal server error",
      status: 500,
    });
    res.writeHead(500, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  } else {
    res.destroy();
  }
}

async function pipeWebStream(
  res: ServerResponse,
  stream: ReadableStream<Uint8Array>,
): Promise<void> {
  const reader = stream.getReader();
  const onClose = (): void => {
    reader.cancel().catch(() => undefined);
  };
  res.once("close", onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await once(res, "drain");
    }
    res.end();
  } finally {
    res.off("close", onClose);
  }
}

function writeRuntimeResponse(
  res: ServerResponse,
  response: RuntimeResponse,
  source: NodeRequestSource,
): void {
  const { status, headers, body } = response;
  if (status === 413 || source.mustClose) headers["connection"] = "close";
  if (body === null) {
    if (status !== 204 && status !== 304 && headers["content-length"] === undefined)
      headers["content-length"] = "0";
    res.writeHead(status, headers);
    res.end();
  } else if (typeof body === "string") {
    headers["content-length"] = String(Buffer.byteLength(body));
    res.writeHead(status, headers);
    res.end(body);
  } else if (body instanceof Uint8Array) {
    headers["content-length"] = String(body.byteLength);
    res.writeHead(status, headers);
    res.end(body);
  } else {
    res.writeHead(status, headers);
    pipeWebStream(res, body).catch((error: unknown) => writeFailure(res, error));
  }
}

function writeOrFail(res: ServerResponse, response: RuntimeResponse, source: NodeRequestSource) {
  try {
    writeRuntimeResponse(res, response, source);
  } catch (error) {
    writeFailure(res, error);
  }
}

async function writeWebResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  res.writeHead(response.status, headers);
  if (response.body === null) res.end();
  else await pipeWebStream(res, response.body);
}

/** A `node:http` request listener serving a web handler. */
export function toNodeListener(handler: RequestHandler): NodeListener {
  const raw = (handler as Partial<Record<typeof RAW_REQUEST_HANDLER, RawRequestHandler>>)[
    RAW_REQUEST_HANDLER
  ];
  const reject = transportRejectionOf(handler);
  if (raw !== undefined) {
    return (req, res) => {
      const problem = httpEdgeProblem(req);
      if (problem !== undefined && reject !== undefined) {
        reject({ ...problem, remoteAddress: req.socket.remoteAddress }).then(
          (response) => writeRuntimeResponse(res, response, new NodeRequestSource(req)),
          (error: unknown) => writeFailure(res, error),
        );
        return;
      }
      const source = new NodeRequestSource(req, res);
      let response: RuntimeResponse | Promise<RuntimeResponse>;
      try {
        response = raw(source);
      } catch (error) {
        writeFailure(res, error);
        return;
      }
      if (response instanceof Promise) {
        response.then(
          (done) => writeOrFail(res, done, source),
          (error: unknown) => writeFailure(res, error),
        );
      } else writeOrFail(res, response, source);
    };
  }
  return (req, res) => {
    const source = new NodeRequestSource(req, res);
    const problem = httpEdgeProblem(req);
    if (problem !== undefined) {
      const { status, code, message } = problem;
      writeOrFail(res, plainRejection(status, code, message), source);
      return;
    }
    if (FETCH_FORBIDDEN_METHODS.has(source.method.toUpperCase())) {
      // a web `Request` cannot carry TRACE or TRACK (the Fetch standard forbids them), so a
      // handler that is not the runtime's can never be asked: the server does not implement them
      const message = `${source.method} is not implemented by this server`;
      writeOrFail(res, plainRejection(501, "not_implemented", message), source);
      return;
    }
    let request: Request;
    try {
      request = source.toRequest();
    } catch (error) {
      writeFailure(res, error);
      return;
    }
    handler(request)
      .then((response) => writeWebResponse(res, response))
      .catch((error: unknown) => writeFailure(res, error));
  };
}

/** Methods `new Request()` refuses (Fetch's forbidden methods; CONNECT is node's `connect` event). */
const FETCH_FORBIDDEN_METHODS: ReadonlySet<string> = new Set(["TRACE", "TRACK"]);

/** Starts a `node:http` server for a web handler; resolves once it listens. */
export function serveNode(
  handler: RequestHandler,
  options: ServeNodeOptions = {},
): Promise<Server> {
  const bounds = transportBounds(options);
  const listener = toNodeListener(handler);
  const created = createServer(
    {
      // `Host` is checked by the listener (answered with the Error body, not node's bare 400).
      requireHostHeader: false,
      headersTimeout: bounds.headers,
      requestTimeout: bounds.request,
      keepAliveTimeout: bounds.keepAlive,
      // How often node checks the two timeouts above (its default, 30 s, would double them).
      connectionsCheckingInterval: Math.min(1_000, bounds.headers),
    },
    listener,
  );
  created.maxConnections = bounds.connections;
  const server = answerClientErrors(created, handler, {
    ...(options.maxUrlLength === undefined ? {} : { maxUrlLength: options.maxUrlLength }),
  });
  // `100 Continue` is sent when the body is read (see NodeRequestSource); any other `Expect` is
  // answered 417 by the listener (http-edges.ts) instead of node's bare 417.
  server.on("checkContinue", listener);
  server.on("checkExpectation", listener);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 3000, options.host ?? DEFAULT_HOST, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}
