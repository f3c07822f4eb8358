// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Mounting a web handler in Express 5 (`app.use(path, toExpressHandler(handler))`).
 *
 * Express's `req` and `res` are node's `IncomingMessage` and `ServerResponse`, so the conversion
 * is the Node adapter's (`toNodeListener`): the request body is read from `req` as it arrives (up
 * to the handler's `maxBodyBytes`, or streamed into the web `Request` of a plain web handler) and a
 * streamed response body is written chunk by chunk, waiting for `drain` whenever the socket's
 * buffer is full (backpressure: a slow client never makes the server hold the whole body).
 *
 * The handler sees the full path (`req.originalUrl`): Express strips the mount path from `req.url`,
 * the handler strips its own `basePath`. Mount it at the handler's `basePath`
 * (`app.use("/api/v1", toExpressHandler(createRequestHandler(handlers, { basePath: "/api/v1" })))`).
 * Every request reaching it is answered (a path the spec does not have is the spec's 404), never
 * passed on with `next()`, except when a body parser mounted before it (`express.json()`, ...)
 * already read the body: that is passed to `next` as an error saying so, since the body is gone.
 *
 * Express itself is never imported: the types are node's, which Express's extend.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "../core/handler-api.js";
import { toNodeListener } from "./node-adapter.js";

/** What the adapter reads of Express's `req` beyond node's `IncomingMessage`. */
export interface ExpressRequestLike extends IncomingMessage {
  /** The URL before Express stripped the mount path (Express sets it on every request). */
  readonly originalUrl?: string;
}

/** An Express 5 middleware: `(req, res, next)`. */
export type ExpressMiddleware = (
  req: ExpressRequestLike,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** Set by Express's body parsers (body-parser) once they have read the body. */
function bodyAlreadyRead(req: IncomingMessage): boolean {
  return (req as { _body?: unknown })._body === true || req.readableEnded;
}

function hasBody(req: IncomingMessage): boolean {
  return (
    req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined
  );
}

/** An Express middleware serving `handler` (see the module comment for where to mount it). */
export function toExpressHandler(handler: RequestHandler): ExpressMiddleware {
  const listener = toNodeListener(handler);
  return (req, res, next) => {
    if (hasBody(req) && bodyAlreadyRead(req)) {
      next(
        new Error(
          `${req.method ?? "?"} ${req.originalUrl ?? req.url ?? "?"}: the request body was already read by a ` +
            "middleware mounted before the API handler (express.json(), express.raw(), ...). Mount " +
            "the handler before the body parsers, or mount them on paths the handler does not serve.",
        ),
      );
      return;
    }
    if (req.originalUrl !== undefined) req.url = req.originalUrl;
    listener(req, res);
  };
}
