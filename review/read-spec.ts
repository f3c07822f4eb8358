/**
 * Reads one side of the comparison: a file path, or a git revision (the spec as it was there).
 * The document is bundled with Redocly's openapi-core (external files pulled in; internal `$ref`s
 * are kept and followed by the diff itself).
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { bundle, createConfig } from "@redocly/openapi-core";
import { findRepo, isRevision, materializeRevision } from "./git-source.js";
import { isObject } from "./refs.js";
import type { JsonObject } from "./refs.js";
import { SpecReadError } from "./spec-read-error.js";
import { createLocator, type Locator } from "./source-locator.js";
import { validateSide } from "./validate-side.js";

export const DEFAULT_SPEC_PATH = "spec/openapi.yaml";

export interface SpecSource {
  readonly document: JsonObject;
  /** How the side is named in the report: the file path or `<revision>:<path>`. */
  readonly label: string;
  /** `file:line:column` of a JSON pointer in the side's root file. */
  readonly locate: Locator;
}

export interface ReadOptions {
  readonly cwd: string;
  /** The spec's path inside a git revision, relative to the repository root. */
  readonly specPath: string;
}

/** `source` is an existing file, else a git revision; anything else is a SpecReadError. */
export async function readSpec(source: string, options: ReadOptions): Promise<SpecSource> {
  const file = path.resolve(options.cwd, source);
  if (existsSync(file) && statSync(file).isFile()) {
    await validateSide(file, source, options.cwd);
    return {
      document: await bundleFile(file, source),
      label: source,
      locate: createLocator(readFileSync(file, "utf8"), source, { file }),
    };
  }
  const repo = findRepo(options.cwd);
  if (!repo || !isRevision(repo, source)) {
    throw new SpecReadError(
      `${source} is neither a file nor a git revision`,
      repo
        ? "For a branch of the remote, fetch it first (in CI: actions/checkout with fetch-depth: 0)."
        : "Not inside a git work tree.",
    );
  }
  const { entry, dir } = materializeRevision(repo, source, options.specPath);
  try {
    await validateSide(entry, `${source}:${options.specPath}`, options.cwd, {
      dir,
      prefix: `${source}:`,
    });
    return {
      document: await bundleFile(entry, `${source}:${options.specPath}`),
      label: `${source}:${options.specPath}`,
      // the revision's files are read now: the temporary folder goes when this returns
      locate: createLocator(readFileSync(entry, "utf8"), `${source}:${options.specPath}`, {
        file: entry,
        read: snapshotFiles(dir),
      }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function bundleFile(file: string, label: string): Promise<JsonObject> {
  let parsed: unknown;
  try {
    const config = await createConfig({ rules: {} });
    const result = await bundle({ ref: file, config, dereference: false });
    const error = result.problems.find((problem) => problem.severity === "error");
    if (error) throw new SpecReadError(`${label}: ${error.message}`, error.location[0]?.pointer);
    parsed = result.bundle.parsed;
  } catch (error) {
    if (error instanceof SpecReadError) throw error;
    throw new SpecReadError(
      `${label} could not be parsed`,
      error instanceof Error ? error.message.split("\n")[0] : String(error),
    );
  }
  if (!isObject(parsed) || typeof parsed.openapi !== "string") {
    throw new SpecReadError(
      `${label} is not an OpenAPI 3 document`,
      "expected a YAML or JSON object with an `openapi` field",
    );
  }
  return parsed;
}

/** Every file under `dir`, read now, as a reader for the locator (undefined for other files). */
function snapshotFiles(dir: string): (file: string) => string | undefined {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.set(full, readFileSync(full, "utf8"));
    }
  };
  walk(dir);
  return (file) => files.get(path.resolve(file));
}
