/**
 * generated/'s sources type-check under the TypeScript lines a consumer may use besides the
 * project's 5.9 (typescript-compilers.ts: 6, and 7, the native compiler), with the project's strict settings (tsconfig.json) and both
 * module resolutions a package's users have: nodenext and bundler. (A consumer of the built
 * package gets stricter settings still, exactOptionalPropertyTypes included: consumer.test.ts.)
 * A compiler that is not installed is skipped with one line (under CI, where .ci/run installs
 * them, it fails). The installed package's consumer is checked with each compiler in
 * consumer.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { missingCompiler, runTsc, TYPESCRIPT_COMPILERS } from "./typescript-compilers.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
// inside the project, so that the generated code's imports resolve from its node_modules
const work = mkdtempSync(join(ROOT, ".tmp", "typescript-versions-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RESOLUTIONS = {
  nodenext: { module: "NodeNext", moduleResolution: "NodeNext" },
  bundler: { module: "ESNext", moduleResolution: "Bundler" },
} as const;

function config(resolution: keyof typeof RESOLUTIONS): string {
  const path = join(work, `tsconfig.${resolution}.json`);
  const generated = relative(work, join(ROOT, "generated")).split("\\").join("/");
  const json = {
    extends: relative(work, join(ROOT, "tsconfig.json")).split("\\").join("/"),
    compilerOptions: { ...RESOLUTIONS[resolution], noEmit: true },
    include: [`${generated}/**/*.ts`],
    exclude: [`${generated}/dist`],
  };
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  return path;
}

describe("generated/ under each TypeScript", () => {
  // 5.9 checks generated/ in the project's own type check (npm run typecheck)
  for (const compiler of TYPESCRIPT_COMPILERS.filter((entry) => entry.line !== "5.9")) {
    const missing = missingCompiler(compiler);
    if (missing !== undefined && process.env["CI"] === undefined) {
      it.skip(`TypeScript ${compiler.line}: ${missing}`, () => undefined);
      continue;
    }
    it.each(Object.keys(RESOLUTIONS) as (keyof typeof RESOLUTIONS)[])(
      `type-checks with TypeScript ${compiler.line}, moduleResolution %s`,
      async (resolution) => {
        expect(missing).toBeUndefined();
        const result = await runTsc(compiler, ["-p", config(resolution)], work);
        expect(result.output).toBe("");
        expect(result.code).toBe(0);
      },
      240_000,
    );
  }
});
