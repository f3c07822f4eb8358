/**
 * The framework adapters stay out of the core: the `./server` entry's module graph reaches neither
 * the adapters nor the frameworks, and each adapter entry imports only types of its framework
 * (the frameworks are optional peers, loaded by the user's app, never by the package).
 */
import { join } from "node:path";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

const ENTRY = join(import.meta.dirname, "../../generated/entry");
const FRAMEWORKS = ["express", "fastify", "hono", "@hono/node-server"];

async function graph(entry: string): Promise<Metafile> {
  const result = await build({
    entryPoints: [join(ENTRY, entry)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    packages: "external",
    metafile: true,
    logLevel: "silent",
  });
  return result.metafile;
}

function externalImports(metafile: Metafile): string[] {
  return Object.values(metafile.inputs).flatMap((input) =>
    input.imports.filter((entry) => entry.external === true).map((entry) => entry.path),
  );
}

describe("framework adapters and the core entry", () => {
  it("./server reaches no adapter and no framework", async () => {
    const metafile = await graph("server.ts");
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((path) => path.endsWith("runtime/server/core/request-handler.ts"))).toBe(
      true,
    );
    expect(inputs.filter((path) => /express-adapter|fastify-plugin/.test(path))).toEqual([]);
    expect(externalImports(metafile).filter((path) => FRAMEWORKS.includes(path))).toEqual([]);
  });

  it.each(["server-express.ts", "server-fastify.ts"])(
    "%s loads no framework at run time",
    async (entry) => {
      const metafile = await graph(entry);
      expect(externalImports(metafile).filter((path) => FRAMEWORKS.includes(path))).toEqual([]);
    },
  );
});
