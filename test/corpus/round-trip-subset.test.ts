/**
 * The runtime round trip (round-trip.ts) in `npm test`: the generated server and client of each
 * spec below meet over real HTTP on every operation. The fixtures in the repository always run;
 * the corpus entries skip with one line when ../shared is absent. `npm run test:corpus` runs the
 * round trip on every OpenAPI 3.x entry of the corpus.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_DIR, hasCorpus } from "./corpus-index.js";
import { roundTripSpec, type OperationOutcome } from "./round-trip.js";
import { ROOT } from "./run-entry.js";

/** Each spec, and the operations expected not to round-trip (excluded, with the reason's start). */
const FIXTURES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // event streams (JSON and text data), NDJSON, binary both ways, JSON or multipart, literal query, dot segments
  "test/fixtures/client-constructs/constructs.yaml": {},
  "test/fixtures/runtime-specs/multipart-and-binary.yaml": {},
  "test/fixtures/runtime-specs/operation-id-casing.yaml": {},
  // no 2XX (302, 404 with a body, 304, none declared), form encodings, recursive bodies, odd patterns, a $defs ref
  "test/fixtures/runtime-specs/harness-edges.yaml": {},
  // JSON-content parameters, nested form objects, label operators, oneOf [integer, string], text and array forms, JSON parts
  "test/fixtures/runtime-specs/wire-forms.yaml": {
    putNames: "application/x-www-form-urlencoded: generate warns: operation putNames",
  },
  // two templates that answer the same requests: generate warns, the second is never reached
  "test/fixtures/runtime-specs/routing.yaml": { clashSecond: "generate warns: clashFirst" },
  // AWS-style fragments: Action in the query, X-Amz-Target in a header, sub-resources; two alike
  "test/fixtures/runtime-specs/route-keys.yaml": { SameSecond: "generate warns: SameFirst" },
  // FastAPI's optional lists, a number-or-list unexploded, a JSON-encoded string part, a list of
  // lists, Stripe's deepObject list or "" (anyOf [array of objects, enum [""]])
  "test/fixtures/runtime-specs/optional-lists.yaml": {},
  // one bearer token for two OAuth 2 schemes of a requirement
  "test/fixtures/runtime-specs/shared-token.yaml": {},
  // XML bodies both ways, from the schemas' xml objects (issue 43, item 2)
  "test/fixtures/runtime-specs/xml-bodies.yaml": {},
};
const CORPUS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "heyapi/specs/3.1.x/sse-post.yaml": {},
  "readme/3.0/yaml/file-uploads.yaml": {},
  "readme/3.0/yaml/parameters-cookies.yaml": {},
  "readme/3.0/yaml/response-multiple-mediatypes.yaml": {},
  "readme/3.1/yaml/train-travel.yaml": {},
  "heyapi/specs/3.0.x/content-types.yaml": {},
  // every status as an operation's only response: 1XX cannot be a final answer, fetch fails a 407
  "readme/3.0/yaml/http-status-codes.yaml": {
    getStatus100: "its only response is 100",
    getStatus101: "its only response is 101",
    getStatus102: "its only response is 102",
    getStatus103: "its only response is 103",
    getStatus407: "its only response is 407",
  },
};

const present = hasCorpus();
if (!present) console.log(`round-trip corpus subset skipped: no shared corpus at ${CORPUS_DIR}`);

function check(
  operations: readonly OperationOutcome[],
  expected: Readonly<Record<string, string>>,
): void {
  const unexpected = operations.filter(
    (o) => o.outcome !== "round-tripped" && !(o.operationId in expected),
  );
  expect(unexpected, "operations that did not round-trip").toEqual([]);
  for (const [operationId, reason] of Object.entries(expected)) {
    const outcome = operations.find((o) => o.operationId === operationId);
    expect(outcome, operationId).toMatchObject({ outcome: "excluded" });
    expect(outcome?.reason.startsWith(reason), `${operationId}: ${outcome?.reason}`).toBe(true);
  }
}

describe("runtime round trip: fixtures", () => {
  it.each(Object.keys(FIXTURES))(
    "%s",
    async (spec) => {
      const result = await roundTripSpec(join(ROOT, spec), { workDir: ROOT });
      expect(result.total).toBeGreaterThan(0);
      check(result.operations, FIXTURES[spec]!);
    },
    120_000,
  );
});

describe.skipIf(!present)("runtime round trip: corpus subset", () => {
  it.each(Object.keys(CORPUS))(
    "%s",
    async (spec) => {
      const result = await roundTripSpec(join(CORPUS_DIR, spec), { workDir: ROOT });
      expect(result.total).toBeGreaterThan(0);
      check(result.operations, CORPUS[spec]!);
    },
    120_000,
  );
});
