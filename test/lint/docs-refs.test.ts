/**
 * Every fix the docs and the lint configuration tell a spec author to paste points at something
 * that exists: each `#/components/<kind>/<Name>` named in docs/contract.md, docs/review.md and
 * redocly.yaml (its messages and house/declared-statuses' shared responses) is in spec/openapi.yaml.
 * (docs/contract.md once told authors to `$ref` a `#/components/responses/Gone` that did not exist.)
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CONFIG_PATH, ROOT, SPEC_PATH, type Doc } from "./helpers.js";

const spec: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
const REF =
  /#\/components\/(schemas|responses|headers|parameters|securitySchemes)\/([A-Za-z0-9_.-]+)/g;

function refsIn(text: string): string[] {
  return [...text.matchAll(REF)].map((match) => `${match[1]}/${match[2]}`);
}

describe("the fixes the docs suggest point at components that exist", () => {
  for (const file of ["docs/contract.md", "docs/review.md", "redocly.yaml"]) {
    it(file, () => {
      const refs = refsIn(readFileSync(path.join(ROOT, file), "utf8"));
      const missing = refs.filter((ref) => {
        const [kind = "", name = ""] = ref.split("/");
        return spec.components?.[kind]?.[name] === undefined;
      });
      expect(missing).toEqual([]);
    });
  }

  it("house/declared-statuses suggests shared responses the spec has", () => {
    const config: Doc = parse(readFileSync(CONFIG_PATH, "utf8"));
    const shared: Record<string, string> = config.rules["house/declared-statuses"].responses;
    expect(Object.keys(shared).length).toBeGreaterThan(0);
    for (const [status, name] of Object.entries(shared)) {
      expect(spec.components.responses[name], `${status}: ${name}`).toBeDefined();
    }
  });
});
