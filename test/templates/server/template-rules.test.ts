/** The rules every server runtime template follows (they are copied verbatim into generated/). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { templateFiles } from "../../../generator/emit/emit-runtime.js";
import { PACKAGE_DEPENDENCIES } from "../../../generator/emit/package/layout.js";

const dir = join(import.meta.dirname, "../../../templates/server");
const HEADER =
  "// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.";
const REDIS_STORE = "stores/redis-store.ts";
/** The Fastify plugin takes Fastify's types (erased: it never loads Fastify itself). */
const FASTIFY_PLUGIN = "adapters/fastify-plugin.ts";
const files = templateFiles(`${dir}/`);
/** A relative import of another template. */
const TEMPLATE = String.raw`(\.\.?/)+([a-z0-9-]+/)*[a-z0-9-]+\.js`;
/** Who may import a Node.js built-in: the adapters, and the Redis store (its client is Node's). */
const MAY_USE_NODE = /^(adapters\/|stores\/redis-)/;

/** A module of one of the generated package's own dependencies (never a peer or a dev tool). */
function isDependency(specifier: string): boolean {
  return Object.keys(PACKAGE_DEPENDENCIES).some(
    (name) => specifier === name || specifier.startsWith(`${name}/`),
  );
}

describe("server runtime templates", () => {
  it.each(files)(
    "%s starts with the header and imports only templates, node: built-ins and the package's dependencies",
    (name) => {
      expect(name).toMatch(/^([a-z]+\/)*[a-z][a-z0-9]*(-[a-z0-9]+)*\.ts$/);
      const text = readFileSync(join(dir, name), "utf8");
      expect(text.split("\n")[0]).toBe(HEADER);
      const specifiers = [
        ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^;]*?from\s+"([^"]+)"/g),
      ].map((match) => match[1]);
      // The Redis store alone may load its client: it has its own entry point (./server/redis).
      const node = MAY_USE_NODE.test(name) ? "|node:[a-z/]+" : "";
      const peer = /^stores\/redis-(store|options)\.ts$/.test(name)
        ? "|ioredis"
        : name === FASTIFY_PLUGIN
          ? "|fastify"
          : "";
      const allowed = new RegExp(`^(${TEMPLATE}${node}${peer})$`);
      for (const specifier of specifiers) {
        if (specifier !== undefined && isDependency(specifier)) continue; // e.g. ajv-formats/dist/formats.js
        expect(specifier, `${name} imports ${specifier}`).toMatch(allowed);
        if (name !== REDIS_STORE) expect(specifier).not.toMatch(/(^|\/)redis-store\.js$/);
      }
      if (name === FASTIFY_PLUGIN) expect(text).not.toMatch(/^import (?!type )[^;]*"fastify"/m);
      expect(text).not.toMatch(/\bimport\(/);
      expect(text).not.toMatch(/:\s*any\b|<any>|as any\b/);
    },
  );

  it("core/ is web-standard: no file under it imports a Node.js built-in", () => {
    const core = files.filter((name) => name.startsWith("core/"));
    expect(core.length).toBeGreaterThan(30);
    for (const name of core) {
      const text = readFileSync(join(dir, name), "utf8");
      expect(text, name).not.toMatch(/from\s+"node:|import\s+"node:|require\(/);
    }
  });

  it("no template is over 300 lines, and no stage over 150", () => {
    for (const name of files) {
      const lines = readFileSync(join(dir, name), "utf8").split("\n").length - 1;
      const limit = name.startsWith("core/stages/") ? 150 : 300;
      expect(lines, `${name} has ${lines} lines (at most ${limit})`).toBeLessThanOrEqual(limit);
    }
  });
});
