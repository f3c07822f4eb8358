/**
 * Reads a spec as it was at a git revision: the spec file and every file it `$ref`s (recursively,
 * relative to each file) are written from `git show <rev>:<path>` into a temporary directory, so
 * a multi-file spec bundles exactly as it did at that revision.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { SpecReadError } from "./spec-read-error.js";

export interface GitRepo {
  /** Absolute path of the work tree root. */
  readonly root: string;
}

function git(args: readonly string[], cwd: string): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The repository containing `cwd`, or undefined outside a work tree (or without git). */
export function findRepo(cwd: string): GitRepo | undefined {
  try {
    return { root: git(["rev-parse", "--show-toplevel"], cwd).trim() };
  } catch {
    return undefined;
  }
}

/** Whether `revision` names a commit (branch, tag, `origin/main`, `HEAD~1`, a hash...). */
export function isRevision(repo: GitRepo, revision: string): boolean {
  if (revision.startsWith("-")) return false;
  try {
    git(["rev-parse", "--verify", "--quiet", `${revision}^{commit}`], repo.root);
    return true;
  } catch {
    return false;
  }
}

/** The tags matching a glob (`api-v*`), in no particular order. */
export function listTags(repo: GitRepo, pattern: string): string[] {
  return git(["tag", "--list", pattern], repo.root)
    .split("\n")
    .map((tag) => tag.trim())
    .filter((tag) => tag !== "");
}

/**
 * Writes `specPath` (relative to the repository root, `/`-separated) and the files it references
 * at `revision` into a new temporary directory; returns the entry file and the directory.
 */
export function materializeRevision(
  repo: GitRepo,
  revision: string,
  specPath: string,
): { entry: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "spec-diff-"));
  const entry = path.posix.normalize(specPath);
  const queue = [entry];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    let text: string;
    try {
      text = git(["show", `${revision}:${file}`], repo.root);
    } catch (error) {
      if (file !== entry) continue; // a missing referenced file is reported by the bundler as an unresolved $ref
      const detail =
        error instanceof Error && "stderr" in error
          ? String((error as { stderr: unknown }).stderr).trim()
          : String(error);
      throw new SpecReadError(
        `${revision}:${file} could not be read from git`,
        detail || "the file does not exist at that revision",
      );
    }
    const target = path.join(dir, ...file.split("/"));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
    for (const ref of externalRefs(text)) {
      const next = path.posix.normalize(path.posix.join(path.posix.dirname(file), ref));
      if (!next.startsWith("../")) queue.push(next);
    }
  }
  return { entry: path.join(dir, ...entry.split("/")), dir };
}

/** The file parts of the `$ref`s of a YAML/JSON text that point at other files (not URLs). */
function externalRefs(text: string): string[] {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return [];
  }
  const refs = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === "object") {
      for (const [key, value] of Object.entries(node)) {
        if (key === "$ref" && typeof value === "string") {
          const file = value.split("#")[0] ?? "";
          if (file !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(file)) refs.add(decodeURI(file));
        } else visit(value);
      }
    }
  };
  visit(doc);
  return [...refs];
}
