import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, runCli } from "./cli-helper.js";
import { typecheckFolders } from "./typecheck.js";

const work = mkdtempSync(join(ROOT, ".tmp-scaffold-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("npm run scaffold", () => {
  it("writes one handler file per tag and an index that type-check against the generated types", () => {
    const result = runCli("generator/scaffold-cli.ts", ["--name", "PetStore", "--out", work]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/created .*pets\.ts/);
    expect(result.stdout).toMatch(/created .*store\.ts/);
    expect(result.stdout).toMatch(/created .*index\.ts/);
    expect(readFileSync(join(work, "store.ts"), "utf8")).toContain(
      'return notImplemented("placeOrder")',
    );
    expect(typecheckFolders([work])).toEqual([]);
  }, 120_000);

  it("never overwrites a file that exists", () => {
    writeFileSync(join(work, "pets.ts"), "// my handlers\nexport {};\n");
    const result = runCli("generator/scaffold-cli.ts", ["--name", "PetStore", "--out", work]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/kept .*pets\.ts/);
    expect(readFileSync(join(work, "pets.ts"), "utf8")).toBe("// my handlers\nexport {};\n");
  }, 60_000);
});
