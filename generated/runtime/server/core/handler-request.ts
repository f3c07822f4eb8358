// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** What a handler receives; the web `Request` is built only if the handler reads it. */
import type { HandlerRequest } from "./handler-api.js";
import { BodyCapturingSource } from "./idempotency.js";
import type { ParameterValues } from "./operation-table.js";
import { withBody } from "./request-body-copy.js";
import type { RequestSource } from "./request-source.js";

export class RuntimeHandlerRequest<C> implements HandlerRequest<C> {
  readonly operationId: string;
  readonly path: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly header: Readonly<Record<string, unknown>>;
  readonly cookie: Readonly<Record<string, unknown>>;
  readonly body: unknown;
  readonly caller: C | undefined;
  readonly #source: RequestSource;
  #request: Request | undefined;

  constructor(
    operationId: string,
    parameters: ParameterValues,
    body: unknown,
    caller: C | undefined,
    source: RequestSource,
  ) {
    this.operationId = operationId;
    this.path = parameters.path;
    this.query = parameters.query;
    this.header = parameters.header;
    this.cookie = parameters.cookie;
    this.body = body;
    this.caller = caller;
    this.#source = source;
  }

  get request(): Request {
    const source = this.#source;
    return source instanceof BodyCapturingSource
      ? (this.#request ??= withBody(source.toRequest(), source.bytes))
      : source.toRequest();
  }
}
