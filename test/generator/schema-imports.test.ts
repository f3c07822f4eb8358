/**
 * The import rule of the schema model (docs/architecture.md): generator/schema/ imports neither
 * the rest of the generator nor conformance/; the generator never imports conformance/; the
 * conformance runner reaches into the generator only through generator/schema/ and the pipeline's
 * entry points (load, model, its types, its errors).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cli-helper.js";

/** Entry points of the generator's pipeline that the conformance runner may call. */
const CONFORMANCE_MAY_IMPORT = new Set([
  "generator/load/load-spec.ts",
  "generator/model/build-model.ts",
  "generator/model/types.ts",
  "generator/errors.ts",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).replaceAll("\\", "/"))
    .sort();
}

/** The project files a source file imports (relative specifiers, `.js` read as `.ts`). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specifiers = [
    ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^;]*?from\s+"(\.[^"]+)"/g),
    ...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g),
  ].map((match) => match[1] as string);
  return specifiers.map((specifier) =>
    relative(ROOT, resolve(dirname(join(ROOT, file)), specifier))
      .replaceAll("\\", "/")
      .replace(/\.js$/, ".ts"),
  );
}

function violations(files: string[], allowed: (target: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((target) => !allowed(target))
      .map((target) => `${file} imports ${target}`),
  );
}

describe("the schema model's import rule", () => {
  it("generator/schema/ imports only itself and the runtime templates", () => {
    expect(sourceFiles("generator/schema")).toContain("generator/schema/to-json-schema.ts");
    expect(
      violations(
        sourceFiles("generator/schema"),
        (target) => target.startsWith("generator/schema/") || target.startsWith("templates/"),
      ),
    ).toEqual([]);
  });

  it("the generator never imports conformance/", () => {
    expect(
      violations(sourceFiles("generator"), (target) => !target.startsWith("conformance/")),
    ).toEqual([]);
  });

  it("conformance/ reaches the generator only through generator/schema/ and the pipeline's entry points", () => {
    expect(importsOf("conformance/load-api.ts")).toContain("generator/schema/schema-validator.ts");
    expect(
      violations(
        sourceFiles("conformance"),
        (target) =>
          !target.startsWith("generator/") ||
          target.startsWith("generator/schema/") ||
          CONFORMANCE_MAY_IMPORT.has(target),
      ),
    ).toEqual([]);
  });
});
