/**
 * Generates a runtime-spec fixture (test/fixtures/runtime-specs/) into a temporary folder inside
 * the project, imports the generated server and serves it on 127.0.0.1 over real HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { generate, type Rendered } from "../../generator/generate.js";
import { ROOT } from "../generator/cli-helper.js";

export const FIXTURES = join(ROOT, "test/fixtures/runtime-specs");

/** What a test needs from a generated server module (typed loosely: each fixture differs). */
export interface GeneratedServer {
  createRequestHandler(handlers: object, options?: object): (request: Request) => Promise<Response>;
  readonly API: {
    readonly operations: readonly { readonly operationId: string; readonly handlerName?: string }[];
  };
  readonly [name: string]: unknown;
}

interface NodeAdapter {
  serveNode(
    handler: (request: Request) => Promise<Response>,
    options: { port: number; host: string },
  ): Promise<Server>;
}

export interface GeneratedFixture {
  readonly outDir: string;
  readonly rendered: Rendered;
  readonly server: GeneratedServer;
  /** Serves `handlers` (with `options`) and returns the base URL and a closer. */
  serve(
    handlers: object,
    options?: object,
  ): Promise<{ readonly baseUrl: string; close(): Promise<void> }>;
  /** Removes the generated folder. */
  remove(): void;
}

/** Generates `test/fixtures/runtime-specs/<file>` into `.tmp-runtime-specs-*` and imports its server. */
export async function generateFixture(file: string): Promise<GeneratedFixture> {
  const work = mkdtempSync(join(ROOT, ".tmp-runtime-specs-"));
  const outDir = join(work, "generated");
  const { rendered } = await generate({
    specPath: join(FIXTURES, file),
    outDir,
    apiName: "Fixture",
    cwd: ROOT,
  });
  const server = (await import(join(outDir, "server.ts"))) as GeneratedServer;
  const adapter = (await import(
    join(outDir, "runtime/server/adapters/node-adapter.ts")
  )) as NodeAdapter;
  return {
    outDir,
    rendered,
    server,
    async serve(handlers, options = {}) {
      const handler = server.createRequestHandler(handlers, {
        onError: () => undefined,
        ...options,
      });
      const listening = await adapter.serveNode(handler, { port: 0, host: "127.0.0.1" });
      const { port } = listening.address() as AddressInfo;
      return {
        baseUrl: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((resolve) => {
            listening.close(() => resolve());
            listening.closeAllConnections();
          }),
      };
    },
    remove: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** A `fetch` that copies every request into `sent` before it goes over HTTP. */
function recordingFetch(sent: Request[]): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return fetch(request);
  };
}

/**
 * The fixture's generated client on `baseUrl` (no retry), whose every request is copied into
 * `sent` before it goes over HTTP.
 */
export async function recordingClient<Call>(
  fixture: GeneratedFixture,
  baseUrl: string,
  sent: Request[],
): Promise<Record<string, Call>> {
  const module = (await import(join(fixture.outDir, "client.ts"))) as {
    createFixtureClient(options: object): Record<string, Call>;
  };
  return module.createFixtureClient({ baseUrl, retry: false, fetch: recordingFetch(sent) });
}

/**
 * The fixture's per-operation functions (operations.ts) over `createFixtureCore` on `baseUrl`,
 * as `name(init)`, recording as {@link recordingClient}: what each function's descriptor brings
 * (its optional modules) is all the core has, as in a bundle that imports only that function.
 */
export async function recordingOperations<Call>(
  fixture: GeneratedFixture,
  baseUrl: string,
  sent: Request[],
): Promise<Record<string, Call>> {
  const module = (await import(join(fixture.outDir, "operations.ts"))) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const core = module.createFixtureCore!({ baseUrl, retry: false, fetch: recordingFetch(sent) });
  return Object.fromEntries(
    Object.entries(module)
      .filter(([name]) => name !== "createFixtureCore")
      .map(([name, operation]) => [name, ((init?: unknown) => operation(core, init)) as Call]),
  );
}
