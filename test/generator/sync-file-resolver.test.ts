/**
 * The generator's synchronous file reader for Redocly's bundler (generator/load/sync-file-resolver.ts)
 * against Redocly's own: the same bundle, the same files, the same problems.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BaseResolver, bundle, createConfig } from "@redocly/openapi-core";
import { afterAll, describe, expect, it } from "vitest";
import { SyncFileResolver } from "../../generator/load/sync-file-resolver.js";
import { YamlPieces } from "../../generator/load/yaml-sections.js";

const work = mkdtempSync(join(tmpdir(), "sync-resolver-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function spec(ref: string): string {
  return [
    "openapi: 3.0.3",
    "info: { title: T, version: 1.0.0 }",
    "paths:",
    "  /pets:",
    "    get:",
    "      responses:",
    '        "200":',
    "          description: ok",
    "          content:",
    "            application/json:",
    `              schema: { $ref: "${ref}" }`,
    "",
  ].join("\n");
}

async function bundled(root: string, resolver: BaseResolver) {
  const config = await createConfig({ rules: {} });
  const result = await bundle({
    ref: root,
    config,
    dereference: false,
    externalRefResolver: resolver,
  });
  return {
    document: result.bundle.parsed,
    files: [...result.fileDependencies].sort(),
    problems: result.problems.map((problem) => problem.message),
  };
}

describe("SyncFileResolver", () => {
  it("bundles split specs (CRLF line ends too) as Redocly's resolver does", async () => {
    mkdirSync(join(work, "schemas"), { recursive: true });
    writeFileSync(
      join(work, "schemas", "pet.yaml"),
      'type: object\r\nproperties:\r\n  name: { type: string, description: "a\r\n    b" }\r\n  tag: { $ref: "./tag.yaml" }\r\n',
    );
    writeFileSync(join(work, "schemas", "tag.yaml"), "type: string\nenum: [a, b]\n");
    writeFileSync(join(work, "split.yaml"), spec("./schemas/pet.yaml"));
    const ours = await bundled(join(work, "split.yaml"), new SyncFileResolver());
    expect(ours).toEqual(await bundled(join(work, "split.yaml"), new BaseResolver()));
    expect(ours.files.map((file) => file.slice(work.length))).toEqual([
      "/schemas/pet.yaml",
      "/schemas/tag.yaml",
      "/split.yaml",
    ]);
    expect(ours.problems).toEqual([]);
    // the text each file is read as (its locations in problems)
    for (const file of ours.files) {
      const text = (await new SyncFileResolver().loadExternalRef(file)).body;
      expect(text, file).toBe((await new BaseResolver().loadExternalRef(file)).body);
      expect(text, file).not.toContain("\r");
    }
  });

  it("keeps each file's parse by its text (yaml-sections.ts), parsing again only an edited file", async () => {
    const dir = join(work, "kept");
    mkdirSync(join(dir, "schemas"), { recursive: true });
    writeFileSync(
      join(dir, "schemas", "pet.yaml"),
      "type: object\nproperties:\n  tag: { $ref: ./tag.yaml }\n",
    );
    writeFileSync(join(dir, "schemas", "tag.yaml"), "type: string\nenum: [a, b]\n");
    writeFileSync(join(dir, "split.yaml"), spec("./schemas/pet.yaml"));
    const root = join(dir, "split.yaml");
    const run = async () => {
      const pieces = YamlPieces.open(dir, root, "test");
      const result = await bundled(root, new SyncFileResolver(undefined, pieces));
      pieces.save();
      expect(result).toEqual(await bundled(root, new BaseResolver()));
      return pieces.parsed;
    };
    expect(await run()).toBe(3);
    expect(await run(), "nothing changed").toBe(0);
    writeFileSync(join(dir, "schemas", "tag.yaml"), "type: string\nenum: [a, b, c]\n");
    expect(await run(), "the edited file").toBe(1);
  });

  it("leaves missing files and folders to Redocly's reader, which reports them", async () => {
    for (const [name, ref] of [
      ["missing.yaml", "./nowhere.yaml"],
      ["folder.yaml", "./schemas"],
    ] as const) {
      writeFileSync(join(work, name), spec(ref));
      const ours = await bundled(join(work, name), new SyncFileResolver());
      expect(ours, name).toEqual(await bundled(join(work, name), new BaseResolver()));
      expect(ours.problems.length, name).toBeGreaterThan(0);
    }
  });
});

describe("JSON documents", () => {
  it("parses JSON with JSON.parse into what Redocly's YAML parser reads, and leaves YAML and broken JSON to Redocly", async () => {
    const { documentFromText } = await import("../../generator/load/sync-file-resolver.js");
    const { makeDocumentFromString } = await import("@redocly/openapi-core");
    const texts = [
      '{ "openapi": "3.0.3", "info": { "title": "T \\u2028 é", "version": "1" }, "paths": {}, "x": [1, 2.5e3, -0, null, true], "__proto__": { "a": 1 } }',
      '  \n[1, {"a": "b"}]',
      "openapi: 3.0.3\ninfo: { title: T, version: 1.0.0 }\n",
    ];
    for (const text of texts) {
      const ours = documentFromText(text, join(work, "doc.json"));
      expect(ours.parsed).toEqual(makeDocumentFromString(text, join(work, "doc.json")).parsed);
      expect(ours.source.body).toBe(text);
    }
    // a JSON syntax error goes to Redocly: the same outcome as before (its error, or its reading)
    const broken = '{ "a": 1,\n  "b": }';
    const redocly = (() => {
      try {
        return makeDocumentFromString(broken, join(work, "bad.json"));
      } catch (error) {
        return error;
      }
    })();
    const ours = (() => {
      try {
        return documentFromText(broken, join(work, "bad.json"));
      } catch (error) {
        return error;
      }
    })();
    expect(ours).toEqual(redocly);
  });
});
