/** A prepared request as a ready-to-run `curl` command (POSIX shell quoting). */
import type { PreparedRequest } from "./http-request.js";

/** `'...'` with embedded single quotes closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function toCurl(request: PreparedRequest): string {
  const parts = ["curl", "-i", "-X", request.method, shellQuote(request.url)];
  for (const [name, value] of request.headers) parts.push("-H", shellQuote(`${name}: ${value}`));
  if (request.body !== undefined) parts.push("--data-raw", shellQuote(request.body));
  return parts.join(" ");
}
