// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What the runtime reads of a `node:http` request (node-adapter.ts): headers straight from
 * `IncomingMessage`, the body read once into one buffer, a web `Request` built only if a handler
 * reads `request` (its body then the bytes already read).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Buffer } from "node:buffer";
import { Readable } from "node:stream";
import { RequestError } from "../core/errors.js";
import { BODY_TOO_LARGE, type RequestSource } from "../core/request-source.js";

/** The host a request URL gets when its `Host` header is malformed, and `serveNode`'s default. */
export const DEFAULT_HOST = "127.0.0.1";
const VALID_HOST = /^[A-Za-z0-9._~\-]+(?::[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::[0-9]{1,5})?$/;

function headerValue(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  if (value === undefined) return null;
  return typeof value === "string" ? value : value.join(", ");
}

/** The path and query of an absolute-form request target (`/` for anything else, e.g. `*`). */
function originForm(target: string): string {
  try {
    const url = new URL(target);
    return `${url.pathname}${url.search}`;
  } catch {
    return "/";
  }
}

export class NodeRequestSource implements RequestSource {
  readonly method: string;
  readonly url: string;
  readonly #req: IncomingMessage;
  readonly #res: ServerResponse | undefined;
  #bytes: Uint8Array | undefined;
  #readStarted = false;
  #request: Request | undefined;

  constructor(req: IncomingMessage, res?: ServerResponse) {
    this.#req = req;
    this.#res = res;
    this.method = req.method ?? "GET";
    this.url = req.url ?? "/";
  }

  get remoteAddress(): string | undefined {
    return this.#req.socket.remoteAddress;
  }

  /** Sends `100 Continue` when the client waits for it (see `checkContinue` in serveNode). */
  #continue(): void {
    const res = this.#res;
    const expect = this.#req.headers.expect;
    if (res !== undefined && expect !== undefined && /^100-continue$/i.test(expect.trim())) {
      if (!res.headersSent) res.writeContinue();
    }
  }

  header(name: string): string | null {
    return headerValue(this.#req.headers, name);
  }

  get hasBody(): boolean {
    const headers = this.#req.headers;
    return headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined;
  }

  /**
   * Whether the connection must close after the response because the body was left unread and
   * node should not drain it: it was cut off mid-stream (413), or its length is unknown (chunked).
   * A small unread body of known length (e.g. under a 401) is drained by node, keeping the
   * connection alive.
   */
  get mustClose(): boolean {
    const req = this.#req;
    if (req.complete || !this.hasBody) return false;
    return this.#readStarted || req.headers["content-length"] === undefined;
  }

  readBody(maxBytes: number): Promise<Uint8Array | typeof BODY_TOO_LARGE> {
    if (!this.#readStarted) this.#continue();
    this.#readStarted = true;
    const req = this.#req;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const cleanup = (): void => {
        req.off("data", onData);
        req.off("end", onEnd);
        req.off("error", onError);
        req.off("close", onClose);
      };
      const onData = (chunk: Buffer): void => {
        size += chunk.length;
        if (size > maxBytes) {
          cleanup();
          req.pause();
          resolve(BODY_TOO_LARGE);
        } else {
          chunks.push(chunk);
        }
      };
      const onEnd = (): void => {
        cleanup();
        const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
        this.#bytes = bytes;
        resolve(bytes);
      };
      const onError = (): void => {
        cleanup();
        reject(new RequestError(400, "validation_failed", "Request body was cut off"));
      };
      const onClose = (): void => {
        if (!req.complete) onError();
      };
      req.on("data", onData);
      req.on("end", onEnd);
      req.on("error", onError);
      req.on("close", onClose);
    });
  }

  toRequest(): Request {
    if (this.#request !== undefined) return this.#request;
    const req = this.#req;
    const host = req.headers.host;
    const authority = host !== undefined && VALID_HOST.test(host) ? host : DEFAULT_HOST;
    const scheme = (req.socket as { encrypted?: boolean }).encrypted === true ? "https" : "http";
    const target = this.url.startsWith("/") ? this.url : originForm(this.url);
    const headers = new Headers();
    const raw = req.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i] as string;
      if (name.charCodeAt(0) !== 58 /* : (HTTP/2 pseudo-header) */)
        headers.append(name, raw[i + 1] as string);
    }
    let body: BodyInit | null = null;
    if (this.method !== "GET" && this.method !== "HEAD" && this.hasBody) {
      if (this.#bytes !== undefined) body = this.#bytes as Uint8Array<ArrayBuffer>;
      else if (!this.#readStarted) {
        this.#continue();
        body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      }
    }
    this.#request = new Request(`${scheme}://${authority}${target}`, {
      method: this.method,
      headers,
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    return this.#request;
  }
}
