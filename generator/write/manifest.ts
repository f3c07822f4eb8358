/**
 * The manifest is how the generator knows which files in the output folder it wrote:
 * it only ever deletes or overwrites files listed there (or files it is writing anew).
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ContentHasher, type HashedText } from "./content-hash.js";
import { sha256Hex } from "../cache/text-hash.js";

export const MANIFEST_NAME = ".generated-manifest.json";

/** What the manifest records besides the files: enough to recompute the inputs hash. */
export interface ManifestMeta {
  /** Hash of everything the output depends on (spec, templates, generator), for fast drift checks. */
  readonly inputsHash: string;
  /** The spec and every file it references, relative to the working directory. */
  readonly specFiles: readonly string[];
  readonly apiName: string;
}

export interface Manifest extends Partial<ManifestMeta> {
  readonly generator: string;
  readonly inputsHash: string;
  /** Output files (POSIX paths) with the SHA-256 of their content. */
  readonly files: Readonly<Record<string, string>>;
}

export function sha256(content: string | Uint8Array): string {
  return typeof content === "string"
    ? sha256Hex(content)
    : createHash("sha256").update(content).digest("hex");
}

/**
 * The manifest of `files`; `known` gives hashes already known for some paths (write-output.ts
 * passes those of files left unchanged since the previous manifest, so they are not hashed again).
 */
export function renderManifest(
  files: readonly ({ path: string } & HashedText)[],
  meta: ManifestMeta,
  known: ReadonlyMap<string, string> = new Map(),
  hasher = new ContentHasher(),
): string {
  const entries = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifest: Manifest = {
    generator: "pet store contract toolchain",
    apiName: meta.apiName,
    specFiles: meta.specFiles,
    inputsHash: meta.inputsHash,
    files: Object.fromEntries(
      entries.map((file) => [file.path, known.get(file.path) ?? hasher.sha256(file)]),
    ),
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The manifest in `outDir`, `null` when there is none, `undefined` when it is unreadable. */
export async function readManifest(outDir: string): Promise<Manifest | null | undefined> {
  let text: string;
  try {
    text = await readFile(join(outDir, MANIFEST_NAME), "utf8");
  } catch {
    return null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "files" in parsed && "inputsHash" in parsed)
      return parsed as Manifest;
  } catch {
    // fall through
  }
  return undefined;
}
