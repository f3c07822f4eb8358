/**
 * Contract-test harness: the reference server on 127.0.0.1 (port 0), a `fetch` that checks every
 * response against the spec with the independent {@link SpecContract}, and a record of which
 * operation answered which status.
 */
import { expect } from "vitest";
import { createPetStoreClient, type PetStoreClient } from "../../generated/client.js";
import type { ClientOptions } from "../../generated/runtime/client/runtime.js";
import type { ErrorContext } from "../../generated/runtime/server/index.js";
import {
  createDemoKeys,
  createPetStoreServer,
  type DemoKey,
  type PetStoreServer,
  type PetStoreServerOptions,
} from "../../examples/petstore/index.js";
import { SpecContract, type CheckResult } from "./spec-contract.js";

/** One contract instance per test file (compiling the schemas takes a moment). */
let sharedContract: SpecContract | undefined;
export function contract(): SpecContract {
  return (sharedContract ??= new SpecContract());
}

export interface Exchange extends CheckResult {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly bodyText: string;
}

/** Every checked exchange, and the violations among them. */
export class ExchangeLog {
  readonly exchanges: Exchange[] = [];

  get violations(): string[] {
    return this.exchanges.flatMap((exchange) => exchange.violations);
  }

  /** `operationId` → statuses seen. */
  statusesSeen(): Map<string, Set<number>> {
    const seen = new Map<string, Set<number>>();
    for (const { operationId, status } of this.exchanges) {
      if (operationId === undefined) continue;
      let set = seen.get(operationId);
      if (set === undefined) seen.set(operationId, (set = new Set()));
      set.add(status);
    }
    return seen;
  }

  /** Fails the test when any response broke the contract so far. */
  expectNoViolations(): void {
    expect(this.violations).toEqual([]);
  }
}

/** A `fetch` that checks each response (status, headers, body) against the spec and logs it. */
export function checkedFetch(log: ExchangeLog, spec: SpecContract = contract()): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
    const url = request?.url ?? String(input);
    const response = await fetch(input, init);
    const bodyText = await response.clone().text();
    const result = spec.check({
      method,
      url,
      status: response.status,
      headers: response.headers,
      bodyText,
    });
    log.exchanges.push({ ...result, method, url, headers: response.headers, bodyText });
    return response;
  };
}

export interface RawInit {
  readonly key?: string | undefined;
  readonly headers?: Record<string, string>;
  readonly body?: BodyInit;
  /** Serialized as JSON with `Content-Type: application/json` (unless `headers` sets one). */
  readonly json?: unknown;
}

export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
  readonly text: string;
  readonly violations: readonly string[];
}

export interface ContractServer {
  readonly server: PetStoreServer;
  readonly baseUrl: string;
  readonly log: ExchangeLog;
  /** The fake clock of the server (epoch ms), when the harness controls it. */
  clock: number;
  /** Errors the server reported through `onError` (500s): must stay empty. */
  readonly serverErrors: Array<{ error: unknown; context: ErrorContext }>;
  /** The key of a plan. */
  key(plan: string): string;
  /** A generated client on this server (checked fetch, no retries by default). */
  client(options?: Partial<ClientOptions> & { plan?: string | null }): PetStoreClient;
  /** A raw request through the checked fetch, for what the typed client cannot send. */
  send(method: string, path: string, init?: RawInit): Promise<RawAnswer>;
  close(): Promise<void>;
}

/** 2026-06-01T12:00:00Z: a weekday noon before getPet's sunset (2027-06-30). */
export const FAKE_START = Date.UTC(2026, 5, 1, 12, 0, 0);

export interface ContractServerOptions extends PetStoreServerOptions {
  /** Extra keys (e.g. on a custom tiny plan), besides one demo key per spec plan. */
  readonly extraKeys?: readonly DemoKey[];
  /** Use a fake clock starting here (default: {@link FAKE_START}); `false` for the real clock. */
  readonly fakeClock?: number | false;
}

/** Starts the reference server on 127.0.0.1, port 0. */
export async function startContractServer(
  options: ContractServerOptions = {},
): Promise<ContractServer> {
  const { extraKeys = [], fakeClock = FAKE_START, ...serverOptions } = options;
  const keys = [...createDemoKeys(), ...extraKeys];
  const serverErrors: ContractServer["serverErrors"] = [];
  const log = new ExchangeLog();
  const fetchChecked = checkedFetch(log);
  const harness = {} as ContractServer;
  harness.clock = fakeClock === false ? 0 : fakeClock; // `seed: true` reads the clock while starting
  const server = createPetStoreServer({
    keys,
    validateResponses: true,
    onError: (error, context) => serverErrors.push({ error, context }),
    ...(fakeClock === false ? {} : { now: () => harness.clock }),
    ...serverOptions,
  });
  const baseUrl = await server.listen({ port: 0, host: "127.0.0.1" });

  function key(plan: string): string {
    const entry = keys.find((candidate) => candidate.plan === plan);
    if (entry === undefined) throw new Error(`no key for plan ${plan}`);
    return entry.key;
  }

  Object.assign(harness, {
    server,
    baseUrl,
    log,
    clock: fakeClock === false ? 0 : fakeClock,
    serverErrors,
    key,
    client(clientOptions: Partial<ClientOptions> & { plan?: string | null } = {}) {
      const { plan = "enterprise", ...rest } = clientOptions;
      return createPetStoreClient({
        baseUrl,
        ...(plan === null ? {} : { apiKey: key(plan) }),
        fetch: fetchChecked,
        retry: false,
        onDeprecation: () => undefined,
        // each test's client starts fresh (a client holds its calls after a 429): the tests probe
        // the server, so clients of one key do not share their rate-limit state here
        rateLimitState: "own",
        ...rest,
      });
    },
    async send(method: string, path: string, init: RawInit = {}) {
      const headers = new Headers(init.headers);
      if (init.key !== undefined) headers.set("x-api-key", init.key);
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        if (!headers.has("content-type")) headers.set("content-type", "application/json");
      }
      const before = log.exchanges.length;
      const response = await fetchChecked(`${baseUrl}${path}`, {
        method,
        headers,
        body: body ?? null,
      });
      const text = await response.text();
      let parsed: unknown = text;
      if ((response.headers.get("content-type") ?? "").includes("json") && text !== "") {
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = text;
        }
      }
      const violations = log.exchanges.slice(before).flatMap((exchange) => exchange.violations);
      return { status: response.status, headers: response.headers, body: parsed, text, violations };
    },
    close: () => server.close(),
  });
  return harness;
}

/** Asserts an `Error` answer: status, code, and (optionally) words of the message. */
export function expectError(
  answer: { status: number; body: unknown } | { response: Response; error?: unknown },
  status: number,
  code: string,
  messageIncludes?: string | RegExp,
): void {
  const actualStatus = "response" in answer ? answer.response.status : answer.status;
  const body = "response" in answer ? answer.error : answer.body;
  expect({ status: actualStatus, body }).toMatchObject({ status, body: { code, status } });
  if (messageIncludes !== undefined) {
    expect((body as { message: string }).message).toMatch(messageIncludes);
  }
}
