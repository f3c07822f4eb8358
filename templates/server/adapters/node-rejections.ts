// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Requests refused before any handler runs on `node:http`, answered with a complete response (the
 * spec's `Error` body, `X-RateLimit-*` through the runtime handler's {@link TRANSPORT_REJECTION},
 * `Connection: close`) instead of node's bare status line or a closed socket:
 * - what node's parser refuses (`clientError`): headers over node's size limit → 431, or 414 when
 *   the request line alone is over `maxUrlLength`; a method node does not know (`FOO`, lower-case
 *   `get`) → 501, or 405 + `Allow` on a known path; `Content-Length` with `Transfer-Encoding`, a
 *   duplicate or malformed `Content-Length`, any other malformed framing → 400; a request that
 *   timed out (`serveNode`'s headers and request timeouts) → 408;
 * - `CONNECT` (node's `connect` event) → 501, or 405 + `Allow` on a known path;
 * - framing node lets through (`Host` missing, repeated or invalid, too many header lines, a
 *   transfer coding other than chunked, an unknown `Expect`): checked by the node listener, see
 *   http-edges.ts (node's own `Host` check is turned off by `serveNode` so that the answer
 *   carries the `Error` body).
 */
import { Buffer } from "node:buffer";
import { STATUS_CODES, type IncomingMessage, type Server } from "node:http";
import type { Socket } from "node:net";
import { errorBody, type RuntimeErrorCode } from "../core/errors.js";
import type { RequestHandler } from "../core/handler-api.js";
import { MAX_REQUEST_HEADERS } from "./http-edges.js";
import { DEFAULT_MAX_URL_LENGTH } from "../core/request-target.js";
import {
  createTransportRejectionHandler,
  type TransportRejectionContext,
} from "../core/transport-rejection.js";
import {
  TRANSPORT_REJECTION,
  type RuntimeResponse,
  type TransportRejection,
  type TransportRejectionHandler,
} from "../core/runtime-response.js";

/** How a runtime handler answers what node's parser refused (none for a foreign handler). */
export function transportRejectionOf(
  handler: RequestHandler | undefined,
): TransportRejectionHandler | undefined {
  const context = (
    handler as Partial<Record<typeof TRANSPORT_REJECTION, TransportRejectionContext>> | undefined
  )?.[TRANSPORT_REJECTION];
  return context === undefined ? undefined : createTransportRejectionHandler(context);
}

/** The request line's method and target, read from the bytes node's parser refused. */
function requestLine(packet: Buffer | undefined): {
  method?: string;
  target?: string;
  length: number;
} {
  if (packet === undefined) return { length: 0 };
  const end = packet.indexOf("\r\n");
  const line = packet.subarray(0, end === -1 ? packet.length : end).toString("latin1");
  const match = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+) (\S+)/.exec(line);
  return {
    length: end === -1 ? packet.length : end,
    ...(match === null ? {} : { method: match[1], target: match[2] }),
  };
}

/**
 * What is wrong with a request node's parser refused as malformed. llhttp's error codes do not
 * tell a duplicate Content-Length from Content-Length with Transfer-Encoding (either order), so
 * its `reason` text decides.
 */
function framingMessage(error: Error & { code?: string; reason?: string }): string {
  const reason = error.reason ?? error.message;
  if (/can't be present with/i.test(reason)) {
    return "Content-Length and Transfer-Encoding must not both be sent (RFC 9112 §6.3)";
  }
  if (/duplicate content-length/i.test(reason)) return "Content-Length is sent more than once";
  if (
    error.code === "HPE_INVALID_CONTENT_LENGTH" ||
    error.code === "HPE_UNEXPECTED_CONTENT_LENGTH"
  ) {
    return "Content-Length is malformed: expected one decimal number of bytes";
  }
  if (error.code === "HPE_INVALID_TRANSFER_ENCODING") {
    return "Transfer-Encoding must end with chunked";
  }
  return "Malformed HTTP request (invalid characters in the request line or a header)";
}

/** What to answer for a parser error (null: close without answering). */
function rejectionOf(
  error: Error & { code?: string; reason?: string; rawPacket?: Buffer },
  maxUrlLength: number,
): Omit<TransportRejection, "remoteAddress"> | null {
  const code = error.code ?? "";
  if (code === "HPE_CLOSED_CONNECTION") return null;
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const message =
      "The request (headers and body) did not arrive in time; the connection is closed";
    return { status: 408, code: "request_timeout", message, ...requestLine(error.rawPacket) };
  }
  const line = requestLine(error.rawPacket);
  if (code === "HPE_HEADER_OVERFLOW") {
    // The request line alone is over the limit (its target, less the method and " HTTP/1.1").
    if (line.method !== undefined && line.length - line.method.length - 10 > maxUrlLength) {
      return {
        status: 414,
        code: "uri_too_long",
        message: `Request target is longer than the ${maxUrlLength} bytes this server accepts`,
        method: line.method,
      };
    }
    const message = "Request headers are larger than the server accepts";
    return { status: 431, code: "headers_too_large", message, ...line };
  }
  if (code === "HPE_INVALID_METHOD" || code === "HPE_INVALID_CONSTANT") {
    if (line.method !== undefined && line.target !== undefined) {
      const shown = line.method.length > 40 ? `${line.method.slice(0, 40)}…` : line.method;
      return {
        status: 501,
        code: "not_implemented",
        message: `Method ${shown} is not implemented by this server (methods are case-sensitive: GET, not get)`,
        method: line.method,
        target: line.target,
      };
    }
  }
  return { status: 400, code: "validation_failed", message: framingMessage(error), ...line };
}

