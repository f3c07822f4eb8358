// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Checks of a request's HTTP/1.1 framing that node's parser lets through, made by the node
 * listener before the runtime sees the request, so that each is answered like every other
 * refusal (the spec's `Error` body and `X-RateLimit-*`, through the runtime's transport
 * rejection) instead of being served wrongly or answered with node's bare status line:
 * - `Host` (RFC 9112 §3.2): missing, sent twice, or not `host[:port]` → 400;
 * - more than {@link MAX_REQUEST_HEADERS} header lines → 431 (node would silently drop the rest,
 *   the API key among them); `serveNode`/`answerClientErrors` raise node's `maxHeadersCount` to
 *   one above it so that the excess is seen;
 * - a `Transfer-Encoding` coding other than `chunked` (`gzip, chunked`) → 501 (RFC 9112 §6.1:
 *   the server would otherwise read gzip bytes as the body);
 * - an `Expect` other than `100-continue` → 417 (node's `checkExpectation` event is routed to
 *   the listener, which answers it here).
 */
import type { IncomingMessage } from "node:http";
import type { TransportRejection } from "../core/runtime-response.js";

/** The most header lines a request may have (node's own default `maxHeadersCount`). */
export const MAX_REQUEST_HEADERS = 2000;

/** `Host` = uri-host [ ":" port ] (RFC 3986: IP-literal, IPv4 or reg-name, which may be empty). */
const HOST_VALUE =
  /^(?:\[[0-9A-Fa-f:.]+\]|\[v[0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::[0-9]*)?$/;

type EdgeProblem = Omit<TransportRejection, "remoteAddress">;

function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

function hostProblem(req: IncomingMessage): string | undefined {
  if (req.httpVersionMajor !== 1 || req.httpVersionMinor < 1) return undefined;
  let hosts = 0;
  let value = "";
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === "host") {
      hosts++;
      value = raw[i + 1] as string;
    }
  }
  if (hosts === 0) return "Missing Host header (HTTP/1.1 requires exactly one)";
  if (hosts > 1) return "Several Host headers (HTTP/1.1 requires exactly one)";
  if (!HOST_VALUE.test(value)) {
    return `Invalid Host header ${shown(value)}: expected host[:port] (RFC 9112 §3.2)`;
  }
  return undefined;
}

/** What is wrong with the request's framing (see the module comment), or undefined. */
export function httpEdgeProblem(req: IncomingMessage): EdgeProblem | undefined {
  const line = { method: req.method, target: req.url };
  const host = hostProblem(req);
  if (host !== undefined) {
    return { status: 400, code: "validation_failed", message: host, ...line };
  }
  if (req.rawHeaders.length / 2 > MAX_REQUEST_HEADERS) {
    const message = `Too many header lines: at most ${MAX_REQUEST_HEADERS} are accepted`;
    return { status: 431, code: "headers_too_large", message, ...line };
  }
  const encoding = req.headers["transfer-encoding"];
  if (encoding !== undefined) {
    const codings = encoding.split(",").map((coding) => coding.trim().toLowerCase());
    const other = codings.find((coding) => coding !== "chunked");
    if (other !== undefined) {
      const message = `Transfer-Encoding ${shown(other)} is not supported: send the body with Transfer-Encoding: chunked alone, or with a Content-Length`;
      return { status: 501, code: "not_implemented", message, ...line };
    }
  }
  const expect = req.headers.expect;
  if (expect !== undefined && expect.trim().toLowerCase() !== "100-continue") {
    const message = `Expect ${shown(expect)} cannot be met: this server only understands Expect: 100-continue`;
    return { status: 417, code: "expectation_failed", message, ...line };
  }
  return undefined;
}
