/**
 * --check: compares every rendered file with the output folder and reports each changed,
 * missing or extra file (with a short diff). Reads the output only; the lock file beside it
 * (output-lock.ts) is its one write.
 */
import { readdir, readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { listOutputFiles } from "./list-output-files.js";
import { MANIFEST_NAME, renderManifest, type ManifestMeta } from "./manifest.js";
import { withOutputLock } from "./output-lock.js";
import { ContentHasher } from "./content-hash.js";
import type { OutputFile } from "./write-output.js";

const DIFF_LINES = 12;

export interface Drift {
  readonly path: string;
  readonly kind: "changed" | "missing" | "extra";
  readonly diff?: string;
}

export async function checkOutput(
  outDir: string,
  files: readonly OutputFile[],
  meta: ManifestMeta,
): Promise<Drift[]> {
  const out = resolve(outDir);
  // under the output's lock, so a run writing the folder this instant is waited for instead of
  // being reported as drift; where the lock cannot be written (read-only), it reads unlocked
  // unlocked (nothing to wait for) where the output's folder does not exist: the lock would make it
  if (!existsSync(dirname(out))) return compare(out, files, meta);
  return withOutputLock(out, () => compare(out, files, meta));
}

async function compare(
  out: string,
  files: readonly OutputFile[],
  meta: ManifestMeta,
): Promise<Drift[]> {
  const hasher = new ContentHasher();
  const all = [
    ...files,
    { path: MANIFEST_NAME, content: renderManifest(files, meta, undefined, hasher) },
  ];
  const drifts: Drift[] = [];
  for (const file of all) {
    // compared as bytes (content-hash.ts); only a file that differs is read as text, for its diff
    if (hasher.holds(join(out, file.path), file)) continue;
    const current = await readFile(join(out, file.path), "utf8").catch(() => undefined);
    if (current === undefined) drifts.push({ path: file.path, kind: "missing" });
    else
      drifts.push({
        path: file.path,
        kind: "changed",
        diff:
          current === file.content
            ? "(the same text in other bytes: the file on disk is not valid UTF-8)"
            : await shortDiff(file.path, current, file.content),
      });
  }
  const expected = new Set(all.map((file) => file.path));
  for (const path of await listOutputFiles(out)) {
    if (!expected.has(path)) drifts.push({ path, kind: "extra" });
  }
  return drifts.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function formatDrift(drifts: readonly Drift[], outLabel: string): string {
  const lines = [`${drifts.length} file(s) in ${outLabel} differ from what the spec generates:`];
  for (const drift of drifts) {
    lines.push(`  ${drift.kind.padEnd(7)} ${outLabel}/${drift.path}`);
    if (drift.diff) lines.push(...drift.diff.split("\n").map((line) => `      ${line}`));
  }
  lines.push("Run `npm run generate` and commit the result (never edit generated files by hand).");
  return lines.join("\n");
}

/** The first lines of a unified diff; the diff library is loaded only when a file drifted (about 25 ms). */
async function shortDiff(path: string, current: string, expected: string): Promise<string> {
  const { createTwoFilesPatch } = await import("diff");
  const patch = createTwoFilesPatch(
    `on disk: ${path}`,
    `generated: ${path}`,
    current,
    expected,
    undefined,
    undefined,
    { context: 1 },
  );
  const body = patch
    .split("\n")
    .slice(2)
    .filter((line) => line.length > 0);
  const shown = body.slice(0, DIFF_LINES);
  if (body.length > DIFF_LINES) shown.push(`... (${body.length - DIFF_LINES} more diff lines)`);
  return shown.join("\n");
}
