/**
 * The reference pet store for conformance tests: on 127.0.0.1 (port 0), stable keys, a fake
 * clock the tool's waits advance (so Retry-After is honoured without real sleeping), optionally
 * broken by wrapping its handlers or by a corrupting proxy in front of it.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createDemoKeys,
  createPetStoreServer,
  type PetStoreServer,
  type PetStoreServerOptions,
} from "../../examples/petstore/index.js";
import { serveNode } from "../../generated/runtime/server/adapters/node-adapter.js";
import { loadApi, type ConformanceApi, type ConformanceOptions } from "../../conformance/index.js";

/** 2026-06-01T12:00:00Z, before getPet's sunset. */
export const FAKE_START = Date.UTC(2026, 5, 1, 12, 0, 0);

let sharedApi: Promise<ConformanceApi> | undefined;
/** The project's spec, loaded once per test file. */
export function petStoreApi(): Promise<ConformanceApi> {
  return (sharedApi ??= loadApi("spec/openapi.yaml"));
}

export interface TestServer {
  readonly server: PetStoreServer;
  /** Where the tool is pointed (the proxy when there is one). */
  readonly baseUrl: string;
  clock: number;
  /** Every response the tool received: status and `Error.code` when there is one. */
  readonly seen: Array<{ status: number; code: string | undefined }>;
  key(plan: string): string;
  /** Options for the tool: this server, a plan's key, the fake clock and a recording fetch. */
  options(
    plan?: string,
  ): Pick<ConformanceOptions, "baseUrl" | "headers" | "now" | "sleep" | "fetch">;
  close(): Promise<void>;
}

export type Corrupt = (
  request: Request,
  forward: (request: Request) => Promise<Response>,
) => Promise<Response>;

export async function startTestServer(
  options: PetStoreServerOptions & { corrupt?: Corrupt } = {},
): Promise<TestServer> {
  const { corrupt, ...serverOptions } = options;
  const keys = createDemoKeys({ stable: true });
  const harness = { clock: FAKE_START } as { clock: number };
  const server = createPetStoreServer({
    keys,
    validateResponses: false,
    onError: () => undefined,
    now: () => harness.clock,
    ...serverOptions,
  });
  const upstream = await server.listen({ port: 0, host: "127.0.0.1" });
  let proxy: Server | undefined;
  let baseUrl = upstream;
  if (corrupt !== undefined) {
    const forward = async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      const body =
        request.method === "GET" || request.method === "HEAD" ? null : await request.arrayBuffer();
      return fetch(`${upstream}${url.pathname}${url.search}`, {
        method: request.method,
        headers: request.headers,
        body,
        redirect: "manual",
      });
    };
    proxy = await serveNode((request) => corrupt(request, forward), { port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  }
  const seen: TestServer["seen"] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const text = await response.clone().text();
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    seen.push({ status: response.status, code });
    return response;
  };
  const key = (plan: string): string => keys.find((entry) => entry.plan === plan)?.key ?? "";
  return Object.assign(harness, {
    server,
    baseUrl,
    seen,
    key,
    options: (plan = "enterprise") => ({
      baseUrl,
      headers: { "X-API-Key": key(plan) },
      now: () => harness.clock,
      sleep: async (ms: number) => {
        harness.clock += ms;
      },
      fetch: recordingFetch,
    }),
    close: async () => {
      if (proxy !== undefined) {
        const closing = proxy;
        await new Promise<void>((resolve) => {
          closing.close(() => resolve());
          closing.closeAllConnections();
        });
      }
      await server.close();
    },
  });
}
