/**
 * runtime: the spec-independent code in templates/, copied into generated/runtime/ byte for byte.
 * Template files carry their own "copied verbatim, do not edit" header. Read synchronously: a
 * few dozen small files, each read with promises cost the run a wait on the thread pool.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { GeneratedFile } from "./file.js";

export const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/", import.meta.url));
export const RUNTIME_PARTS = ["client", "server", "query", "mocks", "mcp"] as const;

export function emitRuntime(templatesDir = TEMPLATES_DIR): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  for (const part of RUNTIME_PARTS) {
    const names = readdirSync(`${templatesDir}${part}`).filter((name) => name.endsWith(".ts")).sort();
    for (const name of names) {
      files.push({ path: `runtime/${part}/${name}`, content: readFileSync(`${templatesDir}${part}/${name}`, "utf8") });
    }
  }
  return files;
}
