// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A request source that keeps the body bytes it hands out: for an idempotent request's
 * fingerprint, and so that a handler's `request` can still read the body the runtime read.
 */
import { BODY_TOO_LARGE, type RequestSource } from "./request-source.js";

/** The bytes of a source whose body was not read (shared: nothing can be written into it). */
const NO_BYTES = new Uint8Array(0);

/** A request source that remembers the body bytes it hands out (for the fingerprint). */
export class BodyCapturingSource implements RequestSource {
  readonly #source: RequestSource;
  #bytes: Uint8Array = NO_BYTES;

  constructor(source: RequestSource) {
    this.#source = source;
  }

  get method(): string {
    return this.#source.method;
  }

  get url(): string {
    return this.#source.url;
  }

  header(name: string): string | null {
    return this.#source.header(name);
  }

  get hasBody(): boolean {
    return this.#source.hasBody;
  }

  async readBody(maxBytes: number): Promise<Uint8Array | typeof BODY_TOO_LARGE> {
    const bytes = await this.#source.readBody(maxBytes);
    if (bytes !== BODY_TOO_LARGE) this.#bytes = bytes;
    return bytes;
  }

  toRequest(): Request {
    return this.#source.toRequest();
  }

  /** The body bytes read so far (empty when none were). */
  get bytes(): Uint8Array {
    return this.#bytes;
  }
}
