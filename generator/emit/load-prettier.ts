/**
 * prettier as the generator formats with it: its standalone build and the plugins a parser needs,
 * required as CommonJS with a V8 code cache (load/code-cache.ts). Importing prettier's ES module
 * entry compiled 1.2 MB of JavaScript on every run (about 35 ms); this takes about 10 ms. The
 * standalone build is prettier's own core without its file-system and configuration lookup (we
 * pass every option); with the plugins below it formats our parsers as the entry does (markdown
 * leaves embedded code alone, see format.ts), which `generate --check` on generated/ and the
 * formatting tests confirm byte for byte.
 */
import { createRequire } from "node:module";
import type { Options, Plugin } from "prettier";
import { requireWithCodeCache } from "../load/code-cache.js";

interface Standalone {
  format(source: string, options: Options): Promise<string>;
}

/** The plugins (files under prettier/plugins/) each parser we use needs. */
const PLUGINS: Readonly<Record<string, readonly string[]>> = {
  "babel-ts": ["babel", "estree"],
  json: ["babel", "estree"],
  markdown: ["markdown"],
  typescript: ["typescript", "estree"],
};

const require = createRequire(import.meta.url);

/** Loaded files by path under prettier/: resolved and required once per process. */
const loaded = new Map<string, unknown>();

function load(path: string): unknown {
  let exports = loaded.get(path);
  if (exports === undefined) {
    const file = require.resolve(`prettier/${path}`);
    const { version } = require("prettier/package.json") as { version: string };
    exports = requireWithCodeCache(file, `prettier-${version}-${path.replace(/[^a-z]/g, "-")}-${process.version}-${process.arch}`).exports;
    loaded.set(path, exports);
  }
  return exports;
}

/** `prettier.format` with the plugins `parser` needs. */
export function formatWith(source: string, options: Options & { readonly parser: string }): Promise<string> {
  const names = PLUGINS[options.parser];
  if (names === undefined) throw new Error(`no prettier plugins are listed for the parser ${options.parser}`);
  const standalone = load("standalone.js") as Standalone;
  const plugins = names.map((name) => load(`plugins/${name}.js`) as Plugin);
  return standalone.format(source, { ...options, plugins });
}
