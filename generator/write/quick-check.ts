/**
 * The fast path of `--check`: when the manifest's inputs hash equals the current one and every
 * file in the output matches the manifest's content hash (and nothing is extra), the output is
 * exactly what a full render would produce. Anything else falls back to the full comparison.
 * Imports nothing heavy: no parser, no emitter, no formatter.
 */
import { readdir, readFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { listOutputFiles } from "./list-output-files.js";
import { computeInputsHash, type SpecDigests } from "./inputs-hash.js";
import { MANIFEST_NAME, readManifest, sha256 } from "./manifest.js";
import { stagingPrefix } from "./write-output.js";

/**
 * `specPath` / `apiName`: what the caller asks for (undefined: whatever the manifest recorded).
 * `digests` collects the spec files' hashes, for the render that may follow in the same run.
 */
export async function isUpToDate(
  outDir: string,
  specPath: string | undefined,
  apiName: string | undefined,
  cwd: string,
  digests?: SpecDigests,
): Promise<boolean> {
  const out = resolve(cwd, outDir);
  const manifest = await readManifest(out);
  if (!manifest || !manifest.specFiles || !manifest.apiName) return false;
  // generated from another spec than the one asked for: never up to date
  if (
    specPath !== undefined &&
    manifest.specFiles[0] !==
      (relative(cwd, resolve(cwd, specPath)).split(sep).join("/") || specPath)
  )
    return false;
  if (apiName !== undefined && apiName !== manifest.apiName) return false;
  try {
    const inputsHash = await computeInputsHash(
      { specFiles: manifest.specFiles, apiName: manifest.apiName, cwd },
      digests,
    );
    if (inputsHash !== manifest.inputsHash) return false;
  } catch {
    return false; // a spec file is gone: let the full check say what is wrong
  }
  // an earlier run left a staging folder (killed mid-write): the full path finishes or removes it
  const staging = basename(stagingPrefix(out));
  if ((await readdir(dirname(out)).catch(() => [])).some((name) => name.startsWith(staging)))
    return false;
  const onDisk = (await listOutputFiles(out)).filter((path) => path !== MANIFEST_NAME);
  const expected = Object.keys(manifest.files);
  if (onDisk.length !== expected.length || onDisk.some((path, index) => path !== expected[index]))
    return false;
  for (const path of expected) {
    const content = await readFile(join(out, path)).catch(() => undefined);
    if (content === undefined || sha256(content) !== manifest.files[path]) return false;
  }
  return true;
}
