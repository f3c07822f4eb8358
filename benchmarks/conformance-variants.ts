/**
 * The conformance benchmark (docs/conformance.md): `npm run conformance`'s engine at its defaults
 * against the reference pet store and faulty variants of it, each written here (wrapped handlers,
 * a corrupting proxy in front, or the reference server behind a plain middleware). Prints, per
 * variant, whether the planted fault was found (a failure whose check and operation match it),
 * the time of the whole run, requests, and failures that are not the planted fault (false
 * alarms). Run: `npx tsx benchmarks/conformance-variants.ts` (about a minute on 2 cores).
 */
import { runConformance, type ConformanceFailure } from "../conformance/index.js";
import {
  petStoreApi,
  startTestServer,
  type Corrupt,
} from "../test/conformance/reference-server.js";
import { clampOrderQuantity } from "../test/conformance/faulty-layers.js";
import type { PetStoreServerOptions } from "../examples/petstore/index.js";

interface Variant {
  readonly name: string;
  readonly server: PetStoreServerOptions & { corrupt?: Corrupt };
  /** Whether a failure is the planted fault. */
  readonly planted: (failure: ConformanceFailure) => boolean;
}

const passThrough: Corrupt = (request, forward) => forward(request);

const VARIANTS: readonly Variant[] = [
  { name: "reference (no fault)", server: { seed: true }, planted: () => false },
  {
    name: "500 on a non-ASCII category name",
    server: {
      seed: true,
      wrapHandlers: (reference) => ({
        createCategory: (request) =>
          /[^\x00-\x7f]/.test(request.body.name)
            ? Promise.reject(new Error("latin-1"))
            : reference.createCategory(request),
      }),
    },
    planted: (failure) =>
      failure.operationId === "createCategory" && failure.check === "not_a_server_error",
  },
  {
    name: "order quantity below 1 clamped and accepted",
    server: { seed: true, corrupt: clampOrderQuantity },
    planted: (failure) =>
      failure.operationId === "placeOrder" && failure.check === "negative_data_rejection",
  },
  {
    name: "500 on listPets limit=100 (the maximum)",
    server: {
      seed: true,
      wrapHandlers: (reference) => ({
        listPets: (request) =>
          request.query.limit === 100
            ? Promise.reject(new Error("off by one"))
            : reference.listPets(request),
      }),
    },
    planted: (failure) =>
      failure.operationId === "listPets" && failure.check === "not_a_server_error",
  },
  {
    name: "deleted category still readable",
    server: {
      seed: true,
      wrapHandlers: (reference) => ({ deleteCategory: async () => ({ status: 204 }) as never }),
    },
    planted: (failure) =>
      failure.check === "use_after_free" ||
      (failure.operationId === "deleteCategory" && failure.phase === "stateful"),
  },
  {
    name: "behind a plain middleware (serveNode): TRACE answered 500",
    server: { seed: true, corrupt: passThrough },
    planted: (failure) => failure.operationId.startsWith("TRACE "),
  },
  {
    name: "unknown API key accepted",
    server: {
      seed: true,
      corrupt: (request, forward) =>
        forward(
          new Request(request.url.toString(), {
            method: request.method,
            headers: fixKey(request.headers),
            body: request.body,
            duplex: "half",
          } as RequestInit),
        ),
    },
    planted: (failure) => failure.check === "ignored_auth",
  },
];

function fixKey(headers: Headers): Headers {
  const out = new Headers(headers);
  if (out.get("x-api-key")?.startsWith("invalid-credential") === true)
    out.set("x-api-key", "petstore-demo-enterprise");
  return out;
}

const rows: string[] = [
  "| variant | planted fault | run time | requests | other failures |",
  "| --- | --- | --- | --- | --- |",
];
for (const variant of VARIANTS) {
  const server = await startTestServer(variant.server);
  const started = performance.now();
  const report = await runConformance({
    ...server.options(),
    spec: await petStoreApi(),
    seed: Number(process.env["BENCH_SEED"] ?? 1),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  await server.close();
  const planted = report.failures.filter(variant.planted);
  const others = report.failures.filter((failure) => !variant.planted(failure));
  const found = variant.name.startsWith("reference")
    ? "–"
    : planted.length > 0
      ? `found (${planted[0]!.check}, ${planted[0]!.phase})`
      : "missed";
  rows.push(
    `| ${variant.name} | ${found} | ${seconds} s | ${report.requests} | ${others.length === 0 ? "0" : `${others.length}: ${others.map((failure) => `${failure.operationId} ${failure.check}`).join("; ")}`} |`,
  );
  process.stderr.write(`${rows.at(-1)}\n`);
}
process.stdout.write(`${rows.join("\n")}\n`);
