// orval for the generation bench: a fetch client with TanStack Query hooks and MSW mocks, plus Zod
// schemas, from the spec in PEER_SPEC into PEER_OUT (benchmarks/peer-generation.ts sets both).
const spec = process.env.PEER_SPEC;
const out = process.env.PEER_OUT;
if (!spec || !out) throw new Error("set PEER_SPEC and PEER_OUT");
export default {
  client: {
    input: { target: spec },
    output: {
      target: `${out}/client.ts`,
      client: "react-query",
      httpClient: "fetch",
      mock: true,
      override: { query: { version: 5 } },
    },
  },
  zod: {
    input: { target: spec },
    output: { target: `${out}/zod.ts`, client: "zod" },
  },
};
