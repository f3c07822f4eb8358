/**
 * Self-contained reproductions: every request of a failure (the ones that created what it refers
 * to, then the failing one) recorded as a step whose ids are references to earlier responses, so
 * that it replays on a fresh server that numbers its resources differently (`--replay`).
 *
 * A reference is written `{{name}}` in a step's URL, headers or body (in a JSON body the quoted
 * `"{{name}}"` stands for the value with its JSON type); the step that created the resource
 * captures it (`capture: { name: { body: "/id" } }`, or `{ header: "Location", lastSegment:
 * true }`). `{{$uuid}}` is a fresh UUID at each replay (an `Idempotency-Key`). Credentials are
 * never recorded: a step says whether it carried them (`credentials`), and the replay sends the
 * ones it is given.
 */
import type { ParameterLocation } from "../generator/model/types.js";
import { valueAt } from "./checks/response-checks.js";
import { prepareRequest, type PrepareOptions, type PreparedRequest } from "./http-request.js";
import type { GeneratedRequest } from "./request-arbitrary.js";
import type { ObservedResponse } from "./sender.js";

/** Where a created id is read from in the response that created it. */
export type CaptureSource =
  { readonly body: string } | { readonly header: string; readonly lastSegment: boolean };

/** A value of a request bound to a captured id: a parameter, or a top-level body property. */
export interface Ref {
  readonly location: ParameterLocation | "body";
  readonly name: string;
  /** The capture's name. */
  readonly ref: string;
  /** The id the run used (the reference applies only where the request still carries it). */
  readonly value: unknown;
}

export type CredentialUse = "sent" | "missing" | "invalid";

/** One request of a reproduction, as written to a replay file. */
export interface ReplayStep {
  readonly operationId: string | undefined;
  readonly method: string;
  /** Path and query, relative to the base URL, with `{{name}}` references. */
  readonly url: string;
  /** Without the credentials (see `credentials`). */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: string | undefined;
  readonly credentials: CredentialUse;
  /** Ids this step's response gives to later steps. */
  readonly capture: Readonly<Record<string, CaptureSource>>;
}

/** A request as sent, and as it replays. */
export interface Step {
  readonly request: PreparedRequest;
  readonly replay: ReplayStep;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const token = (ref: string): string => `__ref_${ref}__`;

/**
 * The step of a request: `refs` are replaced by references where the request still carries the
 * run's id, credentials are left out, an `Idempotency-Key` UUID becomes `{{$uuid}}`.
 */
export function recordStep(
  generated: GeneratedRequest | undefined,
  sent: PreparedRequest,
  options: PrepareOptions & { readonly refs?: readonly Ref[] },
): Step {
  const credentials: CredentialUse =
    options.withoutCredentials === true
      ? "missing"
      : options.invalidCredentials === true
        ? "invalid"
        : "sent";
  const credentialNames = new Set(options.headers.map(([name]) => name.toLowerCase()));
  let template = sent;
  const used = (options.refs ?? []).filter((ref) => holds(generated, ref));
  if (generated !== undefined && used.length > 0) {
    template = prepareRequest(withTokens(generated, used), { ...options, headers: [] });
  }
  const names = new Set(used.map((ref) => ref.ref));
  const untoken = (text: string, quoted: boolean): string =>
    text.replace(
      quoted ? /"__ref_([\w.-]+?)__"|__ref_([\w.-]+?)__/g : /__ref_([\w.-]+?)__/g,
      (whole, a?: string, b?: string) => {
        const name = a ?? b ?? "";
        if (!names.has(name)) return whole;
        return whole.startsWith('"') ? `"{{${name}}}"` : `{{${name}}}`;
      },
    );
  const base = options.baseUrl.replace(/\/+$/, "");
  const url = template.url.startsWith(base) ? template.url.slice(base.length) : template.url;
  const headers = template.headers
    .filter(([name]) => !credentialNames.has(name.toLowerCase()))
    .map(([name, value]): [string, string] => [
      name,
      name.toLowerCase() === "idempotency-key" && UUID.test(value)
        ? "{{$uuid}}"
        : untoken(value, false),
    ]);
  return {
    request: sent,
    replay: {
      operationId: sent.operationId,
      method: sent.method,
      url: untoken(url, false),
      headers,
      body: template.body === undefined ? undefined : untoken(template.body, true),
      credentials,
      capture: {},
    },
  };
}

/** The same step, its response also giving `name` to later steps. */
export function withCapture(step: Step, name: string, source: CaptureSource): Step {
  return {
    request: step.request,
    replay: { ...step.replay, capture: { ...step.replay.capture, [name]: source } },
  };
}

function holds(generated: GeneratedRequest | undefined, ref: Ref): boolean {
  if (generated === undefined) return false;
  const where =
    ref.location === "body"
      ? (generated.body?.value as Record<string, unknown> | undefined)
      : generated.parameters[ref.location];
  return where !== null && typeof where === "object" && where[ref.name] === ref.value;
}

function withTokens(generated: GeneratedRequest, refs: readonly Ref[]): GeneratedRequest {
  const parameters = { ...generated.parameters };
  let body = generated.body;
  for (const ref of refs) {
    if (ref.location === "body" && body !== undefined)
      body = { ...body, value: { ...(body.value as object), [ref.name]: token(ref.ref) } };
    else if (ref.location !== "body")
      parameters[ref.location] = { ...parameters[ref.location], [ref.name]: token(ref.ref) };
  }
  return { ...generated, parameters, body };
}

/**
 * Where `value` (an id used later) is in the response that created it: the first of `pointers`
 * that holds it, then the body's top-level `id`-like members, then anywhere in the body, then a
 * header (its last path segment for `Location`).
 */
export function findCapture(
  value: unknown,
  response: ObservedResponse,
  pointers: readonly string[] = [],
): CaptureSource | undefined {
  let body: unknown;
  try {
    body = response.bodyText === "" ? undefined : (JSON.parse(response.bodyText) as unknown);
  } catch {
    body = undefined;
  }
  for (const pointer of pointers) if (valueAt(body, pointer) === value) return { body: pointer };
  const found = searchBody(body, value, "");
  if (found !== undefined) return { body: found };
  for (const [name, text] of response.headers) {
    if (text === String(value)) return { header: name, lastSegment: false };
    if (lastSegment(text) === String(value)) return { header: name, lastSegment: true };
  }
  return undefined;
}

/** A header value's last path segment (a `Location` URL's id). */
export function lastSegment(text: string): string | undefined {
  try {
    const segment = new URL(text, "http://base.invalid").pathname
      .split("/")
      .filter((part) => part !== "")
      .at(-1);
    return segment === undefined ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Breadth first, so that `/id` wins over `/category/id`. */
function searchBody(body: unknown, value: unknown, at: string): string | undefined {
  let level: Array<[string, unknown]> = [[at, body]];
  for (let depth = 0; depth < 6 && level.length > 0; depth++) {
    const next: Array<[string, unknown]> = [];
    for (const [pointer, node] of level) {
      if (node === value && pointer !== "") return pointer;
      if (node !== null && typeof node === "object")
        for (const [key, child] of Object.entries(node))
          next.push([`${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, child]);
    }
    level = next;
  }
  return undefined;
}
