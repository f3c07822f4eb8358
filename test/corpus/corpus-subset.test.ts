/**
 * The fast corpus subset in `npm test`: a handful of real specs covering the hard features
 * (composition, nullable, discriminators, odd names and ids, missing operationIds, cookies,
 * ranges, YAML anchors, external refs, 3.1 `type: null`, cycles), the largest one (Stripe), and
 * a Swagger 2.0 one that must be refused clearly. `npm run test:corpus` runs every entry.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CORPUS_DIR, hasCorpus, readCorpusIndex } from "./corpus-index.js";
import { ROOT, runEntry } from "./run-entry.js";

/**
 * The outcome each entry must have, and the options a user of that spec would pass (hey-api's
 * `full` specs use `{api-version}` in paths without declaring it: refused by default).
 */
const LENIENT = ["--allow-undeclared-path-parameters"];
const SUBSET: Readonly<
  Record<string, "type-checks" | "refused" | { outcome: "type-checks"; args: string[] }>
> = {
  "heyapi/specs/3.0.x/full.yaml": { outcome: "type-checks", args: LENIENT },
  "heyapi/specs/3.1.x/full.yaml": { outcome: "type-checks", args: LENIENT },
  "heyapi/specs/3.0.x/external.yaml": "type-checks",
  "readme/3.0/yaml/discriminators.yaml": "type-checks",
  "ots/packages/openapi-typescript/test/fixtures/anchor-with-ref-test-2.yaml": "type-checks",
  "ots/packages/openapi-react-query/test/fixtures/api.yaml": "type-checks",
  "stripe/openapi/spec3.yaml": "type-checks",
  "oai/examples/v2.0/yaml/petstore-expanded.yaml": "refused",
};

const present = hasCorpus();
if (!present) console.log(`corpus subset skipped: no shared corpus at ${CORPUS_DIR}`);
const work = present ? mkdtempSync(join(ROOT, ".tmp-corpus-")) : "";
afterAll(() => {
  if (work !== "") rmSync(work, { recursive: true, force: true });
});
const entries = present ? readCorpusIndex().filter((entry) => entry.path in SUBSET) : [];

describe.skipIf(!present)("corpus subset", () => {
  it("lists every subset entry in the index", () => {
    expect(entries.map((entry) => entry.path).sort()).toEqual(Object.keys(SUBSET).sort());
  });

  it.each(entries.map((entry) => [entry.path, entry] as const))(
    "%s",
    async (path, entry) => {
      const want = SUBSET[path]!;
      const result = await runEntry(
        entry,
        work,
        600_000,
        typeof want === "string" ? [] : want.args,
      );
      expect({ outcome: result.outcome, note: result.note }).toMatchObject({
        outcome: typeof want === "string" ? want : want.outcome,
      });
    },
    900_000,
  );
});
