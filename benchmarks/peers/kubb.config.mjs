// Kubb for the generation bench: types, a fetch client, Zod schemas and Faker mocks, from the spec
// in PEER_SPEC into PEER_OUT (benchmarks/peer-generation.ts sets both).
import { defineConfig } from "@kubb/core";
import { pluginClient } from "@kubb/plugin-client";
import { pluginFaker } from "@kubb/plugin-faker";
import { pluginOas } from "@kubb/plugin-oas";
import { pluginTs } from "@kubb/plugin-ts";
import { pluginZod } from "@kubb/plugin-zod";

const spec = process.env.PEER_SPEC;
const out = process.env.PEER_OUT;
if (!spec || !out) throw new Error("set PEER_SPEC and PEER_OUT");
export default defineConfig({
  root: ".",
  input: { path: spec },
  output: { path: out, clean: true, format: false, lint: false },
  plugins: [pluginOas(), pluginTs(), pluginClient({ client: "fetch" }), pluginZod(), pluginFaker()],
});
