/**
 * runtime: the spec-independent code in templates/, copied into generated/runtime/ byte for byte.
 * Template files carry their own "copied verbatim, do not edit" header. Read synchronously: a
 * few dozen small files, each read with promises cost the run a wait on the thread pool. A part
 * may have folders (the server's core/, core/stages/, adapters/, stores/): they are copied as
 * they are, in sorted order.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { GeneratedFile } from "./file.js";

export const TEMPLATES_DIR = fileURLToPath(new URL("../../templates/", import.meta.url));
export const RUNTIME_PARTS = [
  "client",
  "server",
  "query",
  "mocks",
  "mcp",
  "telemetry",
  "bin",
  "zod",
  "xml",
] as const;

/** The `.ts` files under `dir`, relative to it (`core/stages/route.ts`), sorted. */
export function templateFiles(dir: string, prefix = ""): string[] {
  const found: string[] = [];
  const entries = readdirSync(`${dir}${prefix}`, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.isDirectory()) found.push(...templateFiles(dir, `${prefix}${entry.name}/`));
    else if (entry.name.endsWith(".ts")) found.push(`${prefix}${entry.name}`);
  }
  return found;
}

export function emitRuntime(templatesDir = TEMPLATES_DIR): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  for (const part of RUNTIME_PARTS) {
    for (const name of templateFiles(`${templatesDir}${part}/`)) {
      files.push({
        path: `runtime/${part}/${name}`,
        content: readFileSync(`${templatesDir}${part}/${name}`, "utf8"),
      });
    }
  }
  return files;
}
