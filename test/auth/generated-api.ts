/**
 * Generates a spec into a temporary folder inside the project (so the output resolves its
 * dependencies) and loads its client and server, typed with the runtime's own types.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { generate } from "../../generator/generate.js";
import type { ApiModel } from "../../generator/model/types.js";
import type { AuthOption, ClientSecurity, MissingAuth } from "../../templates/client/auth.js";
import type { ClientOperationDescriptor } from "../../templates/client/descriptor.js";
import type { ClientResult, ClientOptions } from "../../templates/client/runtime.js";
import type { CallInit } from "../../templates/client/build-request.js";
import type { ApiDescriptor } from "../../templates/server/core/descriptor.js";
import type {
  HandlerMap,
  RequestHandler,
  ServerOptions,
} from "../../templates/server/core/handler-api.js";
import { ROOT } from "../generator/cli-helper.js";

export type UntypedClient = Record<string, (init?: CallInit) => Promise<ClientResult>>;

export interface GeneratedApi {
  readonly dir: string;
  readonly model: ApiModel;
  readonly operations: Readonly<Record<string, ClientOperationDescriptor>>;
  readonly security: ClientSecurity;
  readonly api: ApiDescriptor;
  createClient(
    options: Omit<ClientOptions, "auth"> & { auth?: AuthOption; missingAuth?: MissingAuth },
  ): UntypedClient;
  createRequestHandler<C>(handlers: HandlerMap<C>, options?: ServerOptions<C>): RequestHandler;
  createStubs<C>(): HandlerMap<C>;
}

/** A folder for generated output, inside the project. */
export function workFolder(prefix: string): string {
  return mkdtempSync(join(ROOT, `.tmp-${prefix}-`));
}

export async function generateApi(
  specPath: string,
  outDir: string,
  apiName: string,
): Promise<GeneratedApi> {
  const { rendered } = await generate({ specPath, outDir, cwd: ROOT, apiName });
  const client = (await import(pathToFileURL(join(outDir, "client.ts")).href)) as Record<
    string,
    unknown
  >;
  const server = (await import(pathToFileURL(join(outDir, "server.ts")).href)) as Record<
    string,
    unknown
  >;
  return {
    dir: outDir,
    model: rendered.model,
    operations: client.OPERATIONS as Record<string, ClientOperationDescriptor>,
    security: client.SECURITY as ClientSecurity,
    api: server.API as ApiDescriptor,
    createClient: client[`create${apiName}Client`] as GeneratedApi["createClient"],
    createRequestHandler: server.createRequestHandler as GeneratedApi["createRequestHandler"],
    createStubs: server[`create${apiName}Stubs`] as GeneratedApi["createStubs"],
  };
}

export interface Captured {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
}

/** A real HTTP server on 127.0.0.1 that records every request and answers from a script. */
export interface CapturingServer {
  readonly url: string;
  readonly received: Captured[];
  /** Statuses to answer next, in order (then 200 `{"caller":null}`). */
  readonly script: number[];
  close(): Promise<void>;
}

export async function startCapturingServer(): Promise<CapturingServer> {
  const received: Captured[] = [];
  const script: number[] = [];
  const server: Server = createServer((request, response) => {
    received.push({
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
    });
    request.resume();
    const status = script.shift() ?? 200;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(
      status === 200
        ? JSON.stringify({ caller: null })
        : JSON.stringify({ code: "x", message: "scripted", status }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