/** A complete HTTP/1.1 response, written on a raw socket (for answers before node's parser is done). */
function rawResponse(response: RuntimeResponse): string {
  const body = typeof response.body === "string" ? response.body : "";
  let head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}\r\n`;
  for (const [name, value] of Object.entries(response.headers)) {
    for (const item of typeof value === "string" ? [value] : value) head += `${name}: ${item}\r\n`;
  }
  return `${head}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** A refusal with the `Error` body and `Connection: close`, for a handler that is not the runtime's. */
export function plainRejection(
  status: number,
  code: RuntimeErrorCode,
  message: string,
): RuntimeResponse {
  const headers = { "content-type": "application/json", connection: "close" };
  return { status, headers, body: JSON.stringify(errorBody(status, code, message)) };
}

/**
 * Answers requests that node's HTTP parser rejects before any handler runs (see the module
 * comment for the statuses), and `CONNECT`, with a complete response and the `Error` body instead
 * of node's bare status line. With the runtime handler the answer carries `X-RateLimit-*` counted
 * against the client address (without it, none: nothing identifies a caller).
 */
export function answerClientErrors(
  server: Server,
  handler?: RequestHandler,
  options: { readonly maxUrlLength?: number } = {},
): Server {
  const reject = transportRejectionOf(handler);
  const maxUrlLength = options.maxUrlLength ?? DEFAULT_MAX_URL_LENGTH;
  // One above the limit, so that the listener sees a request that has too many (http-edges.ts)
  // instead of node dropping the excess silently.
  server.maxHeadersCount = MAX_REQUEST_HEADERS + 1;
  const answer = (socket: Socket, rejection: Omit<TransportRejection, "remoteAddress">): void => {
    const fallback = (): RuntimeResponse =>
      plainRejection(rejection.status, rejection.code, rejection.message);
    const pending: Promise<RuntimeResponse> =
      reject === undefined
        ? Promise.resolve(fallback())
        : reject({ ...rejection, remoteAddress: socket.remoteAddress }).catch(fallback);
    void pending.then((response) => {
      if (socket.writable) socket.end(rawResponse(response));
      else socket.destroy();
    });
  };
  server.on(
    "clientError",
    (error: Error & { code?: string; reason?: string; rawPacket?: Buffer }, socket: Socket) => {
      if (!socket.writable || error.code === "ECONNRESET") {
        socket.destroy();
        return;
      }
      const rejection = rejectionOf(error, maxUrlLength);
      if (rejection === null) socket.destroy();
      else answer(socket, rejection);
    },
  );
  server.on("connect", (req: IncomingMessage, socket: Socket) => {
    answer(socket, {
      status: 501,
      code: "not_implemented",
      message: "CONNECT is not implemented by this server (it is not a proxy)",
      method: "CONNECT",
      target: req.url,
    });
  });
  return server;
}
