/**
 * The conformance benchmark (docs/conformance.md): `npm run conformance`'s engine at its defaults
 * against the reference pet store and faulty variants of it, each written here (wrapped handlers,
 * a corrupting proxy in front, or the reference server behind a plain middleware). Per variant:
 * whether the planted fault was found (a failure whose check and operation match it), the time to
 * its first report and of the whole run, requests, and failures that are not the planted fault
 * (false alarms). `npm run bench -- --only conformance` gives the summary rows;
 * `npx tsx benchmarks/conformance-variants.ts` (`BENCH_SEED=n` for another seed) prints the
 * table of docs/conformance.md (about two minutes on 2 cores).
 */
import { pathToFileURL } from "node:url";
import { runConformance, type ConformanceFailure } from "../conformance/index.js";
import {
  petStoreApi,
  startTestServer,
  type Corrupt,
} from "../test/conformance/reference-server.js";
import {
  clampOrderQuantity,
  refuseCommaInDescription,
  staleIndexAfterUpdate,
  traceFailingFront,
} from "../test/conformance/faulty-layers.js";
import type { PetStoreServerOptions } from "../examples/petstore/index.js";
import type { BenchContext } from "./harness/context.js";
import { makeRow, type Row } from "./harness/rows.js";
import { median } from "./harness/stats.js";

interface Variant {
  readonly name: string;
  readonly server: PetStoreServerOptions & { corrupt?: Corrupt };
  /** A server put in front of it (the variant's fault is there). */
  readonly front?: (upstream: string) => Promise<{ baseUrl: string; close: () => Promise<void> }>;
  /** Whether a failure is the planted fault. */
  readonly planted: (failure: ConformanceFailure) => boolean;
}

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
    name: "pet lost to `GET /pets/by-id/{petId}` once updated (a stale index)",
    server: { seed: true, ...staleIndexAfterUpdate() },
    planted: (failure) =>
      failure.operationId === "getPetById" && failure.check === "ensure_resource_availability",
  },
  {
    name: "a category description with a comma refused with 400 (the spec's own example has one)",
    server: { seed: true, ...refuseCommaInDescription() },
    planted: (failure) =>
      failure.operationId === "createCategory" &&
      (failure.check === "positive_data_acceptance" || failure.check === "negative_data_rejection"),
  },
  {
    name: "TRACE answered 500 by a plain node:http front",
    server: { seed: true },
    front: traceFailingFront,
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

export interface VariantResult {
  readonly name: string;
  /** Undefined for the reference server (nothing planted). */
  readonly found: { check: string; phase: string } | false | undefined;
  /** Seconds from the start to the first report of the planted fault. */
  readonly firstFailureSeconds: number | undefined;
  readonly seconds: number;
  readonly requests: number;
  /** Failures that are not the planted fault (false alarms on the reference server). */
  readonly others: readonly string[];
}

/** Runs the engine against every variant (or the first `limit`), one after another. */
export async function measureVariants(options: {
  seed: number;
  maxExamples?: number;
  limit?: number;
  log?: (line: string) => void;
}): Promise<VariantResult[]> {
  const results: VariantResult[] = [];
  for (const variant of VARIANTS.slice(0, options.limit)) {
    const server = await startTestServer(variant.server);
    const front = await variant.front?.(server.baseUrl);
    const started = performance.now();
    let first: number | undefined;
    const report = await runConformance({
      ...server.options(),
      ...(front === undefined ? {} : { baseUrl: front.baseUrl }),
      spec: await petStoreApi(),
      seed: options.seed,
      ...(options.maxExamples === undefined ? {} : { maxExamples: options.maxExamples }),
      onFailure: (failure) => {
        if (first === undefined && variant.planted(failure)) first = performance.now() - started;
      },
    });
    const seconds = (performance.now() - started) / 1000;
    await front?.close();
    await server.close();
    const planted = report.failures.filter(variant.planted);
    const result: VariantResult = {
      name: variant.name,
      found: variant.name.startsWith("reference")
        ? undefined
        : planted[0] === undefined
          ? false
          : { check: planted[0].check, phase: planted[0].phase },
      firstFailureSeconds: first === undefined ? undefined : first / 1000,
      seconds,
      requests: report.requests,
      others: report.failures
        .filter((failure) => !variant.planted(failure))
        .map((failure) => `${failure.operationId} ${failure.check}`),
    };
    results.push(result);
    options.log?.(tableRow(result));
  }
  return results;
}

function tableRow(result: VariantResult): string {
  const found =
    result.found === undefined
      ? "–"
      : result.found === false
        ? "missed"
        : `found (${result.found.check}, ${result.found.phase})`;
  const first =
    result.firstFailureSeconds === undefined ? "–" : `${result.firstFailureSeconds.toFixed(1)} s`;
  const others =
    result.others.length === 0 ? "0" : `${result.others.length}: ${result.others.join("; ")}`;
  return `| ${result.name} | ${found} | ${first} | ${result.seconds.toFixed(1)} s | ${result.requests} | ${others} |`;
}

export function variantsTable(results: readonly VariantResult[]): string {
  return [
    "| variant | planted fault | first report | run time | requests | other failures |",
    "| --- | --- | --- | --- | --- | --- |",
    ...results.map(tableRow),
  ].join("\n");
}

/** Why there is no Schemathesis column (checked on this machine: Debian does not package it). */
export const SCHEMATHESIS_NOT_RUN =
  "not run: Schemathesis is a Python tool, not packaged in Debian (apt-cache has python3-hypothesis 6.67 only) and PyPI is not reachable from this machine";

/** `npm run bench -- --only conformance`: found / planted, time to first report, clean runs. */
export async function benchConformance(ctx: BenchContext): Promise<Row[]> {
  // --quick: the reference server and two variants with few examples, to check the harness works
  const results = await measureVariants({
    seed: 1,
    ...(ctx.quick ? { maxExamples: 3, limit: 3 } : {}),
    log: ctx.log,
  });
  const faulty = results.filter((result) => result.found !== undefined);
  const found = faulty.filter((result) => result.found !== false);
  const firsts = found.flatMap((result) =>
    result.firstFailureSeconds === undefined ? [] : [result.firstFailureSeconds],
  );
  const clean = results.filter((result) => result.others.length === 0);
  const details = { results, schemathesis: SCHEMATHESIS_NOT_RUN };
  return [
    makeRow({
      name: "conformance.found",
      figure: "conformance",
      label: "faulty variants found",
      ours: found.length,
      peer: faulty.length,
      peerName: "planted faults",
      unit: "variants",
      target: { op: ">=", value: 1 },
      details,
    }),
    makeRow({
      name: "conformance.first-report",
      figure: "conformance",
      label: "time to the planted fault's first report (median)",
      ours: firsts.length === 0 ? Number.NaN : median(firsts),
      peer: median(found.map((result) => result.seconds)),
      peerName: "the whole run",
      unit: "s",
      target: { op: "<=", value: 1 },
    }),
    makeRow({
      name: "conformance.no-false-alarm",
      figure: "conformance",
      label: "runs without a false alarm",
      ours: clean.length,
      peer: results.length,
      peerName: "runs",
      unit: "runs",
      target: { op: ">=", value: 1 },
    }),
  ];
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const results = await measureVariants({
    seed: Number(process.env["BENCH_SEED"] ?? 1),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${variantsTable(results)}\n`);
}
