import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GeneratorError } from "../../generator/errors.js";
import { MANIFEST_NAME } from "../../generator/write/manifest.js";
import {
  assertOwnedOutput,
  recoverInterruptedWrite,
  writeOutput,
} from "../../generator/write/write-output.js";

const META = { inputsHash: "h", specFiles: ["spec.yaml"], apiName: "Test" };
let root: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "write-output-"));
  out = join(root, "generated");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(out, path), "utf8");

describe("writeOutput", () => {
  it("writes every file and a manifest, and leaves no staging folder", async () => {
    const report = await writeOutput(
      out,
      [
        { path: "a.ts", content: "a" },
        { path: "sub/b.ts", content: "b" },
      ],
      META,
    );
    expect(read("a.ts")).toBe("a");
    expect(read("sub/b.ts")).toBe("b");
    expect(JSON.parse(read(MANIFEST_NAME)).files).toHaveProperty("sub/b.ts");
    expect(report.written).toContain("a.ts");
    expect(readdirSync(root)).toEqual(["generated"]);
  });

  it("rewrites only changed files and deletes only files it wrote before", async () => {
    await writeOutput(
      out,
      [
        { path: "a.ts", content: "a" },
        { path: "old.ts", content: "old" },
      ],
      META,
    );
    writeFileSync(join(out, "mine.txt"), "hand-written");
    const report = await writeOutput(
      out,
      [
        { path: "a.ts", content: "a" },
        { path: "new.ts", content: "new" },
      ],
      META,
    );
    expect(report.unchanged).toContain("a.ts");
    expect(report.deleted).toEqual(["old.ts"]);
    expect(existsSync(join(out, "old.ts"))).toBe(false);
    expect(read("mine.txt")).toBe("hand-written");
    expect(read("new.ts")).toBe("new");
  });

  it("rolls an interrupted commit forward from its journal", async () => {
    await writeOutput(
      out,
      [
        { path: "a.ts", content: "v1" },
        { path: "b.ts", content: "v1" },
      ],
      META,
    );
    // what a run killed after moving a.ts but before b.ts and the manifest leaves behind
    const staging = join(root, ".generated.staging-99999");
    mkdirSync(staging);
    writeFileSync(join(staging, "b.ts"), "v2");
    writeFileSync(join(out, "a.ts"), "v2");
    writeFileSync(
      join(staging, "JOURNAL.json"),
      JSON.stringify({ moves: ["a.ts", "b.ts"], deletes: [] }),
    );
    await recoverInterruptedWrite(out);
    expect(read("a.ts")).toBe("v2");
    expect(read("b.ts")).toBe("v2");
    expect(existsSync(staging)).toBe(false);
  });

  it("discards a staging folder that never got its journal", async () => {
    await writeOutput(out, [{ path: "a.ts", content: "v1" }], META);
    const staging = join(root, ".generated.staging-99998");
    mkdirSync(staging);
    writeFileSync(join(staging, "a.ts"), "half");
    await recoverInterruptedWrite(out);
    expect(read("a.ts")).toBe("v1");
    expect(existsSync(staging)).toBe(false);
  });
});

describe("assertOwnedOutput", () => {
  it("refuses a non-empty folder without a manifest", async () => {
    mkdirSync(out);
    writeFileSync(join(out, "notes.md"), "mine");
    await expect(assertOwnedOutput(out, [])).rejects.toMatchObject({ kind: "outputRefused" });
  });

  it("refuses a folder that contains the project or the spec", async () => {
    const error = await assertOwnedOutput(root, [join(root, "spec/openapi.yaml")]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).exitCode).toBe(5);
  });

  it("accepts a new folder, an empty one, and one it wrote", async () => {
    await expect(assertOwnedOutput(out, [])).resolves.toBeUndefined();
    mkdirSync(out);
    await expect(assertOwnedOutput(out, [])).resolves.toBeUndefined();
    await writeOutput(out, [{ path: "a.ts", content: "a" }], META);
    await expect(assertOwnedOutput(out, [])).resolves.toBeUndefined();
  });
});
