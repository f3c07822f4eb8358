/**
 * The tool is not tied to the pet store: real specs of the shared corpus (3.0 and 3.1, links,
 * discriminators), each served by a small generic server made from its generated stubs
 * (generic-server.ts). The generated runtime validates requests with its own precompiled
 * validators, so it is an independent judge of the tool's data: every positive request must be
 * accepted (no 4xx) and every negative one rejected with a 4xx. What the run finds in the
 * generic server's error answers (undeclared 400s, error bodies of another shape) is reported,
 * not asserted away. (readme/3.0/yaml/discriminators.yaml is left out: its overlapping `oneOf`
 * branches are told apart only by the discriminator, which the tool honours and the generated
 * runtime's validators do not, so the runtime refuses valid bodies there: a runtime finding.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatReport, runConformance } from "../../conformance/index.js";
import { planSequences } from "../../conformance/stateful-plan.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { startGenericServer } from "./generic-server.js";

const SPECS: ReadonlyArray<readonly [string, { readonly links?: boolean }]> = [
  ["oai/examples/v3.0/petstore-expanded.yaml", {}],
  ["oai/examples/v3.0/link-example.yaml", { links: true }],
  ["ots/packages/openapi-typescript/examples/simple-example.yaml", {}],
];

const present = hasCorpus();
if (!present) console.log(`conformance corpus runs skipped: no shared corpus at ${CORPUS_DIR}`);
const work = present ? mkdtempSync(join(process.cwd(), ".tmp-conformance-corpus-")) : "";
afterAll(() => {
  if (work !== "") rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!present)("conformance on corpus specs", () => {
  it.each(SPECS)(
    "%s",
    async (spec, expectations) => {
      const server = await startGenericServer(
        join(CORPUS_DIR, spec),
        work,
        spec.replace(/[^\w]+/g, "_"),
      );
      try {
        // An operation that declares no response at all cannot be answered conformingly: left out.
        const operations = server.api.model.operations
          .filter((operation) => operation.responses.length > 0)
          .map((operation) => operation.operationId);
        // The generic server keeps no state, so only link sequences (reads) can hold on it.
        const report = await runConformance({
          baseUrl: server.baseUrl,
          spec: server.api,
          maxExamples: 5,
          seed: 16,
          stateful: expectations.links === true,
          operations,
        });
        const text = formatReport(report, undefined);
        // Valid requests were accepted and answered as declared.
        expect(
          report.failures.filter((failure) => failure.phase === "positive"),
          text,
        ).toEqual([]);
        // Invalid requests were rejected with a 4xx.
        expect(
          report.failures.filter((failure) => failure.check === "negative_data_rejection"),
          text,
        ).toEqual([]);
        // Every operation was exercised.
        const checked = new Set(report.operations.map((operation) => operation.operationId));
        for (const operationId of operations)
          expect(checked.has(operationId), operationId).toBe(true);
        expect(report.requests).toBeGreaterThan(operations.length);
        if (expectations.links === true) {
          expect(
            report.failures.filter((failure) => failure.phase === "stateful"),
            text,
          ).toEqual([]);
          const followed = report.operations
            .filter((operation) => operation.checks.includes("ensure_resource_availability"))
            .map((operation) => operation.operationId);
          // Marked on the link source: its links were followed and the targets answered 2xx.
          expect(followed).toEqual(expect.arrayContaining(["getUserByName", "getRepository"]));
          expect(
            planSequences(server.api)
              .filter((sequence) => sequence.source === "links")
              .map((sequence) => sequence.create.operationId),
          ).toEqual(expect.arrayContaining(["getUserByName", "getRepository"]));
        }
      } finally {
        await server.close();
      }
    },
    60_000,
  );
});
