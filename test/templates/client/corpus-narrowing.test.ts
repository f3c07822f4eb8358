/**
 * Status narrowing and typed headers on two real specs of the corpus, through the types our
 * generator emits for them (openapi-typescript's `operations`, committed under
 * test/fixtures/corpus-types): the OAI "petstore-expanded" (a `default` error response) and the
 * Train Travel API (OpenAPI 3.1, `application/problem+json` errors, `RateLimit` and `Retry-After`
 * response headers). Each `@ts-expect-error` fails the type check if its line starts compiling.
 * The last test regenerates the fixtures from ../shared/corpus, so they cannot drift from it.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  UnexpectedResponseBody,
  type OperationResult,
  type OperationSuccess,
  type UndeclaredBody,
} from "../../../templates/client/index.js";
import type * as Expanded from "../../fixtures/corpus-types/petstore-expanded.js";
import type * as Travel from "../../fixtures/corpus-types/train-travel.js";

type ExpandedPet = Expanded.components["schemas"]["Pet"];
type ExpandedError = Expanded.components["schemas"]["Error"];
type Problem = Travel.components["schemas"]["Problem"];
type Booking = Travel.components["schemas"]["Booking"];

describe("petstore-expanded (OAI examples): a default error response", () => {
  type Find = OperationResult<Expanded.operations["find pet by id"]>;
  type Delete = OperationResult<Expanded.operations["deletePet"]>;

  it("narrows 200 to the pet and every other failure to default's Error", () => {
    const show = (r: Find): string => {
      if (r.status === 200 && r.ok) {
        expectTypeOf(r.data).toEqualTypeOf<ExpandedPet>();
        return r.data.name;
      }
      if (r.status === 404) {
        // no 404 is declared: `default` covers it
        expectTypeOf(r.error).toEqualTypeOf<ExpandedError | UnexpectedResponseBody>();
        expectTypeOf(r.data).toEqualTypeOf<undefined>();
      }
      if (!r.ok) {
        // default covers every non-2XX status, so nothing is left untyped
        expectTypeOf(r.error).toEqualTypeOf<ExpandedError | UnexpectedResponseBody>();
        return r.error instanceof UnexpectedResponseBody ? r.error.text : r.error.message;
      }
      // a 2XX other than 200 (none declared): typed with the declared success body
      expectTypeOf(r.data).toEqualTypeOf<ExpandedPet>();
      return r.data.name;
    };
    expectTypeOf(show).toBeFunction();
  });

  it("types a 204 without content as undefined data", () => {
    const done = (r: Delete): boolean => {
      if (r.status === 204) {
        expectTypeOf(r.data).toEqualTypeOf<undefined>();
        return true;
      }
      return false;
    };
    expectTypeOf(done).toBeFunction();
    expectTypeOf<
      OperationSuccess<Expanded.operations["deletePet"]>["data"]
    >().toEqualTypeOf<undefined>();
  });
});

describe("Train Travel API (OpenAPI 3.1): problem+json errors and declared headers", () => {
  type Get = OperationResult<Travel.operations["get-booking"]>;
  type Create = OperationResult<Travel.operations["create-booking"]>;

  it("narrows each declared error status to the problem document", () => {
    const show = (r: Get): string => {
      if (r.status === 200 && r.ok) {
        expectTypeOf(r.data).toMatchTypeOf<Booking>();
        return r.data.id ?? "";
      }
      if (r.status === 404) {
        expectTypeOf(r.error).toEqualTypeOf<Problem | UnexpectedResponseBody>();
        return r.error instanceof UnexpectedResponseBody ? r.error.text : (r.error.title ?? "");
      }
      if (r.status === 409) {
        // get-booking declares no 409 and no default: the body may be anything
        expectTypeOf(r.error).toEqualTypeOf<UndeclaredBody>();
        return "conflict";
      }
      return "";
    };
    expectTypeOf(show).toBeFunction();
    // create-booking does declare a 409
    expectTypeOf<Extract<Create, { status: 409 }>["error"]>().toEqualTypeOf<
      Problem | UnexpectedResponseBody
    >();
  });

  it("types each status's declared headers, and only those", () => {
    const wait = (r: Get): string | undefined => {
      if (r.status === 429) {
        expectTypeOf(r.headers["Retry-After"]).toEqualTypeOf<string | undefined>();
        expectTypeOf(r.headers.RateLimit).toEqualTypeOf<string | undefined>();
        return r.headers["Retry-After"];
      }
      if (r.status === 200) {
        // @ts-expect-error Retry-After is declared on the 429 only
        return r.headers["Retry-After"];
      }
      return undefined;
    };
    expectTypeOf(wait).toBeFunction();
  });
});

const corpus = resolve(import.meta.dirname, "../../../../shared/corpus");
const execute = promisify(execFile);

describe.skipIf(!existsSync(corpus))("the fixtures (skipped: ../shared/corpus is absent)", () => {
  it("are what the generator emits for the corpus specs today", async () => {
    const out = await mkdtemp(join(tmpdir(), "corpus-types-"));
    try {
      for (const [spec, fixture] of [
        ["oai/examples/v3.0/petstore-expanded.yaml", "petstore-expanded.ts"],
        ["readme/3.1/yaml/train-travel.yaml", "train-travel.ts"],
      ] as const) {
        const root = resolve(import.meta.dirname, "../../..");
        await execute(
          process.execPath,
          ["generator/run.mjs", "cli", "--spec", join(corpus, spec), "--out", join(out, fixture)],
          { cwd: root },
        );
        const generated = await readFile(join(out, fixture, "types.ts"), "utf8");
        const committed = await readFile(join(root, "test/fixtures/corpus-types", fixture), "utf8");
        expect(generated, `regenerate test/fixtures/corpus-types/${fixture} from ${spec}`).toBe(
          committed,
        );
      }
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 120_000);
});
