/**
 * One odd schema never fails a whole run (test/fixtures/odd/odd-schemas.yaml, OpenAPI 3.1): what
 * validators refuse but the authors meant is repaired with a warning naming its JSON pointer, a
 * schema that still cannot be compiled relaxes only its own check (reported with its operation and
 * pointer), and everything else is generated and validated as usual.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { ROOT } from "./cli-helper.js";
import { typecheckFolders } from "./typecheck.js";

const work = mkdtempSync(join(ROOT, ".tmp-odd-"));
let warnings: readonly string[] = [];

type Check = (value: unknown) => boolean;

beforeAll(async () => {
  const { rendered } = await generate({
    specPath: join(ROOT, "test/fixtures/odd/odd-schemas.yaml"),
    outDir: work,
    cwd: ROOT,
  });
  warnings = rendered.warnings;
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("odd schemas", () => {
  it("are repaired with a warning naming each JSON pointer", () => {
    expect(warnings).toEqual(
      expect.arrayContaining([
        "#/paths/~1tags/get/parameters/0/schema: an empty enum allows no value: ignored",
        "#/components/schemas/Pet/properties/status: an empty enum allows no value: ignored",
        '#/components/schemas/Pet/properties/photo: type "file" is no JSON Schema type: read as a binary string',
        '#/components/schemas/Pet/properties/extra: type "any" is no JSON Schema type: removed (any type is allowed)',
      ]),
    );
  });

  it("report a validator that cannot be compiled with its operation and pointer", () => {
    const relaxed = warnings.filter((warning) => warning.includes("could not be compiled"));
    expect(relaxed).toEqual([
      "operation listTags (GET /tags), response 200: #/paths/~1tags/get/responses/200/content/application~1json/schema: " +
        "the schema could not be compiled into a validator (Invalid regular expression: /[/: Unterminated character class): " +
        "this check accepts any value",
    ]);
  });

  it("relax only that check: the other validators still check", async () => {
    const bodies = (await import(pathToFileURL(join(work, "validators/bodies.js")).href)) as Record<
      string,
      Check
    >;
    const parameters = (await import(
      pathToFileURL(join(work, "validators/parameters.js")).href
    )) as Record<string, Check>;
    expect(bodies.listTags$200?.("not a map")).toBe(true);
    expect(bodies.createPet$body?.({ name: "Rex", status: "anything", photo: "bytes" })).toBe(true);
    expect(bodies.createPet$body?.({ status: "sold" })).toBe(false);
    expect(bodies.createPet$body?.({ name: "" })).toBe(false);
    expect(bodies.createPet$201?.({ name: 1 })).toBe(false);
    const query = (sort: unknown) => ({ path: {}, query: { sort }, header: {}, cookie: {} });
    expect(parameters.listTags$params?.(query("newest"))).toBe(true);
  });

  it("generate code that type-checks under strict", () => {
    expect(typecheckFolders([work])).toEqual([]);
  }, 180_000);
});
