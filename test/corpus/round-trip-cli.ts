/**
 * One spec's runtime round trip in its own process (`tsx test/corpus/round-trip-cli.ts <spec>
 * [--allow-duplicate-operation-ids] [--allow-undeclared-path-parameters] [--operation <id>]...`),
 * so each spec's generated modules are freed with it: prints the {@link RoundTripResult} as JSON
 * on stdout. `--operation` (repeatable) runs only those operationIds, to look at one failure.
 */
import { parseArgs } from "node:util";
import { roundTripSpec } from "./round-trip.js";
import { ROOT } from "./run-entry.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "allow-duplicate-operation-ids": { type: "boolean" },
    "allow-undeclared-path-parameters": { type: "boolean" },
    operation: { type: "string", multiple: true },
  },
});
const spec = positionals[0];
if (spec === undefined) {
  process.stderr.write(
    "error: give the spec to round-trip: tsx test/corpus/round-trip-cli.ts <spec>\n",
  );
  process.exit(2);
}
const result = await roundTripSpec(spec, {
  workDir: ROOT,
  allowDuplicateOperationIds: values["allow-duplicate-operation-ids"] === true,
  allowUndeclaredPathParameters: values["allow-undeclared-path-parameters"] === true,
  ...(values.operation === undefined ? {} : { operationIds: values.operation }),
});
process.stdout.write(`${JSON.stringify(result)}\n`);
