#!/usr/bin/env node
/**
 * `npm run generate [-- --spec <file>] [--out <dir>] [--name <Name>] [--package-name <name>] [--check] [--debug]`
 * Exit codes: 0 ok · 1 drift (--check) · 2 usage · 3 invalid spec · 4 unsupported spec ·
 * 5 output folder refused · 70 internal error (a bug: please report it with --debug output).
 */
import { parseArgs } from "node:util";
import { reportFailure, usageError } from "./cli-errors.js";
import { EXIT_CODES } from "./errors.js";
import { generatedSummary } from "./write/generated-summary.js";
import type { SpecDigests } from "./write/inputs-hash.js";
import { isUpToDate } from "./write/quick-check.js";

const USAGE = `Usage: npm run generate -- [options]

  --spec <file>   OpenAPI 3.0/3.1 document (default: spec/openapi.yaml)
  --out <dir>     output folder the generator owns (default: generated)
  --name <Name>   API name for exported symbols, e.g. PetStore → createPetStoreClient
                  (default: PetStore here, otherwise from info.title)
  --package-name <name>
                  npm name of the generated package.json (default: from the API name, e.g. petstore-api)
  --allow-duplicate-operation-ids
                  read a spec that repeats an operationId (invalid OpenAPI): the later operation
                  is named from its method and path, with a warning (default: refuse, exit 3)
  --allow-undeclared-path-parameters
                  read a spec whose path has a {parameter} that no parameter declares (invalid
                  OpenAPI): it is read as a required string, with a warning (default: refuse, exit 3)
  --no-cache      render everything (default: reuse what earlier runs rendered from the same
                  inputs, cached in node_modules/.cache/petstore-generator/, safe to delete)
  --watch         generate, then again on every change to the spec or a file it $refs (Ctrl-C stops)
  --lint          with --watch: also lint the spec on each run, as \`npm run lint\` does
  --check         render in memory and compare with --out; exit 1 on any drift, write nothing
  --debug         show stack traces
  --help          this text

Exit codes: 0 ok, 1 drift, 2 usage, 3 invalid spec, 4 unsupported spec, 5 output refused, 70 internal error.`;

async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        spec: { type: "string", default: "spec/openapi.yaml" },
        out: { type: "string", default: "generated" },
        name: { type: "string" },
        "package-name": { type: "string" },
        "allow-duplicate-operation-ids": { type: "boolean", default: false },
        "allow-undeclared-path-parameters": { type: "boolean", default: false },
        check: { type: "boolean", default: false },
        "no-cache": { type: "boolean", default: false },
        watch: { type: "boolean", default: false },
        lint: { type: "boolean", default: false },
        debug: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return usageError(error, USAGE);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT_CODES.ok;
  }
  if (values.name !== undefined && !/^[A-Z][A-Za-z0-9]*$/.test(values.name)) {
    process.stderr.write(
      `error: --name must be a PascalCase identifier such as PetStore, got ${JSON.stringify(values.name)}\n`,
    );
    return EXIT_CODES.usage;
  }
  const options = {
    specPath: values.spec,
    outDir: values.out,
    ...(values.name ? { apiName: values.name } : {}),
    ...(values["package-name"] !== undefined ? { packageName: values["package-name"] } : {}),
    allowDuplicateOperationIds: values["allow-duplicate-operation-ids"],
    allowUndeclaredPathParameters: values["allow-undeclared-path-parameters"],
    cache: !values["no-cache"],
  };
  if (values.lint && !values.watch) {
    return usageError(
      new Error("--lint goes with --watch (to lint once, run `npm run lint`)"),
      USAGE,
    );
  }
  if (values.watch) {
    if (values.check) return usageError(new Error("--watch and --check do not go together"), USAGE);
    const { watchSpec } = await import("./watch/watch-spec.js");
    return watchSpec({
      generate: options,
      lint: values.lint,
      debug: values.debug,
      out: (line) => process.stdout.write(`${line}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
    });
  }
  try {
    // Fast path, for generate and --check alike: unchanged inputs and untouched outputs are exactly
    // what a render would produce, so nothing is rendered or written. Anything else renders.
    // (the manifest does not record --package-name or the --allow-... options: with any of
    // them, always render; --no-cache renders everything, as its help says)
    const recorded =
      !values["no-cache"] &&
      values["package-name"] === undefined &&
      !values["allow-duplicate-operation-ids"] &&
      !values["allow-undeclared-path-parameters"];
    // the spec files' hashes, worked out once in this run for the quick check and the manifest
    const specDigests: SpecDigests = new Map();
    if (
      recorded &&
      (await isUpToDate(values.out, values.spec, values.name, process.cwd(), specDigests))
    ) {
      process.stdout.write(
        `${values.out}/ is up to date with ${values.spec} (inputs and outputs unchanged; nothing rendered)\n`,
      );
      return EXIT_CODES.ok;
    }
    if (values.check) {
      const { check } = await import("./generate.js");
      const { formatDrift } = await import("./write/check-output.js");
      const drifts = await check({ ...options, specDigests });
      if (drifts.length > 0) {
        process.stderr.write(`${formatDrift(drifts, values.out)}\n`);
        return EXIT_CODES.drift;
      }
      process.stdout.write(`${values.out}/ is up to date with ${values.spec}\n`);
      return EXIT_CODES.ok;
    }
    const { generate } = await import("./generate.js");
    const { rendered, report } = await generate({ ...options, specDigests });
    for (const warning of rendered.warnings) process.stderr.write(`warning: ${warning}\n`);
    process.stdout.write(
      `${generatedSummary(report, rendered.model.operations.length, values.out)}\n`,
    );
    return EXIT_CODES.ok;
  } catch (error) {
    return reportFailure(error, values.debug);
  }
}

// not a top-level await: generator/run.mjs loads the bundle as CommonJS, which has none
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
