/**
 * The generation cache (node_modules/.cache/petstore-generator under the working directory):
 * after one-line edits (a description, a schema keyword, a new operation; prose that ends a
 * comment, backticks, U+2028, CR) a run that reuses the cache writes exactly the bytes of a run
 * without it, on the pet store, vendored hard specs and, when ../shared is there, corpus specs;
 * a corrupt or foreign cache is ignored.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack, cacheDir } from "../../generator/cache/cache-pack.js";
import { isLiteralKey, isProse } from "../../generator/cache/without-prose.js";
import { render, type Rendered } from "../../generator/generate.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import {
  addOperation,
  copySpec,
  editDescription,
  editSchema,
  editSpec,
  operationsOf,
} from "./spec-edits.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function files(rendered: Rendered): Record<string, string> {
  return Object.fromEntries(rendered.files.map((file) => [file.path, file.content]));
}

async function renderBoth(
  spec: string,
  cwd: string,
): Promise<{ cached: Record<string, string>; cold: Record<string, string> }> {
  const options = { specPath: spec, outDir: join(cwd, "out"), cwd, apiName: "Api" };
  const cached = files(await render({ ...options, cache: true }));
  const cold = files(await render({ ...options, cache: false }));
  return { cached, cold };
}

/** Cold and cached renders agree before and after each edit . */
async function checkEdits(spec: string): Promise<void> {
  const { dir, spec: copy } = copySpec(spec);
  temps.push(dir);
  const first = await renderBoth(copy, dir);
  expect(first.cached).toEqual(first.cold);
  const edits: [string, (document: Record<string, unknown>) => void][] = [
    ["description", (document) => editDescription(document, 0, "edited-once")],
    ["another description", (document) => editDescription(document, 1, "edited-twice")],
    ["schema", (document) => void editSchema(document, 77)],
    ["new operation", (document) => addOperation(document, "addedByTheTest")],
  ];
  let previous = first.cold;
  for (const [what, edit] of edits) {
    editSpec(copy, edit);
    const { cached, cold } = await renderBoth(copy, dir);
    expect(cached, `cached render after the ${what} edit`).toEqual(cold);
    if (what !== "schema")
      expect(cold, `the ${what} edit changes the output`).not.toEqual(previous);
    previous = cold;
  }
}

