/** A folder's files and contents, to prove a failed run changed nothing. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function snapshotFolder(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      files[join(entry.parentPath, entry.name).slice(dir.length)] = readFileSync(
        join(entry.parentPath, entry.name),
        "utf8",
      );
  }
  return files;
}

export function stagingLeftovers(parent: string): string[] {
  return readdirSync(parent).filter((name) => name.includes(".staging-"));
}
