#!/usr/bin/env node
/**
 * `npm run scaffold -- --out <dir> [--spec <file>] [--generated <dir>] [--name <Name>]`
 * Writes one editable handler file per tag, and an index.ts, into <dir>. Never overwrites
 * a file that exists: it says which files it skipped. Exit codes as for `generate`. The files
 * import generated/ by a relative path; the package's own bin (`npx <package> scaffold`) writes
 * the same files importing `<package>/server` (templates/bin/scaffold.ts does the writing).
 */
import { relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { emitScaffold, generatedFolderImports } from "./emit/server/emit-scaffold.js";
import { writeScaffold } from "../templates/bin/scaffold.js";
import { reportFailure, usageError } from "./cli-errors.js";
import { EXIT_CODES } from "./errors.js";
import { loadSpec } from "./load/load-spec.js";
import { buildModel } from "./model/build-model.js";
import { defaultApiName } from "./model/names.js";

async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        out: { type: "string" },
        spec: { type: "string", default: "spec/openapi.yaml" },
        generated: { type: "string", default: "generated" },
        name: { type: "string" },
        "allow-duplicate-operation-ids": { type: "boolean", default: false },
        "allow-undeclared-path-parameters": { type: "boolean", default: false },
      },
      strict: true,
    }));
  } catch (error) {
    return usageError(error);
  }
  if (!values.out) {
    process.stderr.write(
      "error: --out <dir> is required: the folder for your handler files (e.g. src/handlers)\n",
    );
    return EXIT_CODES.usage;
  }
  try {
    const spec = await loadSpec(resolve(values.spec), process.cwd(), {
      allowDuplicateOperationIds: values["allow-duplicate-operation-ids"],
      allowUndeclaredPathParameters: values["allow-undeclared-path-parameters"],
    });
    const model = buildModel(spec.document, spec.specHash);
    const out = resolve(values.out);
    let generatedImport = relative(out, resolve(values.generated)).split("\\").join("/");
    if (!generatedImport.startsWith(".")) generatedImport = `./${generatedImport}`;
    const files = emitScaffold(
      model,
      { apiName: values.name ?? defaultApiName(model.title), specPath: spec.displayPath },
      generatedFolderImports(generatedImport),
    );
    await writeScaffold(files, out, {
      cwd: process.cwd(),
      out: (line) => process.stdout.write(`${line}\n`),
      error: (line) => process.stderr.write(`${line}\n`),
    });
    return EXIT_CODES.ok;
  } catch (error) {
    return reportFailure(error, false);
  }
}

// not a top-level await: generator/run.mjs loads the bundle as CommonJS, which has none
void main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
