/**
 * `--log <file>`: every exchange of a run as one JSON line (NDJSON), in sending order, retries
 * after a 429 and method probes included: when it was sent, how long the answer took, the request
 * (method, URL, headers, body) and the response (status, headers, body), or the error when there
 * was no response. Credentials are masked as in the reports (`--show-credentials` keeps them).
 * Each line is written as soon as the exchange ends, so a run that stops early leaves a complete
 * log of what it sent.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { maskCredentials } from "./mask-credentials.js";
import type { ExchangeRecord } from "./sender.js";

export class ExchangeLog {
  readonly #fd: number;
  readonly #secrets: readonly string[];
  #count = 0;

  /** Creates (or empties) `path`; a path that cannot be written throws at once, before any request. */
  constructor(path: string, secrets: readonly string[]) {
    this.#fd = openSync(path, "w");
    this.#secrets = secrets;
  }

  get count(): number {
    return this.#count;
  }

  write(entry: ExchangeRecord): void {
    const { request, response } = entry;
    const line = {
      time: new Date(entry.startedAt).toISOString(),
      durationMs: Math.round(entry.durationMs * 10) / 10,
      operationId: request.operationId ?? null,
      request: {
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: request.body ?? null,
      },
      response:
        response === undefined
          ? null
          : {
              status: response.status,
              headers: [...response.headers],
              body: response.bodyText,
            },
      ...(entry.error === undefined ? {} : { error: entry.error }),
    };
    writeSync(this.#fd, `${maskCredentials(JSON.stringify(line), this.#secrets)}\n`);
    this.#count++;
  }

  close(): void {
    closeSync(this.#fd);
  }
}
