/**
 * Compiles a benchmark child (server or client worker) and the project code it imports into one
 * ESM file with esbuild, packages left external (fastify, openapi-fetch, ajv load as installed).
 * The runtime figures run these with plain `node`: under tsx, our TypeScript would run with
 * esbuild's `keepNames` helpers and source maps on, which the peers' plain JavaScript does not
 * pay — and which a compiled package (issue 8's `npm run build`) does not pay either.
 */
import { mkdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { build } from "esbuild";

export async function buildEntry(root: string, workDir: string, entry: string): Promise<string> {
  const outDir = join(workDir, "build");
  await mkdir(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(entry).replace(/\.ts$/, "")}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    outfile,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    minify: false,
    keepNames: false,
    sourcemap: false,
    logLevel: "silent",
  });
  return outfile;
}
