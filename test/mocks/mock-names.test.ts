/**
 * mocks.ts names its body and header constants from their content and declares them in name
 * order, so a spec change touches only its own lines: a new operation (put first in the spec) and
 * an edited example leave every other constant and every other operation's entry as it was.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { render } from "../../generator/generate.js";
import { ROOT, SPEC_PATH, type Doc } from "../lint/helpers.js";

const work = mkdtempSync(join(tmpdir(), "mock-names-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Renders `doc` (written as `<name>.yaml`) without the cache. */
async function renderDoc(name: string, doc: Doc) {
  const specPath = join(work, `${name}.yaml`);
  writeFileSync(specPath, stringify(doc));
  return render({ specPath, outDir: join(work, `out-${name}`), cwd: ROOT, cache: false });
}

async function mocksOf(name: string, doc: Doc): Promise<string> {
  const rendered = await renderDoc(name, doc);
  const file = rendered.files.find((candidate) => candidate.path === "mocks.ts");
  if (file === undefined) throw new Error("no mocks.ts");
  return String(file.content);
}

/** `const NAME... = ...;` declarations of mocks.ts, by name. */
function constants(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/^const ((?:BODY|HEADERS)_[0-9a-f]+)\b[\s\S]*?;$/gm)) {
    found.set(match[1] as string, match[0]);
  }
  return found;
}

/** The MOCK_OPERATIONS entry of each operation (`  listPets: { ... },`). */
function entries(text: string): Map<string, string> {
  const table = text.slice(text.indexOf("export const MOCK_OPERATIONS"));
  const found = new Map<string, string>();
  for (const match of table.matchAll(/^ {2}(\w+): \{\n[\s\S]*?^ {2}\},$/gm)) {
    found.set(match[1] as string, match[0]);
  }
  return found;
}

describe("an example that does not match its schema", () => {
  it("is replaced by generated data in mocks.ts, with a warning naming it (as lint does)", async () => {
    const doc: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
    doc.paths["/store/orders/{orderId}"].get.responses["200"].content["application/json"].example =
      {
        id: "seven",
      };
    const rendered = await renderDoc("bad-example", doc);
    expect(rendered.warnings).toContain(
      "the example of getOrder 200 (application/json) does not match its schema: mocks.ts answers generated data instead (fix the example; lint reports it as no-invalid-media-type-examples)",
    );
    const mocks = String(rendered.files.find((file) => file.path === "mocks.ts")?.content);
    expect(mocks).not.toContain('"seven"');
  }, 120_000);
});

describe("callbacks and webhooks", () => {
  it("generate says it leaves them out, naming them, rather than dropping them silently", async () => {
    const doc: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
    doc.paths["/store/orders"].post.callbacks = {
      orderShipped: {
        "{$request.body#/callbackUrl}": {
          post: { responses: { "204": { description: "Received." } } },
        },
      },
    };
    const rendered = await renderDoc("callbacks", doc);
    expect(rendered.warnings).toContain(
      "placeOrder declares callback orderShipped: the generated client and server leave callbacks out (the server sends them itself)",
    );
  }, 120_000);
});

describe("mocks.ts constants are named by content", () => {
  it("a new operation and an edited example change only their own lines", async () => {
    const base: Doc = parse(readFileSync(SPEC_PATH, "utf8"));
    const before = await mocksOf("base", base);
    const head: Doc = structuredClone(base);
    head.paths = {
      "/pets/count": {
        get: {
          ...structuredClone(base.paths["/store/inventory"].get),
          operationId: "countPets",
        },
      },
      ...head.paths,
    };
    head.paths["/store/orders/{orderId}"].get.responses["200"].content["application/json"].example =
      {
        id: 77,
        petId: 1,
        quantity: 3,
        shipDate: "2026-12-01T09:00:00Z",
        complete: false,
      };
    const after = await mocksOf("head", head);

    const [oldConstants, newConstants] = [constants(before), constants(after)];
    expect(oldConstants.size).toBeGreaterThan(5);
    const gone = [...oldConstants.keys()].filter((name) => !newConstants.has(name));
    const added = [...newConstants.keys()].filter((name) => !oldConstants.has(name));
    expect(gone.length, `gone: ${gone.join(", ")}`).toBeLessThanOrEqual(1); // the edited example
    expect(added.length, `added: ${added.join(", ")}`).toBe(1);
    for (const [name, text] of oldConstants) {
      if (newConstants.has(name)) expect(newConstants.get(name), name).toBe(text);
    }

    const [oldEntries, newEntries] = [entries(before), entries(after)];
    expect(oldEntries.size).toBe(17);
    expect(newEntries.has("countPets")).toBe(true);
    for (const [operation, text] of oldEntries) {
      if (operation === "getOrder") expect(newEntries.get(operation)).not.toBe(text);
      else expect(newEntries.get(operation), operation).toBe(text);
    }
  }, 120_000);
});
