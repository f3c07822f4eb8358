/** Helpers for calling a web handler directly, Hono-style, without a server. */
import { createRuntimeRequestHandler } from "../../../templates/server/core/request-handler.js";
import type { ErrorContext, ServerOptions } from "../../../templates/server/core/handler-api.js";
import type { ApiDescriptor } from "../../../templates/server/core/descriptor.js";
import { api, handlers, type Caller, authenticate } from "./fixture-api.js";
import type { HandlerMap } from "../../../templates/server/core/handler-api.js";

export const BASE = "http://api.test";

export interface CallInit {
  readonly key?: string;
  readonly headers?: Record<string, string>;
  readonly body?: BodyInit;
  readonly json?: unknown;
}

export function request(method: string, path: string, init: CallInit = {}): Request {
  const headers = new Headers(init.headers);
  if (init.key !== undefined) headers.set("x-api-key", init.key);
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  return new Request(`${BASE}${path}`, { method, headers, body: body ?? null });
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
}

export async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get("content-type") ?? "").includes("json") && text !== "") {
    body = JSON.parse(text);
  }
  return { status: response.status, headers: response.headers, body, text };
}

export interface Logged {
  readonly error: unknown;
  readonly context: ErrorContext;
}

export interface TestServer {
  call(method: string, path: string, init?: CallInit): Promise<Answer>;
  readonly logged: Logged[];
  clock: number;
  readonly handler: (request: Request) => Promise<Response>;
}

/** 2030-01-01T00:00:00Z: midnight UTC, so minute and day windows start together. */
export const MIDNIGHT = Date.UTC(2030, 0, 1);

export function testServer(
  options: Partial<ServerOptions<Caller>> & {
    api?: ApiDescriptor;
    handlers?: HandlerMap<Caller>;
  } = {},
): TestServer {
  const logged: Logged[] = [];
  const server: TestServer = {
    logged,
    clock: MIDNIGHT,
    handler: createRuntimeRequestHandler<Caller>(options.api ?? api, options.handlers ?? handlers, {
      authenticate,
      planLimits: { enterprise: { perMinute: 50, perDay: 100_000 } },
      validateResponses: true,
      onError: (error, context) => logged.push({ error, context }),
      now: () => server.clock,
      ...options,
    }),
    async call(method, path, init) {
      return answer(await server.handler(request(method, path, init)));
    },
  };
  return server;
}

/** Checks that a body is the spec's Error object with this status and code. */
export function isError(body: unknown, status: number, code: string): boolean {
  if (typeof body !== "object" || body === null) return false;
  const record = body as Record<string, unknown>;
  return (
    record["status"] === status &&
    record["code"] === code &&
    typeof record["message"] === "string" &&
    Object.keys(record).sort().join() === "code,message,status"
  );
}
