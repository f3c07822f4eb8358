/**
 * A YAML spec parsed section by section (generator/load/yaml-sections.ts) is the document the
 * whole parse gives (Redocly's parser), on the pet store, the vendored specs and corpus specs;
 * after a one-line edit only the piece the edit is in is parsed again; what cannot be cut safely
 * (an alias to another section's anchor, a repeated key, a merge key, a top-level sequence) is
 * refused, so the loader parses it whole; a corrupt cache file is ignored.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redoclyParseYaml, type ParseYaml } from "../../generator/internal/redocly-yaml.js";
import { startsLikeJson } from "../../generator/load/json-text.js";
import { NotSplittable, parseBySection, YamlPieces } from "../../generator/load/yaml-sections.js";
import { ROOT } from "./cli-helper.js";
import { vendoredSpecs } from "./vendored-specs.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

let parse: ParseYaml;
beforeAll(async () => {
  parse = await redoclyParseYaml();
});

const specs = vendoredSpecs(
  [
    "readme/3.1/yaml/train-travel.yaml",
    "heyapi/specs/3.1.x/full.yaml",
    "heyapi/specs/3.1.x/openai.yaml",
    "digitalocean/specification/DigitalOcean-public.v2.yaml",
    "stripe/openapi/spec3.yaml",
  ],
  { withDuplicates: true },
);

/** A fresh cache folder. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "yaml-sections-"));
  temps.push(dir);
  return dir;
}

/** The section-by-section document of `text`, or "refused". */
function bySection(text: string, pieces = YamlPieces.open(undefined, "spec", "test")): unknown {
  try {
    const document = parseBySection(text, parse, pieces);
    pieces.save();
    return document;
  } catch (error) {
    if (error instanceof NotSplittable) return "refused";
    throw error;
  }
}

