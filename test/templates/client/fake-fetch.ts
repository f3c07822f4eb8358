/** Test helpers: a scripted `fetch` to inject into the client runtime (no globals touched). */

export interface RecordedCall {
  readonly url: string;
  readonly init: RequestInit;
}

export type Step = Response | Error | (() => Response | Promise<Response>);

export interface ScriptedFetch {
  readonly fetch: typeof fetch;
  readonly calls: RecordedCall[];
  /** The headers of the n-th call, as a `Headers`. */
  headersOf(n: number): Headers;
}

/** A `fetch` answering each call with the next step (a response, a thrown error, or a function). */
export function scriptedFetch(...steps: Step[]): ScriptedFetch {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (
    input: string | URL | Request,
    init?: RequestInit,
  ): Promise<Response> => {
    calls.push({ url: String(input), init: init ?? {} });
    const step = steps.shift();
    if (step === undefined) throw new Error(`unexpected fetch #${calls.length}: ${String(input)}`);
    if (step instanceof Error) throw step;
    return typeof step === "function" ? step() : step;
  };
  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    headersOf: (n) => new Headers(calls[n]?.init.headers),
  };
}

/** A JSON response. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** An empty response (e.g. 204, or a 429 without body). */
export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

/** A network error as undici's fetch throws it. */
export function networkError(): TypeError {
  return new TypeError("fetch failed");
}