describe("incremental generation", () => {
  it("writes what a cold run writes after edits of the pet store spec", async () => {
    await checkEdits(join(ROOT, "spec/openapi.yaml"));
  }, 300_000);

  it("writes what a cold run writes after edits of vendored hard specs (external refs, composition)", async () => {
    await checkEdits(join(ROOT, "test/fixtures/hard/external.yaml"));
    await checkEdits(join(ROOT, "test/fixtures/hard/composition.yaml"));
  }, 300_000);

  it("writes what a cold run writes after hostile edits of an operation's and a schema's prose", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"));
    temps.push(dir);
    let previous = (await renderBoth(spec, dir)).cold;
    // text that ends a comment, opens a template or a tag, and breaks lines in ways JavaScript
    // (U+2028, U+2029, CR) and TypeScript's comment printer read as line ends
    const hostile = [
      "ends */ evil(); /* here",
      "a `template ${literal}` and </script>",
      "line\u2028separator\u2029paragraph\r\ncarriage\rreturn",
      "@deprecated at a line start\n@see also\n*/",
    ];
    for (const [index, word] of hostile.entries()) {
      editSpec(spec, (document) => {
        const operation = operationsOf(document)[0]?.operation;
        if (operation === undefined) throw new Error("the pet store has no operation");
        operation.description = `Edit ${index}: ${word}`;
        if (index % 2 === 1) operation.summary = `Summary ${index}: ${word}`;
        const schemas = (
          document.components as { schemas: Record<string, { description?: string }> }
        ).schemas;
        const first = Object.values(schemas)[0];
        if (first !== undefined) first.description = `Schema edit ${index}: ${word}`;
        // the prose mcp.ts shows inside its tools' schemas: a parameter's and a request body's
        for (const { operation: each } of operationsOf(document)) {
          const parameter = (
            each.parameters as { $ref?: string; description?: string }[] | undefined
          )?.find((entry) => entry.$ref === undefined);
          if (parameter !== undefined) parameter.description = `Parameter edit ${index}: ${word}`;
          const body = each.requestBody as { $ref?: string; description?: string } | undefined;
          if (body !== undefined && body.$ref === undefined)
            body.description = `Body edit ${index}: ${word}`;
        }
        // spec text that looks like one of mcp.ts's prose slots (emit/mcp/mcp-prose-slots.ts):
        // its characters, or the text they are printed as
        (document.info as { version: string }).version =
          index === 2
            ? "1.0.0-\u0001summary 0\u0002"
            : index === 3
              ? "1.0.0-\\u0001summary 0\\u0002"
              : "1.0.0";
      });
      const { cached, cold } = await renderBoth(spec, dir);
      expect(cached, `cached render after hostile edit ${index}`).toEqual(cold);
      expect(cold, `hostile edit ${index} changes the output`).not.toEqual(previous);
      // the text may stand in a string literal (mcp.ts) but never ends a comment early
      const commentLines = Object.entries(cold).flatMap(([path, content]) =>
        content
          .split("\n")
          .filter((text) => /^\s*(\/\*\*|\*)/.test(text))
          .map((line) => [path, line] as const),
      );
      for (const [path, line] of commentLines)
        expect(line, `${path} after hostile edit ${index}`).not.toContain("*/ evil()");
      if (index === 0)
        expect(commentLines.filter(([, line]) => line.includes("evil()")).length).toBeGreaterThan(
          3,
        );
      previous = cold;
    }
    // openapi-typescript's escape of a comment's end, in types.ts: after the last edit too
    expect(previous["types.ts"]).toContain("*\\/");
  }, 300_000);

  it("writes what a cold run writes after every description and summary changes, a schema's own summary included", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"));
    temps.push(dir);
    // a `summary` on every component schema: not a schema keyword, yet shown where the schemas
    // are (the validators' and mcp.ts's schemas carried it while their keys left it out)
    editSpec(spec, (document) => {
      const schemas = (document.components as { schemas: Record<string, object> }).schemas;
      for (const [name, schema] of Object.entries(schemas))
        Object.assign(schema, { summary: `About ${name}` });
    });
    let previous = (await renderBoth(spec, dir)).cold;
    for (const round of [1, 2]) {
      let edited = 0;
      editSpec(spec, (document) => {
        // every prose string outside literal values (what the prose-free copy drops)
        const visit = (node: unknown): void => {
          if (Array.isArray(node)) return node.forEach(visit);
          if (node === null || typeof node !== "object") return;
          const object = node as Record<string, unknown>;
          for (const [key, value] of Object.entries(object)) {
            if (isProse(key, value)) {
              object[key] = `${String(value)} (round ${round})`;
              edited++;
            } else if (!isLiteralKey(key)) visit(value);
          }
        };
        visit(document);
      });
      expect(edited).toBeGreaterThan(50);
      const { cached, cold } = await renderBoth(spec, dir);
      expect(cached, `cached render after prose edit round ${round}`).toEqual(cold);
      expect(cold).not.toEqual(previous);
      previous = cold;
    }
  }, 300_000);

  const corpus = hasCorpus();
  if (!corpus)
    console.log(
      `incremental generation on corpus specs skipped: no shared corpus at ${CORPUS_DIR}`,
    );
  it.skipIf(!corpus)(
    "writes what a cold run writes after edits of corpus specs",
    async () => {
      for (const spec of [
        "readme/3.1/yaml/train-travel.yaml",
        "heyapi/specs/3.0.x/external.yaml",
      ]) {
        const path = join(CORPUS_DIR, spec);
        if (existsSync(path)) await checkEdits(path);
      }
    },
    600_000,
  );

  it("ignores corrupt cache entries and packs, and entries of another generator version", async () => {
    const { dir, spec } = copySpec(join(ROOT, "spec/openapi.yaml"));
    temps.push(dir);
    const cold = (await renderBoth(spec, dir)).cold;
    // corrupt every pack: half get their entries' text changed (hash no longer matches), half are truncated
    const packs = readdirSync(cacheDir(dir), { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile(),
    );
    expect(packs.length).toBeGreaterThan(3);
    packs.forEach((entry, index) => {
      const path = join(entry.parentPath, entry.name);
      const text = readFileSync(path, "utf8");
      // the YAML pieces (load/yaml-sections.ts, not JSON) are truncated
      if (index % 2 === 0 && entry.name.endsWith(".json")) {
        // a pack is its entries' texts one after the other, then a newline and a header line (cache/cache-pack.ts)
        const bytes = readFileSync(path);
        const start = bytes.lastIndexOf(0x0a, bytes.length - 2);
        const header = JSON.parse(bytes.toString("utf8", start + 1)) as {
          at: number;
          entries: { at: number; bytes: number }[];
        };
        let offset = 0;
        const texts = header.entries.map((entry) => {
          const text = bytes.toString("utf8", entry.at, entry.at + entry.bytes);
          const tampered = Buffer.from(`${text.replace(/[a-z]/, "X")}// tampered\n`);
          entry.at = offset;
          entry.bytes = tampered.length;
          offset += entry.bytes;
          return tampered;
        });
        header.at = offset + 1;
        writeFileSync(
          path,
          Buffer.concat([...texts, Buffer.from(`\n${JSON.stringify(header)}\n`)]),
        );
      } else {
        writeFileSync(path, text.slice(0, Math.floor(text.length / 2)));
      }
    });
    const after = files(
      await render({
        specPath: spec,
        outDir: join(dir, "out"),
        cwd: dir,
        apiName: "Api",
        cache: true,
      }),
    );
    expect(after).toEqual(cold);
    expect(Object.values(after).some((content) => content.includes("tampered"))).toBe(false);
  }, 300_000);

  it("checks each entry: a tampered text is rejected, another salt (generator version) misses", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cache-pack-"));
    temps.push(dir);
    const pack = CachePack.open(dir, "unit/a", "salt 1");
    pack.set("input", "output");
    pack.save();
    expect(CachePack.open(dir, "unit/a", "salt 1").get("input")).toBe("output");
    expect(CachePack.open(dir, "unit/a", "salt 2").get("input")).toBeUndefined();
    const file = join(cacheDir(dir), "unit/a.json");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^output/, "0utput"));
    const tampered = CachePack.open(dir, "unit/a", "salt 1");
    expect(tampered.get("input")).toBeUndefined();
    expect(tampered.rejected).toBe(1);
  });

  it("keeps texts as they are before a header line: any text round-trips, a truncated pack is ignored", () => {
    const dir = mkdtempSync(join(tmpdir(), "cache-pack-"));
    temps.push(dir);
    const texts = [
      "plain",
      "",
      '{"json": "with \\"quotes\\" and\\nescapes"}\n',
      "lines\nand\r\nCR\r, U+2028\u2028, emoji \u{1F600}",
      "a lone surrogate \ud800 and \udc00",
      "U+FFFD \ufffd, what UTF-8 makes of a lone surrogate, stored as it is",
      "\n{not a header}\n",
    ];
    const pack = CachePack.open(dir, "unit/b", "salt");
    texts.forEach((text, index) => pack.set(`input ${index}`, text));
    pack.save();
    const file = join(cacheDir(dir), "unit/b.json");
    const raw = readFileSync(file, "utf8");
    // stored as they are (not escaped into JSON), but for the one UTF-8 cannot carry
    expect(raw).toContain("lines\nand\r\nCR");
    expect(raw).toContain("U+FFFD \ufffd, what");
    const reopened = CachePack.open(dir, "unit/b", "salt");
    texts.forEach((text, index) => expect(reopened.get(`input ${index}`)).toBe(text));
    expect(reopened.rejected).toBe(0);
    writeFileSync(file, raw.slice(0, -1));
    const truncated = CachePack.open(dir, "unit/b", "salt");
    expect(truncated.get("input 0")).toBeUndefined();
    expect(truncated.rejected).toBe(1);
    writeFileSync(file, raw.slice(1));
    const headless = CachePack.open(dir, "unit/b", "salt");
    expect(headless.get("input 1")).toBeUndefined();
    expect(headless.rejected).toBe(1);
  });

  it("writes the entries a run used: those read again as they were, new ones, none other", () => {
    const dir = mkdtempSync(join(tmpdir(), "cache-pack-"));
    temps.push(dir);
    const first = CachePack.open(dir, "unit/c", "salt");
    ["kept \u00e9\u{1F600}", "dropped", "replaced"].forEach((text, index) =>
      first.set(`input ${index}`, text),
    );
    first.save();
    const second = CachePack.open(dir, "unit/c", "salt");
    expect(second.get("input 0")).toBe("kept \u00e9\u{1F600}");
    expect(second.get("input 2")).toBe("replaced");
    second.set("input 2", "replacement \ud800");
    second.set("input 3", "new");
    second.save();
    const third = CachePack.open(dir, "unit/c", "salt");
    expect(third.get("input 0")).toBe("kept \u00e9\u{1F600}");
    expect(third.get("input 1")).toBeUndefined();
    expect(third.get("input 2")).toBe("replacement \ud800");
    expect(third.get("input 3")).toBe("new");
    expect(third.rejected).toBe(0);
    // a text changed in place (same length) fails its hash: that entry alone is dropped
    const file = join(cacheDir(dir), "unit/c.json");
    writeFileSync(file, readFileSync(file, "utf8").replace("new", "NEW"));
    const tampered = CachePack.open(dir, "unit/c", "salt");
    expect(tampered.get("input 3")).toBeUndefined();
    expect(tampered.get("input 0")).toBe("kept \u00e9\u{1F600}");
    expect(tampered.rejected).toBe(1);
  });
});