describe("YAML parsed section by section", () => {
  it.each(specs)(
    "gives the whole parse's document for %s",
    (spec) => {
      const text = readFileSync(spec, "utf8");
      const got = bySection(text);
      if (got !== "refused") expect(got).toStrictEqual(parse(text));
      if (/openapi\.yaml|spec3\.yaml|DigitalOcean/.test(spec)) expect(got).not.toBe("refused");
    },
    120_000,
  );

  it("parses again only the piece a one-line edit is in, and ignores a corrupt cache", () => {
    const dir = folder();
    const text = readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8");
    const first = YamlPieces.open(dir, "spec", "test");
    expect(bySection(text, first)).toStrictEqual(parse(text));
    expect(first.parsed).toBeGreaterThan(10);
    const edited = text.replace(/^( {4}description: )(.+)$/m, "$1$2 edited");
    expect(edited).not.toBe(text);
    const second = YamlPieces.open(dir, "spec", "test");
    expect(bySection(edited, second)).toStrictEqual(parse(edited));
    expect(second.parsed, "the edited piece (and its key line)").toBeLessThanOrEqual(2);
    const salted = YamlPieces.open(dir, "spec", "another generator");
    expect(bySection(edited, salted)).toStrictEqual(parse(edited));
    expect(salted.parsed, "another salt reads nothing").toBe(first.parsed);
    const file = second.file ?? "";
    const data = readFileSync(file);
    data.writeUInt8((data.readUInt8(data.length - 5) ^ 0xff) & 0xff, data.length - 5);
    writeFileSync(file, data);
    const corrupt = YamlPieces.open(dir, "spec", "another generator");
    expect(bySection(edited, corrupt)).toStrictEqual(parse(edited));
    expect(corrupt.parsed).toBe(first.parsed);
  });

  const big = (body: string) => `${body}${"\n".repeat(1)}${"  # padding\n".repeat(2000)}`;
  it.each<[string, string]>([
    [
      "block scalars keep their lines",
      "a: |\n  one\n\n  # not a comment\n    deeper\nb: >-\n  folded\n  text\n",
    ],
    ["sequences at their key's indentation", big("tags:\n- a\n- b\npaths:\n  /x:\n    get: {}\n")],
    [
      "a nested section cut at its keys",
      big(
        "components:\n  schemas:\n    A: { type: string }\n    # a comment\n    B:\n      type: object\n  responses: {}\n",
      ),
    ],
    ["quoted keys", big("paths:\n  \"/a: b\":\n    get: {}\n  '/c':\n    put: {}\n")],
    ["an anchor used in its own section", "a:\n  x: &x { k: 1 }\n  y: *x\nb: 2\n"],
    ["comments above the first key", "# top\n\n# more\nopenapi: 3.1.0\ninfo: { title: T }\n"],
    [
      "an alias to a sibling's anchor inside a large section (that section parsed whole)",
      big("components:\n  schemas:\n    A: &a { type: string }\n    B: *a\n"),
    ],
    ["a start marker", "---\nopenapi: 3.1.0\ninfo: { title: T }\n"],
    ["a flow mapping over several lines", "info: { title: T,\n  version: 1 }\nx: [1,\n  2]\n"],
    [
      "keys and values in other scripts, cut as bytes",
      big(
        'components:\n  schemas:\n    Größe: { description: "😀 ünïcödé" }\n    名前:\n      type: string\n  responses: {}\npaths:\n  /é:\n    get: { summary: Ωmega }\n',
      ),
    ],
  ])("gives the whole parse's document: %s", (_what, text) => {
    const got = bySection(text);
    expect(got).not.toBe("refused");
    expect(got).toStrictEqual(parse(text));
  });

  it.each<[string, string]>([
    ["an alias to another section's anchor", "a: &x { k: 1 }\nb: *x\n"],
    ["a repeated key", "a: 1\nb: 2\na: 3\n"],
    ["a merge key", "<<: { a: 1 }\nb: 2\n"],
    ["a top-level sequence", "- a\n- b\n"],
    ["several documents", "a: 1\n---\nb: 2\n"],
    ["a syntax error", "a: [1, 2\nb: 2\n"],
    ["tabs", "a:\n\tb: 1\n"],
    ["a byte order mark", "\uFEFFa: 1\nb: 2\n"],
    ["a __proto__ key", "a:\n  __proto__: 1\nb: 2\n"],
  ])("refuses %s (the loader parses it whole)", (_what, text) => {
    expect(bySection(text)).toBe("refused");
  });

  it("keys a piece cut from the file's bytes as the same piece's text (a cache written before stays good)", () => {
    const text = "paths:\n  /é:\n    get: { summary: 😀 }\n";
    const pieces = YamlPieces.open(undefined, "spec", "salt");
    expect(pieces.keyOfBytes("2\0", Buffer.from(text, "utf8"))).toBe(pieces.keyOf(`2\0${text}`));
    // the whole document from bytes and from text: the same values, under the same keys
    const fromBytes = YamlPieces.open(undefined, "spec", "salt");
    const fromText = YamlPieces.open(undefined, "spec", "salt");
    const input = `openapi: 3.0.3\n${text}`;
    const a = parseBySection(Buffer.from(input, "utf8"), parse, fromBytes) as { paths: object };
    const b = parseBySection(input, parse, fromText) as { paths: object };
    expect(a).toStrictEqual(parse(input));
    expect(b).toStrictEqual(a);
    expect(fromBytes.leaves.get(a.paths)).toBe(fromText.leaves.get(b.paths));
    expect(fromBytes.leaves.get(a.paths)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("startsLikeJson", () => {
  it.each<[string, string, boolean]>([
    ["an object", '{"openapi": "3.0.3"}', true],
    ["an array", "  [1]", true],
    ["a byte order mark, then an object", '\uFEFF{"a": 1}', true],
    ["spaces past the first 4 KiB, then an object", `${" ".repeat(5_000)}\n{}`, true],
    ["spaces past the first 4 KiB, then YAML", `${" ".repeat(5_000)}\na: 1`, false],
    ["YAML", "openapi: 3.0.3\n", false],
    ["YAML with a flow mapping later", "a: {b: 1}\n", false],
    ["an empty file", "", false],
  ])("%s", (_what, text, expected) => {
    expect(startsLikeJson(Buffer.from(text, "utf8"))).toBe(expected);
    // what jsonValue tests the whole text for
    expect(/^\s*[{[]/.test(text)).toBe(expected);
  });
});
