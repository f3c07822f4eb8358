/**
 * The validators' and the mocks' emitters run through part caches, for the tests of their
 * per-part entries (validator-mock-parts.test.ts, mock-bodies.test.ts): a store that records what
 * is made, one emit through the caches of a folder (the packs of the run before), one without a
 * cache, and a spec written to a new folder with both compared.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect } from "vitest";
import { CachePack } from "../../generator/cache/cache-pack.js";
import { PartCache } from "../../generator/cache/cached-parts.js";
import { emitMocks } from "../../generator/emit/mocks/emit-mocks.js";
import type { BatchPartStore } from "../../generator/emit/part-store.js";
import { emitValidators } from "../../generator/emit/validators/emit-validators.js";
import type { ApiModel } from "../../generator/model/types.js";
import { loadLayoutSpec } from "./layout-specs.js";
import { editSpec } from "./spec-edits.js";

const context = { apiName: "Api", specPath: "spec.yaml" };

/** A store that counts the entries made, by kind, and records their keys and texts. */
export class CountingStore implements BatchPartStore {
  readonly made: { kind: string; reads: string; text: string }[] = [];
  constructor(readonly inner: PartCache) {}
  lookup(kind: string, reads: string): string | undefined {
    return this.inner.lookup(kind, reads);
  }
  store(kind: string, reads: string, text: string): void {
    this.made.push({ kind, reads, text });
    this.inner.store(kind, reads, text);
  }
  /** The functions compiled again for the entries made of `kind` (`bodies/cycle`: per cycle of components), each entry's names sorted. */
  functionsMade(kind: string): string[][] {
    return this.made
      .filter((entry) => entry.kind === kind)
      .map((entry) =>
        [
          ...new Set((JSON.parse(entry.text) as { name: string }[]).map((text) => text.name)),
        ].sort(),
      )
      .sort((a, b) => a.join().localeCompare(b.join()));
  }
  /** The operations (by the export names or operation ids their keys hold) of the parts made of `kind`. */
  madeOf(kind: string, names: readonly string[]): string[] {
    return names.filter((name) =>
      this.made.some((entry) => entry.kind === kind && entry.reads.includes(`"${name}`)),
    );
  }
  count(kind: string): number {
    return this.made.filter((entry) => entry.kind === kind).length;
  }
}

/** validators/* and mocks.ts through part caches in `dir` (the packs of the run before), with what was made. */
export function emitWithParts(model: ApiModel, dir: string) {
  const open = (name: string) =>
    new CountingStore(new PartCache(CachePack.open(dir, `test/${name}`, "salt"), "shared"));
  const validatorParts = open("validator-parts");
  const mockParts = open("mock-parts");
  const warnings: string[] = [];
  const files = [
    ...emitValidators(model, context, warnings, { parts: validatorParts }),
    ...emitMocks(model, context, warnings, { parts: mockParts }),
  ];
  for (const store of [validatorParts, mockParts]) store.inner.save();
  return { files, warnings, validatorParts, mockParts };
}

/** The same files without a cache. */
export function emitWhole(model: ApiModel) {
  const warnings: string[] = [];
  const files = [
    ...emitValidators(model, context, warnings),
    ...emitMocks(model, context, warnings),
  ];
  return { files, warnings };
}

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** `document` written as `spec.json` to a new folder, removed after the test file. */
export function specFile(document: object, prefix: string): { dir: string; spec: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  const spec = join(dir, "spec.json");
  writeFileSync(spec, JSON.stringify(document, null, 2));
  return { dir, spec };
}

/**
 * `document` written as `spec.json` to a new folder (removed after the test file) and emitted
 * through that folder's caches, the files checked against a run without cache; `edit` changes
 * the spec, emits again through the caches and checks the same.
 */
export async function emittedSpec<Spec>(document: object, prefix: string) {
  const { dir, spec } = specFile(document, prefix);
  const load = async () => (await loadLayoutSpec(spec)).model;
  const cold = emitWithParts(await load(), dir);
  expect({ files: cold.files, warnings: cold.warnings }).toEqual(emitWhole(await load()));
  const edit = async (change: (document: Spec) => void) => {
    editSpec(spec, (edited) => change(edited as Spec));
    const model = await load();
    const warm = emitWithParts(model, dir);
    expect({ files: warm.files, warnings: warm.warnings }).toEqual(emitWhole(model));
    return warm;
  };
  return { dir, load, cold, edit };
}
