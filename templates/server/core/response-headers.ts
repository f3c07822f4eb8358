// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Checks the headers of a handler's response against the ones the spec declares for it (with
 * `validateResponses`): every required header is present, and each declared header present has
 * a value of its schema's type (`integer`: a whole number, `number`: a finite number,
 * `boolean`: `true`/`false`). Checked on the final headers, so those the runtime sets
 * (`X-RateLimit-*`, `Deprecation`, `Sunset`) count.
 */
import type { ResponseHeaderDescriptor } from "./descriptor.js";
import type { ResponseHeaders } from "./runtime-response.js";

const INTEGER = /^-?[0-9]+$/;
const NUMBER = /^-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;

function hasType(value: string, type: ResponseHeaderDescriptor["type"]): boolean {
  if (type === "integer") return INTEGER.test(value);
  if (type === "number") return NUMBER.test(value);
  if (type === "boolean") return value === "true" || value === "false";
  return true;
}

/** What breaks the declaration (`a Location header …`), or undefined when the headers keep it. */
export function checkResponseHeaders(
  declared: Readonly<Record<string, ResponseHeaderDescriptor>>,
  headers: ResponseHeaders,
): string | undefined {
  for (const name of Object.keys(declared)) {
    const header = declared[name] as ResponseHeaderDescriptor;
    const value = headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) return `no ${name} header, which the spec requires`;
      continue;
    }
    const values = typeof value === "string" ? [value] : value;
    for (const item of values) {
      if (!hasType(item, header.type)) {
        return `a ${name} header of ${JSON.stringify(item)}, which is not of type ${String(header.type)}`;
      }
    }
  }
  return undefined;
}
