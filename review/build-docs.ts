/**
 * `npm run docs`: renders the contract to one standalone HTML file with Redocly's `build-docs`
 * (Redoc, scripts inlined so the page works offline). The spec is bundled and annotated first
 * (docs-annotate.ts: sunset and stability badges) into a temporary file; spec/openapi.yaml is
 * not touched.
 *
 *   tsx review/build-docs.ts [--spec spec/openapi.yaml] [--out docs-out/index.html]
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { stringify } from "yaml";
import { implyLifecycle } from "../lint/lifecycle-implied.js";
import { annotateForDocs } from "./docs-annotate.js";
import { readSpec } from "./read-spec.js";
import { SpecReadError } from "./spec-read-error.js";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REDOCLY_CLI = path.join(PROJECT_ROOT, "node_modules", "@redocly", "cli", "bin", "cli.js");

export interface BuildDocsOptions {
  /** The spec file (default spec/openapi.yaml under the project root). */
  readonly spec?: string;
  /** The HTML file to write (default docs-out/index.html under the project root). */
  readonly out?: string;
}

export async function buildDocs(options: BuildDocsOptions = {}): Promise<string> {
  const spec = path.resolve(PROJECT_ROOT, options.spec ?? "spec/openapi.yaml");
  const out = path.resolve(PROJECT_ROOT, options.out ?? "docs-out/index.html");
  const { document } = await readSpec(spec, { cwd: PROJECT_ROOT, specPath: "spec/openapi.yaml" });
  const dir = mkdtempSync(path.join(tmpdir(), "docs-"));
  try {
    const annotated = path.join(dir, "openapi.yaml");
    writeFileSync(
      annotated,
      stringify(annotateForDocs(implyLifecycle(structuredClone(document))), { lineWidth: 0 }),
    );
    mkdirSync(path.dirname(out), { recursive: true });
    const title =
      typeof document.info === "object" && document.info !== null && "title" in document.info
        ? String(document.info.title)
        : "API reference";
    await run(process.execPath, [
      REDOCLY_CLI,
      "build-docs",
      annotated,
      "--output",
      out,
      "--inlineBundle",
      "--title",
      title,
    ]);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`redocly build-docs exited with ${code}:\n${output.trim()}`)),
    );
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { spec: { type: "string" }, out: { type: "string" } },
    strict: true,
  });
  try {
    const out = await buildDocs({ spec: values.spec, out: values.out });
    process.stdout.write(`docs: wrote ${path.relative(process.cwd(), out) || out}\n`);
  } catch (error) {
    // SpecReadError.format gives the reason (the generator's paragraph, with where and what to do)
    process.stderr.write(
      error instanceof SpecReadError
        ? error.format("docs")
        : `docs: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = error instanceof SpecReadError ? 3 : 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await main();
