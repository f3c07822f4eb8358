/**
 * A YAML alias bomb is refused with a clear error instead of hanging the generator
 * (generator/load/alias-expansion.ts); specs that share parts through aliases still load.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { expandedValues, hasAnchor } from "../../generator/load/alias-expansion.js";
import { runCli } from "./cli-helper.js";
import { listPetsPaths } from "./small-spec.js";

const work = mkdtempSync(join(tmpdir(), "alias-bomb-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Levels of `[*previous, *previous]`: 2^levels strings once expanded. */
function bomb(levels: number, indent: string): string {
  const lines = [`${indent}l0: &l0 ["lol", "lol"]`];
  for (let level = 1; level <= levels; level++)
    lines.push(`${indent}l${level}: &l${level} [*l${level - 1}, *l${level - 1}]`);
  return lines.join("\n");
}

const PATHS = listPetsPaths();

describe("YAML aliases", () => {
  it("are looked for in the text or its bytes alike, as the anchor pattern reads them", () => {
    // what an anchor looks like: `&` and a name after whitespace, the text's start or `[{,`
    const pattern = /(?:^|[\s[{,])&[^\s,[\]{}]/mu;
    const cases = [
      "a: &x 1",
      "&x [1]",
      "a: [&x 1, *x]",
      "a: {k: &x 1}",
      "a: b&c",
      "a: 'x & y'",
      "a: &",
      "a: & b",
      "url: https://x.test/?a=1&b=2",
      "a:\n  &x\n",
      "a: \u00a0&x 1", // U+00A0 is whitespace to the pattern
      "description: “curly” &name",
      "a: é&x",
      "a: [x,&y]",
      "a: &}",
      "",
    ];
    for (const text of cases) {
      const expected = pattern.test(text);
      expect([text, hasAnchor(text)]).toEqual([text, expected]);
      // the bytes are read one byte a character: only ASCII decides, as in the text
      expect([text, hasAnchor(Buffer.from(text, "utf8"))]).toEqual([
        text,
        pattern.test(Buffer.from(text, "utf8").toString("latin1")),
      ]);
    }
    expect(hasAnchor(Buffer.from("a: &x 1"))).toBe(true);
    expect(hasAnchor(Buffer.from("a: b&c d&"))).toBe(false);
  });

  it("are counted where they stand, each shared object measured once", () => {
    let node: unknown = { leaf: "x" };
    for (let level = 0; level < 40; level++) node = { allOf: [node, node] };
    expect(expandedValues(node, 1_000)).toBe(1_001); // capped, without visiting 2^40 objects
    const shared = { a: 1, b: 2 };
    expect(expandedValues({ x: shared, y: shared }, 1_000)).toBe(7);
    const cycle: Record<string, unknown> = { name: "c" };
    cycle["self"] = cycle;
    expect(expandedValues(cycle, 1_000)).toBe(3);
    let deep: unknown = "bottom";
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(expandedValues(deep, 1e9)).toBe(200_001); // deeper than the stack
  });

  it("that expand past any spec's size are refused, in the root file or a $ref'd one", () => {
    const root = join(work, "bomb.yaml");
    writeFileSync(
      root,
      `openapi: 3.0.3\ninfo:\n  title: Bomb\n  version: 1.0.0\n  x-bomb:\n${bomb(31, "    ")}\n${PATHS}`,
    );
    const refused = runCli("generator/cli.ts", ["--spec", root, "--out", join(work, "out")]);
    expect(refused.status).toBe(3);
    expect(refused.stderr).toMatch(/YAML aliases expand to more than 5,000,000 values/);
    expect(refused.stderr).toContain("bomb.yaml");

    writeFileSync(join(work, "lol.yaml"), `type: object\nx-bomb:\n${bomb(31, "  ")}\n`);
    const split = join(work, "split.yaml");
    writeFileSync(
      split,
      `openapi: 3.0.3\ninfo: { title: Split, version: 1.0.0 }\n${PATHS}          content:\n            application/json:\n              schema: { $ref: "./lol.yaml" }\n`,
    );
    const fromFile = runCli("generator/cli.ts", ["--spec", split, "--out", join(work, "out2")]);
    expect(fromFile.status).not.toBe(0);
    expect(fromFile.stderr).toMatch(/YAML aliases expand to more than/);
  }, 180_000);

  it("that share a part a few times still load", () => {
    const spec = join(work, "shared.yaml");
    writeFileSync(
      spec,
      `openapi: 3.0.3\ninfo: { title: Shared, version: 1.0.0 }\nx-shared: &shared { note: "kept", list: [1, 2] }\nx-again: *shared\n${PATHS}`,
    );
    const result = runCli("generator/cli.ts", ["--spec", spec, "--out", join(work, "out3")]);
    expect(result.stderr).not.toMatch(/aliases/);
    expect(result.status).toBe(0);
  }, 180_000);
});
