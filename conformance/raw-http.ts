/**
 * Sends a request with `node:http` instead of `fetch`, for the methods the Fetch standard forbids
 * (`TRACE`, `TRACK`, `CONNECT`: `fetch` throws before sending). Servers still receive them, and
 * must answer them (405 or 501, never 500), so the method probes send them this way.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { ObservedResponse } from "./sender.js";

/** Methods `fetch` refuses to send. */
export const FETCH_FORBIDDEN_METHODS: ReadonlySet<string> = new Set(["TRACE", "TRACK", "CONNECT"]);

export function sendRaw(
  url: string,
  method: string,
  headers: ReadonlyArray<readonly [string, string]>,
  timeoutMs: number,
): Promise<ObservedResponse> {
  const send = url.startsWith("https:") ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      { method, headers: headerObject(headers), timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const received = new Headers();
          for (let index = 0; index + 1 < response.rawHeaders.length; index += 2)
            received.append(response.rawHeaders[index]!, response.rawHeaders[index + 1]!);
          resolve({
            status: response.statusCode ?? 0,
            headers: received,
            bodyText: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end();
  });
}

/** As an object (a flat array would make node leave out `Host`); repeated names joined with `, `. */
function headerObject(headers: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of headers) {
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
}
