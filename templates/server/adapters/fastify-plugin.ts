// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Mounting a web handler in Fastify 5 as a plugin
 * (`app.register(toFastifyPlugin(handler), { prefix: "/api/v1" })`).
 *
 * The plugin answers the usual methods (`ALL_METHODS`) on every path under its prefix. The body
 * is left to the handler: inside the plugin (Fastify encapsulates it, the app's other routes keep
 * theirs) every content-type parser is replaced by one that reads nothing, so the handler reads
 * the raw stream itself, with its own size limit, media types and error bodies. The reply is hijacked and written
 * by the Node adapter's conversion (`toNodeListener`: streamed, with backpressure).
 *
 * The handler sees the full path: create it with the prefix as its `basePath`. Fastify's own hooks
 * (`onRequest`, logging) still run; `onSend` and serializers do not (the reply is hijacked).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { RequestHandler } from "../core/handler-api.js";
import { toNodeListener } from "./node-adapter.js";

/** A Fastify plugin serving `handler` on every path under the prefix it is registered with. */
export function toFastifyPlugin(handler: RequestHandler): FastifyPluginAsync {
  const listener = toNodeListener(handler);
  const serve = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.hijack();
    listener(request.raw, reply.raw);
  };
  return (instance) => {
    instance.removeAllContentTypeParsers();
    instance.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    instance.route({ method: ALL_METHODS, url: "/", handler: serve, exposeHeadRoute: false });
    instance.route({ method: ALL_METHODS, url: "/*", handler: serve, exposeHeadRoute: false });
    return Promise.resolve();
  };
}

/** Every method the handler may answer (an unknown one gets its 405 or 501 from the handler). */
const ALL_METHODS = ["DELETE", "GET", "HEAD", "PATCH", "POST", "PUT", "OPTIONS"];
