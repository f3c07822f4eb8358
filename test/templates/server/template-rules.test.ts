/** The rules every server runtime template follows (they are copied verbatim into generated/). */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_DEPENDENCIES } from "../../../generator/emit/package/layout.js";

const dir = join(import.meta.dirname, "../../../templates/server");
const HEADER =
  "// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.";
const REDIS_STORE = "redis-store.ts";
/** The Fastify plugin takes Fastify's types (erased: it never loads Fastify itself). */
const FASTIFY_PLUGIN = "fastify-plugin.ts";
const files = readdirSync(dir).filter((name) => name.endsWith(".ts"));

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
      expect(name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*\.ts$/);
      const text = readFileSync(join(dir, name), "utf8");
      expect(text.split("\n")[0]).toBe(HEADER);
      const specifiers = [
        ...text.matchAll(/(?:^|\n)\s*(?:import|export)[^;]*?from\s+"([^"]+)"/g),
      ].map((match) => match[1]);
      // The Redis store alone may load its client: it has its own entry point (./server/redis).
      const allowed =
        name === REDIS_STORE
          ? /^(\.\/[a-z0-9-]+\.js|node:[a-z/]+|ioredis)$/
          : name === FASTIFY_PLUGIN
            ? /^(\.\/[a-z0-9-]+\.js|node:[a-z/]+|fastify)$/
            : /^(\.\/[a-z0-9-]+\.js|node:[a-z/]+)$/;
      for (const specifier of specifiers) {
        if (specifier !== undefined && isDependency(specifier)) continue; // e.g. @noble/hashes/sha2.js
        expect(specifier, `${name} imports ${specifier}`).toMatch(allowed);
        if (name !== REDIS_STORE)
          expect(specifier).not.toBe(`./${REDIS_STORE.replace(/\.ts$/, ".js")}`);
      }
      if (name === FASTIFY_PLUGIN) expect(text).not.toMatch(/^import (?!type )[^;]*"fastify"/m);
      expect(text).not.toMatch(/\bimport\(/);
      expect(text).not.toMatch(/:\s*any\b|<any>|as any\b/);
    },
  );
});
