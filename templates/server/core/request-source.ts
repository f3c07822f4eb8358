// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The few things the runtime reads from a request. A web `Request` provides them through
 * {@link WebRequestSource}; the node adapter provides them straight from `IncomingMessage`, so no
 * `Request` is built unless a handler asks for one.
 */

/** Returned by `readBody` when the body is larger than allowed. */
export const BODY_TOO_LARGE: unique symbol = Symbol("body too large");

export interface RequestSource {
  readonly method: string;
  /** An absolute URL, or the origin form (`/pets?limit=2`). */
  readonly url: string;
  /** A header's value (several values joined with `, `), or null. `name` is lower-case. */
  header(name: string): string | null;
  /** Whether the request carries a body stream (it may still turn out empty). */
  readonly hasBody: boolean;
  /** Reads the whole body, giving up as soon as it grows past `maxBytes`. */
  readBody(maxBytes: number): Promise<Uint8Array | typeof BODY_TOO_LARGE>;
  /** The web `Request` (built on first use by adapters that have none). */
  toRequest(): Request;
  /** The client's IP address as the adapter sees it (the socket's peer), when known. */
  readonly remoteAddress?: string | undefined;
}

/** Reads a web stream to its end, stopping early past `maxBytes`. */
export async function readStream(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array | typeof BODY_TOO_LARGE> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      reader.cancel().catch(() => undefined);
      return BODY_TOO_LARGE;
    }
    chunks.push(value);
  }
  return concatChunks(chunks, size);
}

export function concatChunks(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export class WebRequestSource implements RequestSource {
  readonly request: Request;
  readonly #clientAddress: ((request: Request) => string | undefined) | undefined;

  constructor(request: Request, clientAddress?: (request: Request) => string | undefined) {
    this.request = request;
    this.#clientAddress = clientAddress;
  }

  get remoteAddress(): string | undefined {
    return this.#clientAddress?.(this.request);
  }

  get method(): string {
    return this.request.method;
  }

  get url(): string {
    return this.request.url;
  }

  header(name: string): string | null {
    return this.request.headers.get(name);
  }

  get hasBody(): boolean {
    return this.request.body !== null;
  }

  readBody(maxBytes: number): Promise<Uint8Array | typeof BODY_TOO_LARGE> {
    const body = this.request.body;
    return body === null ? Promise.resolve(new Uint8Array(0)) : readStream(body, maxBytes);
  }

  toRequest(): Request {
    return this.request;
  }
}
