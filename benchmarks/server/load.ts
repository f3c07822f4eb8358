/**
 * Load generation with autocannon's programmatic API, in the harness process (the servers run in
 * their own processes). Latency percentiles come from every response's own duration (autocannon's
 * float milliseconds, not its whole-millisecond histogram).
 */
import { createRequire } from "node:module";
import { percentile } from "../harness/stats.js";

interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  pipelining?: number;
  duration?: number;
  amount?: number;
}

interface AutocannonResult {
  readonly errors: number;
  readonly timeouts: number;
  readonly non2xx: number;
  readonly requests: { readonly total: number };
}

interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: "response",
    listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
  ): void;
}

type Autocannon = (options: AutocannonOptions) => AutocannonInstance;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface LoadSpec {
  readonly url: string;
  readonly method: "GET" | "POST";
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly connections: number;
  /** Seconds, or `amount` requests when given. */
  readonly duration: number;
  readonly amount?: number;
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly responses: number;
  readonly non2xx: number;
  readonly errors: number;
}

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok = 0;
  const started = performance.now();
  const instance = autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    ...(spec.body === undefined ? {} : { body: spec.body }),
    connections: spec.connections,
    pipelining: 1,
    ...(spec.amount === undefined ? { duration: spec.duration } : { amount: spec.amount }),
  });
  instance.on("response", (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) {
      ok++;
      latencies.push(ms);
    }
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  return {
    requestsPerSecond: ok / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    responses: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
