/**
 * Raw HTTP/1.1 over a TCP socket (node:net, 127.0.0.1), for requests that `fetch` cannot send:
 * no `Host`, lower-case or unknown methods, `Content-Length` with `Transfer-Encoding`, headers over
 * node's limit. The reply is parsed by hand: interim (1xx) responses, then one final response
 * read to its `Content-Length` (or to the end of the connection).
 */
import { connect } from "node:net";
import type { ServerOptions } from "../../../templates/server/core/handler-api.js";
import { createRuntimeRequestHandler } from "../../../templates/server/core/request-handler.js";
import { api, authenticate, handlers, type Caller } from "./fixture-api.js";

/** The fixture's runtime handler with limits far above what a raw-socket test sends. */
export function rawTestHandler(options: Partial<ServerOptions<Caller>> = {}) {
  return createRuntimeRequestHandler<Caller>(api, handlers, {
    authenticate,
    planLimits: {
      free: { perMinute: 10_000, perDay: 100_000 },
      enterprise: { perMinute: 10_000, perDay: 100_000 },
    },
    validateResponses: true,
    ...options,
  });
}

export interface RawReply {
  readonly status: number;
  readonly headers: Headers;
  readonly bodyText: string;
  /** Status codes of interim responses (`100 Continue`) received before the final one. */
  readonly interim: readonly number[];
  /** Whether the server closed the connection after the reply. */
  readonly closed: boolean;
}

interface Parsed {
  readonly status: number;
  readonly headers: Headers;
  readonly bodyStart: number;
}

function parseHead(text: string, from: number): Parsed | undefined {
  const end = text.indexOf("\r\n\r\n", from);
  if (end === -1) return undefined;
  const lines = text.slice(from, end).split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP response: ${lines[0] ?? ""}`);
  const headers = new Headers();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return { status, headers, bodyStart: end + 4 };
}

/**
 * Sends `request` (a string in one write, or parts written `partDelayMs` apart) and resolves
 * with the final response.
 */
export function rawRequest(
  port: number,
  request: string | readonly string[],
  options: { readonly timeoutMs?: number; readonly partDelayMs?: number } = {},
): Promise<RawReply> {
  const parts = typeof request === "string" ? [request] : request;
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let bytes = Buffer.alloc(0);
    const text = (): string => bytes.toString("latin1");
    let settled = false;
    const timer = setTimeout(
      () =>
        finish(
          new Error(
            `no reply within ${options.timeoutMs ?? 5000} ms: ${JSON.stringify(text().slice(0, 300))}`,
          ),
        ),
      options.timeoutMs ?? 5000,
    );
    function finish(result: RawReply | Error): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    }
    function tryParse(ended: boolean): void {
      let from = 0;
      const interim: number[] = [];
      for (;;) {
        const head = parseHead(text(), from);
        if (head === undefined) {
          if (ended)
            finish(
              new Error(`connection closed mid-response: ${JSON.stringify(text().slice(0, 300))}`),
            );
          return;
        }
        if (head.status >= 100 && head.status < 200) {
          interim.push(head.status);
          from = head.bodyStart;
          continue;
        }
        const length = head.headers.get("content-length");
        const body = bytes.subarray(head.bodyStart);
        if (length !== null && body.length >= Number(length)) {
          const bodyText = body.subarray(0, Number(length)).toString("utf8");
          finish({ status: head.status, headers: head.headers, bodyText, interim, closed: ended });
        } else if (ended) {
          finish({
            status: head.status,
            headers: head.headers,
            bodyText: body.toString("utf8"),
            interim,
            closed: true,
          });
        }
        return;
      }
    }
    socket.on("data", (chunk: Buffer) => {
      bytes = Buffer.concat([bytes, chunk]);
      tryParse(false);
    });
    socket.on("end", () => tryParse(true));
    socket.on("close", () => tryParse(true));
    socket.on("error", (error) => {
      if (bytes.length > 0) tryParse(true);
      if (!settled) finish(error);
    });
    socket.on("connect", () => {
      let delay = 0;
      for (const part of parts) {
        setTimeout(() => {
          if (!socket.destroyed) socket.write(part, "latin1");
        }, delay);
        delay += options.partDelayMs ?? 0;
      }
    });
  });
}
