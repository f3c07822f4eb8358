/**
 * `--check`'s comparison (generator/write/check-output.ts): files are compared as bytes with the
 * rendered text, and only a file that differs is read as text for its diff.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkOutput } from "../../generator/write/check-output.js";
import { MANIFEST_NAME } from "../../generator/write/manifest.js";
import { writeOutput } from "../../generator/write/write-output.js";
import { tempDirs } from "../temp-dirs.js";

const tempDir = tempDirs("check-output");
const meta = { inputsHash: "h", specFiles: [], apiName: "T" };

describe("checkOutput", () => {
  const long = `export const a = "${"é".repeat(300_000)}";\n`;
  const files = [
    { path: "a.ts", content: long },
    { path: "b.ts", content: "export const b = 1;\n" },
    { path: "c.ts", content: "export const c = \ufffd;\n" },
  ];

  it("finds nothing on the output as written, and each changed, missing and extra file", async () => {
    const out = join(tempDir(), "out");
    await writeOutput(out, files, meta);
    expect(await checkOutput(out, files, meta)).toEqual([]);
    writeFileSync(join(out, "a.ts"), long.replace('é"', 'e"'));
    writeFileSync(join(out, "b.ts"), "");
    writeFileSync(join(out, "extra.ts"), "");
    const drifts = await checkOutput(out, [...files, { path: "d.ts", content: "" }], meta);
    expect(drifts.map(({ path, kind }) => [path, kind])).toEqual([
      [MANIFEST_NAME, "changed"],
      ["a.ts", "changed"],
      ["b.ts", "changed"],
      ["d.ts", "missing"],
      ["extra.ts", "extra"],
    ]);
    expect(drifts[1]?.diff).toContain("+export const a");
  });

  it("reports a file whose bytes differ although they decode to the same text", async () => {
    const out = join(tempDir(), "out");
    await writeOutput(out, files, meta);
    const path = join(out, "c.ts");
    // U+FFFD written as an invalid byte, which decoding turns into U+FFFD again
    writeFileSync(
      path,
      Buffer.from(readFileSync(path, "utf8").replace("\ufffd", "\u0001"), "utf8"),
    );
    const bytes = readFileSync(path);
    bytes[bytes.indexOf(0x01)] = 0xff;
    writeFileSync(path, bytes);
    expect(readFileSync(path, "utf8")).toBe(files[2]?.content);
    const drifts = await checkOutput(out, files, meta);
    expect(drifts).toEqual([
      {
        path: "c.ts",
        kind: "changed",
        diff: "(the same text in other bytes: the file on disk is not valid UTF-8)",
      },
    ]);
  });
});
