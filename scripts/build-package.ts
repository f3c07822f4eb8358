#!/usr/bin/env node
/**
 * `npm run build [-- --dir <package folder>]`: compiles the generated package (default
 * generated/) into its dist/ folder with the TypeScript API: ES modules, `.d.ts`, source maps
 * (sources inlined, so the tarball needs no .ts files). The Ajv validators are JavaScript with
 * hand-off `.d.ts` already: they are copied. Then every file the package.json `exports` names is
 * checked to exist, so a package that would not resolve is never packed.
 *
 * dist/ is git-ignored and skipped by the generator's drift check. Exit codes: 0 built,
 * 1 compile errors or a missing export target, 2 usage.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";
import { DIST_DIR } from "../generator/emit/package/layout.js";
import { isUpToDate } from "../generator/write/quick-check.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

export interface BuildReport {
  readonly name: string;
  readonly version: string;
  readonly dist: string;
  readonly files: number;
  readonly bytes: number;
  readonly milliseconds: number;
}

export class BuildError extends Error {
  override readonly name = "BuildError";
}

/** The compiler options of the build: the project's strictness, emitting ESM for Node.js and bundlers. */
export function buildCompilerOptions(packageDir: string): ts.CompilerOptions {
  return {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: ["node"],
    strict: true,
    noUncheckedIndexedAccess: true,
    noImplicitOverride: true,
    noFallthroughCasesInSwitch: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    declaration: true,
    sourceMap: true,
    inlineSources: true,
    removeComments: false,
    newLine: ts.NewLineKind.LineFeed,
    rootDir: packageDir,
    outDir: join(packageDir, DIST_DIR),
  };
}

export async function buildPackage(dir: string): Promise<BuildReport> {
  const started = performance.now();
  const packageDir = resolve(dir);
  const manifest = await readPackageJson(packageDir);
  const dist = join(packageDir, DIST_DIR);
  await rm(dist, { recursive: true, force: true });

  const sources = await listFiles(
    packageDir,
    (path) => path.endsWith(".ts") && !path.endsWith(".d.ts"),
  );
  const program = ts.createProgram(sources, buildCompilerOptions(packageDir));
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  );
  if (diagnostics.length > 0 || emitted.emitSkipped) {
    throw new BuildError(
      `TypeScript reported ${diagnostics.length} error(s) building ${relative(ROOT, packageDir) || "."}:\n` +
        ts.formatDiagnostics(diagnostics, {
          getCanonicalFileName: (name) => name,
          getCurrentDirectory: () => ROOT,
          getNewLine: () => "\n",
        }),
    );
  }

  // validators: already JavaScript (Ajv standalone) with their declarations
  for (const file of await listFiles(join(packageDir, "validators"), (path) =>
    /\.(js|d\.ts)$/.test(path),
  )) {
    const target = join(dist, relative(packageDir, file));
    await mkdir(join(target, ".."), { recursive: true });
    await copyFile(file, target);
  }

  const missing = [...exportTargets(manifest.exports), ...Object.values(manifest.bin ?? {})].filter(
    (target) => !existsSync(join(packageDir, target)),
  );
  if (missing.length > 0) {
    throw new BuildError(
      `package.json exports (or names as a bin) files the build did not produce: ${missing.join(", ")}`,
    );
  }

  const built = await listFiles(dist, () => true, []);
  let bytes = 0;
  for (const file of built) bytes += (await stat(file)).size;
  return {
    name: manifest.name,
    version: manifest.version,
    dist,
    files: built.length,
    bytes,
    milliseconds: Math.round(performance.now() - started),
  };
}

interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly exports: unknown;
  readonly bin?: Readonly<Record<string, string>>;
}

async function readPackageJson(packageDir: string): Promise<PackageManifest> {
  const path = join(packageDir, "package.json");
  const text = await readFile(path, "utf8").catch(() => undefined);
  if (text === undefined) {
    throw new BuildError(
      `${relative(ROOT, path)} is missing: run \`npm run generate\` first (it writes the package files).`,
    );
  }
  const parsed = JSON.parse(text) as Partial<PackageManifest>;
  if (
    typeof parsed.name !== "string" ||
    typeof parsed.version !== "string" ||
    parsed.exports === undefined
  ) {
    throw new BuildError(
      `${relative(ROOT, path)} has no name, version or exports: is it the generated package.json?`,
    );
  }
  return parsed as PackageManifest;
}

/** Every file path in an `exports` map (nested conditions included), relative to the package. */
export function exportTargets(exports: unknown): string[] {
  if (typeof exports === "string") return [exports];
  if (typeof exports !== "object" || exports === null) return [];
  return [...new Set(Object.values(exports).flatMap(exportTargets))].sort();
}

/** Files under `dir` that `keep` accepts, leaving out `skip` folders (default dist/, node_modules/). */
async function listFiles(
  dir: string,
  keep: (path: string) => boolean,
  skip: readonly string[] = [DIST_DIR, "node_modules"],
): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (path) =>
        !relative(dir, path)
          .split(sep)
          .some((part) => skip.includes(part)),
    )
    .filter(keep)
    .sort();
}

async function main(argv: readonly string[]): Promise<number> {
  let dir: string;
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        dir: { type: "string", default: "generated" },
        help: { type: "boolean", default: false },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(
        "Usage: npm run build -- [--dir <package folder>]   (default: generated)\n",
      );
      return 0;
    }
    dir = values.dir;
  } catch (error) {
    process.stderr.write(
      `error: ${error instanceof Error ? error.message : String(error)}\nUsage: npm run build -- [--dir <package folder>]\n`,
    );
    return 2;
  }
  if (!(await isUpToDate(dir, undefined, undefined, process.cwd()))) {
    process.stderr.write(
      `warning: ${dir}/ may not match the spec: run \`npm run generate\` (or the --check) before publishing\n`,
    );
  }
  try {
    const report = await buildPackage(dir);
    process.stdout.write(
      `Built ${report.name}@${report.version} into ${relative(process.cwd(), report.dist) || "."}/ ` +
        `(${report.files} files, ${(report.bytes / 1024).toFixed(0)} KiB) in ${(report.milliseconds / 1000).toFixed(1)} s\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BuildError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
