/**
 * Faulty layers put in front of the reference server (as `corrupt` of startTestServer) or wrapped
 * around its handlers, shared by the tests and the conformance benchmark
 * (benchmarks/conformance-variants.ts).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { PetStoreServerOptions } from "../../examples/petstore/index.js";
import type { Corrupt } from "./reference-server.js";

/** Clamps an order's `quantity` below 1 to 1 before the server's validation sees it. */
export const clampOrderQuantity: Corrupt = async (request, forward) => {
  if (request.method !== "POST" || !new URL(request.url).pathname.endsWith("/store/orders"))
    return forward(request);
  const text = await request.text();
  const resend = (body: string): Promise<Response> =>
    forward(new Request(request.url, { method: "POST", headers: request.headers, body }));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return resend(text);
  }
  const order = body as { quantity?: unknown } | null;
  if (
    typeof order === "object" &&
    order !== null &&
    typeof order.quantity === "number" &&
    order.quantity < 1
  )
    order.quantity = 1;
  return resend(JSON.stringify(body));
};

/** Once updated, a pet is lost to `GET /pets/by-id/{petId}` (a stale secondary index). */
export function staleIndexAfterUpdate(): PetStoreServerOptions {
  const updated = new Set<number>();
  return {
    wrapHandlers: (reference) => ({
      updatePet: async (request) => {
        const response = await reference.updatePet(request);
        if (response.status === 200) updated.add(request.path.petId);
        return response;
      },
      getPetById: async (request) =>
        updated.has(request.path.petId)
          ? ({
              status: 404,
              body: {
                code: "not_found",
                message: `pet ${request.path.petId} does not exist`,
                status: 404,
              },
            } as never)
          : reference.getPetById(request),
    }),
  };
}

/** A category description with a comma refused as invalid (400), though the spec's own example has one. */
export function refuseCommaInDescription(): PetStoreServerOptions {
  return {
    wrapHandlers: (reference) => ({
      createCategory: async (request) =>
        request.body.description?.includes(",") === true
          ? ({
              status: 400,
              body: {
                code: "validation_failed",
                message: "description must not contain a comma",
                status: 400,
              },
            } as never)
          : reference.createCategory(request),
    }),
  };
}

/**
 * A plain `node:http` front that answers TRACE with 500 (as a framework that does not know the
 * method may) and forwards everything else to `upstream`.
 */
export async function traceFailingFront(
  upstream: string,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method === "TRACE") {
      response.writeHead(500, { "content-type": "text/plain" }).end("unexpected method");
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === "string" && name !== "host" && name !== "connection")
          headers.set(name, value);
      const body = chunks.length === 0 ? undefined : Buffer.concat(chunks);
      fetch(`${upstream}${request.url ?? "/"}`, {
        method: request.method ?? "GET",
        headers,
        ...(body === undefined ? {} : { body }),
        redirect: "manual",
      }).then(
        async (answer) => {
          const text = Buffer.from(await answer.arrayBuffer());
          const out: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (name !== "content-length" && name !== "transfer-encoding" && name !== "connection")
              out[name] = value;
          });
          response.writeHead(answer.status, out).end(text);
        },
        () => response.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
