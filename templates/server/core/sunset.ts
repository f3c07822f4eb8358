// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The lifecycle stage after the sunset: once the `x-sunset` date of a deprecated operation has
 * come (00:00:00 UTC of that date, on the server's clock), the operation is answered `410 Gone`
 * with the `Error` body (`gone`) instead of calling its handler. The response keeps the
 * operation's `Deprecation`/`Sunset` headers and, when the spec names a successor
 * (`x-replaced-by`), adds `Link: <successor path>; rel="successor-version"` (RFC 8288), its path
 * parameters filled from the request when they have the same names.
 *
 * `serveAfterSunset` keeps serving (a grace period): `true` for every operation, or a list of
 * operationIds. Unknown names are refused at start, so a typo cannot silently turn one off.
 */
import type { ServerOperationDescriptor } from "./descriptor.js";
import { isoDateToUtcMs } from "./deprecation.js";

/** `true`: serve every operation after its sunset; a list: serve these operationIds. */
export type ServeAfterSunset = boolean | readonly string[];

export interface SunsetAnswer {
  readonly message: string;
  /** The `Link` header value, when the operation has a successor. */
  readonly link: string | undefined;
}

export interface SunsetGate {
  /** The 410 for `operationId` once its sunset has passed, else undefined (serve it). */
  check(
    operationId: string,
    pathParams: Readonly<Record<string, string>>,
  ): SunsetAnswer | undefined;
}

interface SunsetEntry {
  readonly at: number;
  readonly message: string;
  /** Successor path split at its `{name}` segments: odd indexes are parameter names. */
  readonly successor: readonly string[] | undefined;
}

export interface SunsetGateOptions {
  readonly now: () => number;
  readonly serveAfterSunset?: ServeAfterSunset;
  /** The normalized base path (`/v1` or ``), put in front of the successor's path. */
  readonly basePath: string;
}

function checkServeAfterSunset(
  value: ServeAfterSunset,
  sunsetIds: readonly string[],
): ReadonlySet<string> {
  if (typeof value === "boolean") return new Set(value ? sunsetIds : []);
  if (!Array.isArray(value)) {
    throw new Error(
      `serveAfterSunset must be true, false or a list of operationIds (got ${JSON.stringify(value)})`,
    );
  }
  for (const id of value) {
    if (!sunsetIds.includes(id)) {
      throw new Error(
        `serveAfterSunset names ${JSON.stringify(id)}, which is not an operation with an x-sunset date` +
          ` (operations with one: ${sunsetIds.length === 0 ? "none" : sunsetIds.join(", ")})`,
      );
    }
  }
  return new Set(value);
}

export function createSunsetGate(
  operations: readonly ServerOperationDescriptor[],
  options: SunsetGateOptions,
): SunsetGate {
  const sunsetIds = operations
    .filter((operation) => operation.deprecated?.sunset !== undefined)
    .map((operation) => operation.operationId);
  const served = checkServeAfterSunset(options.serveAfterSunset ?? false, sunsetIds);
  const entries = new Map<string, SunsetEntry>();
  for (const operation of operations) {
    const sunset = operation.deprecated?.sunset;
    if (sunset === undefined || served.has(operation.operationId)) continue;
    const at = isoDateToUtcMs(sunset, `${operation.operationId} deprecated.sunset`);
    const successor = operation.deprecated?.replacedBy;
    const use =
      successor === undefined
        ? ""
        : `; use ${successor.operationId} (${successor.method.toUpperCase()} ${successor.path})`;
    entries.set(operation.operationId, {
      at,
      message: `${operation.operationId} was sunset on ${sunset} and is no longer served${use}`,
      successor: successor?.path.split(/\{([^{}]+)\}/),
    });
  }

  function link(parts: readonly string[], params: Readonly<Record<string, string>>) {
    let path = options.basePath;
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index] as string;
      if (index % 2 === 0) {
        path += part;
        continue;
      }
      const value = Object.hasOwn(params, part) ? params[part] : undefined;
      if (value === undefined) return undefined;
      path += encodeURIComponent(value);
    }
    return `<${path}>; rel="successor-version"`;
  }

  return {
    check(operationId, pathParams) {
      if (entries.size === 0) return undefined;
      const entry = entries.get(operationId);
      if (entry === undefined || options.now() < entry.at) return undefined;
      return {
        message: entry.message,
        link: entry.successor === undefined ? undefined : link(entry.successor, pathParams),
      };
    },
  };
}
