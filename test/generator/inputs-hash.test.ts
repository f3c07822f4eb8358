import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSpec } from "../../generator/load/load-spec.js";
import {
  computeInputsHash,
  specFileDigest,
  type SpecDigests,
} from "../../generator/write/inputs-hash.js";
import { ROOT, runCli } from "./cli-helper.js";

const work = mkdtempSync(join(tmpdir(), "inputs-hash-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A root file that `$ref`s a second one (the response's schema). */
const ROOT_SPEC = [
  "openapi: 3.0.3",
  "info: { title: Split, version: 1.0.0 }",
  "paths:",
  "  /pets:",
  "    get:",
  "      operationId: listPets",
  '      responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "./pet.yaml" } } } } }',
  "",
].join("\n");
const PET = (description: string) => `type: object
description: ${description}
properties:
  id: { type: integer }
`;

describe("the inputs hash's spec digests (one read and hash of each spec file per run)", () => {
  it("gives the hash a fresh read gives, records each file's digest, and reuses it", async () => {
    const dir = mkdtempSync(join(work, "unit-"));
    writeFileSync(join(dir, "openapi.yaml"), ROOT_SPEC);
    writeFileSync(join(dir, "pet.yaml"), PET("A pet."));
    const inputs = { specFiles: ["openapi.yaml", "pet.yaml"], apiName: "Split", cwd: dir };
    const digests: SpecDigests = new Map();
    const first = await computeInputsHash(inputs, digests);
    expect(first).toBe(await computeInputsHash(inputs));
    expect([...digests.keys()].sort()).toEqual(
      [resolve(dir, "openapi.yaml"), resolve(dir, "pet.yaml")].sort(),
    );
    // an edit after the digests were taken: the run's map keeps the bytes it first read
    writeFileSync(join(dir, "pet.yaml"), PET("A pet, edited."));
    expect(await computeInputsHash(inputs, digests)).toBe(first);
    const fresh = await computeInputsHash(inputs, new Map());
    expect(fresh).not.toBe(first);
    expect(fresh).toBe(await computeInputsHash(inputs));
  });

  it("takes the digests of the files the load read, with or without a cache, as a fresh read gives", async () => {
    for (const cache of [false, true]) {
      const dir = mkdtempSync(join(work, "load-"));
      writeFileSync(join(dir, "openapi.yaml"), ROOT_SPEC);
      writeFileSync(join(dir, "pet.yaml"), PET("A pet."));
      const digests: SpecDigests = new Map();
      const loaded = await loadSpec(join(dir, "openapi.yaml"), dir, { cache, digests });
      expect(loaded.files).toEqual(["openapi.yaml", "pet.yaml"]);
      expect(new Map(digests)).toEqual(
        new Map(
          loaded.files.map((file) => [
            resolve(dir, file),
            specFileDigest(readFileSync(resolve(dir, file))),
          ]),
        ),
      );
      const inputs = { specFiles: loaded.files, apiName: "Split", cwd: dir };
      expect(await computeInputsHash(inputs, digests)).toBe(await computeInputsHash(inputs));
    }
  });

  it("leaves a manifest whose hash the next run's quick check accepts after an edit of a $ref'd file", () => {
    const dir = mkdtempSync(join(work, "cli-"));
    writeFileSync(join(dir, "openapi.yaml"), ROOT_SPEC);
    writeFileSync(join(dir, "pet.yaml"), PET("A pet."));
    const args = ["--spec", join(dir, "openapi.yaml"), "--out", join(dir, "out")];
    expect(runCli("generator/cli.ts", args, ROOT).status).toBe(0);
    writeFileSync(join(dir, "pet.yaml"), PET("A pet, edited."));
    // the quick check hashes both files (a miss), then the render's manifest reuses the digests
    const edited = runCli("generator/cli.ts", args, ROOT);
    expect(edited.status).toBe(0);
    expect(edited.stdout).toContain("Generated");
    expect(readFileSync(join(dir, "out/types.ts"), "utf8")).toContain("A pet, edited.");
    const again = runCli("generator/cli.ts", args, ROOT);
    expect(again.stdout).toContain("nothing rendered");
    writeFileSync(join(dir, "pet.yaml"), PET("A pet, edited twice."));
    expect(runCli("generator/cli.ts", args, ROOT).stdout).toContain("Generated");
  }, 120_000);
});
