/**
 * A small generic server for any spec, made from the generated stubs: the spec is generated into
 * a temporary folder inside the project (the generator's own `generate`), and every stub is
 * replaced by a handler that answers the operation's first declared success response with a body
 * (and declared headers) drawn from the response schema. The generated runtime does the rest:
 * routing, 405, parameter and body validation (400), media types. It keeps no state.
 */
import { join } from "node:path";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generate } from "../../generator/generate.js";
import { loadApi, type ConformanceApi } from "../../conformance/index.js";
import { sampleDefined } from "../../conformance/property.js";
import {
  REJECTED,
  rejectUnless,
  schemaArbitrary,
} from "../../generator/schema/schema-arbitrary.js";
import type { OperationModel, ResponseModel } from "../../generator/model/types.js";

interface HandlerResponse {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

interface GeneratedServerModule {
  createRequestHandler(
    handlers: Record<string, () => HandlerResponse>,
    options: Record<string, unknown>,
  ): (request: Request) => Promise<Response>;
}

interface RuntimeModule {
  serveNode(
    handler: (request: Request) => Promise<Response>,
    options: { port: number; host: string },
  ): Promise<Server>;
}

export interface GenericServer {
  readonly api: ConformanceApi;
  readonly baseUrl: string;
  close(): Promise<void>;
}

/** The response a generic handler answers: the first 2xx (else the first exact status) whose body can be drawn. */
function pickResponse(operation: OperationModel): ResponseModel | undefined {
  const exact = operation.responses.filter((response) => /^[1-5][0-9][0-9]$/.test(response.status));
  const usable = exact.filter(
    (response) =>
      response.contents.length === 0 ||
      response.contents.some((media) => /json/i.test(media.mediaType)),
  );
  return usable.find((response) => response.status.startsWith("2")) ?? usable[0];
}

function draw(api: ConformanceApi, schema: unknown, seed: number): unknown {
  const arbitrary = schemaArbitrary(schema ?? true, {
    refs: api.model,
    direction: "response",
  });
  if (arbitrary === undefined) return undefined;
  const valid = rejectUnless(arbitrary, (value) => api.validator.isValid(schema ?? {}, value)).map(
    (value) => (value === REJECTED ? undefined : value),
  );
  return sampleDefined(valid, seed, 1)[0];
}

function handlerFor(
  api: ConformanceApi,
  operation: OperationModel,
  index: number,
): () => HandlerResponse {
  const response = pickResponse(operation);
  if (response === undefined) return () => ({ status: 501 });
  const media = response.contents.find((entry) => /json/i.test(entry.mediaType));
  const body = media === undefined ? undefined : draw(api, media.schema, index + 1);
  const headers: Record<string, string> = {};
  for (const header of response.headers) {
    const value = draw(api, header.schema, index + 100);
    if (value !== undefined && value !== null) headers[header.name] = String(value);
  }
  return () => ({
    status: Number(response.status),
    ...(body === undefined ? {} : { body }),
    headers,
  });
}

/** Generates `specPath` into `work/<name>` and serves it on 127.0.0.1 (port 0). */
export async function startGenericServer(
  specPath: string,
  work: string,
  name: string,
): Promise<GenericServer> {
  const outDir = join(work, name);
  await generate({ specPath, outDir, apiName: "Corpus" });
  const api = await loadApi(specPath);
  const serverModule = (await import(join(outDir, "server.ts"))) as GeneratedServerModule;
  const runtime = (await import(
    join(outDir, "runtime/server/adapters/node-adapter.ts")
  )) as RuntimeModule;
  const handlers: Record<string, () => HandlerResponse> = {};
  api.model.operations.forEach((operation, index) => {
    // The generated handler map is keyed by the operation's generated name (the operationId when it is an identifier).
    handlers[operation.name] = handlers[operation.operationId] = handlerFor(api, operation, index);
  });
  const handler = serverModule.createRequestHandler(handlers, {
    validateResponses: false,
    onError: () => undefined,
  });
  const server = await runtime.serveNode(handler, { port: 0, host: "127.0.0.1" });
  const { port } = server.address() as AddressInfo;
  return {
    api,
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
