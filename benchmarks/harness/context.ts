/** What every figure gets: where things are, how many runs, where to log. */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

export interface BenchSpec {
  /** Short id used in row names, e.g. `stripe`. */
  readonly id: string;
  readonly label: string;
  /** Absolute path of the spec. */
  readonly path: string;
  /** `--name` for our generator (our own spec is generated as PetStore, like `npm run generate`). */
  readonly apiName?: string;
}

export interface GenerationOutcome {
  readonly oursSeconds: number;
  /** Where the last run of our generator wrote (kept for the type-check figure). */
  readonly oursOut: string;
  /** Where the last run of openapi-typescript wrote `types.ts`. */
  readonly peerOut: string;
}

export interface BenchContext {
  /** The project root. */
  readonly root: string;
  /** Scratch space inside the project (git-ignored): `bench/work`. */
  readonly workDir: string;
  /** Runs per measurement (`--runs`, default 5; 1 with `--quick`). */
  readonly runs: number;
  /** Whether `--runs` was given: then it is honoured even for slow specs. */
  readonly runsExplicit: boolean;
  readonly quick: boolean;
  readonly specs: readonly BenchSpec[];
  readonly log: (line: string) => void;
  /** Results one figure leaves for another (generation → check and type-check). */
  readonly generation: Map<string, GenerationOutcome>;
}

export function corpusDir(root: string): string {
  return process.env["BENCH_CORPUS"] ?? resolve(root, "../shared/corpus");
}

/** Our spec, then the three large real specs of issue 6 (BENCH_SPECS=petstore,stripe,... keeps only those ids). */
export function benchSpecs(root: string, quick: boolean): BenchSpec[] {
  const corpus = corpusDir(root);
  const ours: BenchSpec = {
    id: "petstore",
    label: "pet store (ours)",
    path: resolve(root, "spec/openapi.yaml"),
    apiName: "PetStore",
  };
  if (quick) return [ours];
  const only = process.env["BENCH_SPECS"]?.split(",").map((id) => id.trim());
  const all: BenchSpec[] = [
    ours,
    { id: "stripe", label: "Stripe", path: resolve(corpus, "stripe/openapi/spec3.yaml") },
    {
      id: "digitalocean",
      label: "DigitalOcean",
      path: resolve(corpus, "digitalocean/specification/DigitalOcean-public.v2.yaml"),
    },
    {
      id: "octokit-ghes",
      label: "Octokit GHES 3.6",
      path: resolve(
        corpus,
        "ots/packages/openapi-typescript/examples/octokit-ghes-3.6-diff-to-api.json",
      ),
    },
  ];
  return only === undefined ? all : all.filter((spec) => only.includes(spec.id));
}

export function assertSpecExists(spec: BenchSpec): void {
  if (!existsSync(spec.path)) {
    throw new Error(
      `${spec.label} spec not found at ${spec.path} (set BENCH_CORPUS to the corpus folder)`,
    );
  }
}
