/**
 * Both sides of a comparison must be valid specs before they are compared: a spec `generate`
 * refuses (malformed YAML, a `$ref` to nothing, a repeated operationId, a path parameter nobody
 * declares, a structure that is not OpenAPI) is refused here too, with the generator's own
 * one-paragraph error, so the same rule gives the same verdict in `generate` and `spec:diff`.
 */
import { relative } from "node:path";
import { GeneratorError } from "../generator/errors.js";
import { explainInvalidSpec } from "../generator/load/explain-invalid-spec.js";
import { loadSpec } from "../generator/load/load-spec.js";
import { withSourceLocation } from "../generator/load/source-locator.js";
import { buildModel } from "../generator/model/build-model.js";
import { SpecReadError } from "./spec-read-error.js";

/**
 * Throws a {@link SpecReadError} carrying the generator's error when `file` is not a spec the
 * generator accepts.
 *
 * @param label how the side is named (`spec/openapi.yaml`, `origin/main:spec/openapi.yaml`)
 * @param shownAs for a side read from git: the temporary folder and the `<revision>:` prefix
 *   that replaces it in locations, so a message points into the revision, not a temp path
 */
export async function validateSide(
  file: string,
  label: string,
  cwd: string,
  shownAs?: { readonly dir: string; readonly prefix: string },
): Promise<void> {
  let problem: GeneratorError | undefined;
  try {
    const loaded = await loadSpec(file, cwd);
    try {
      buildModel(loaded.document, loaded.specHash);
    } catch (error) {
      throw withSourceLocation(error, file, loaded.displayPath);
    }
  } catch (error) {
    if (!(error instanceof GeneratorError)) throw error;
    problem = error;
  }
  // Structure is checked even when everything above passed: the diff reads what it finds.
  problem ??= await explainInvalidSpec(file, cwd);
  if (problem === undefined) return;
  if (shownAs !== undefined && problem.where !== undefined) {
    const shownDir = `${relative(cwd, shownAs.dir).split("\\").join("/")}/`;
    problem = new GeneratorError(problem.kind, problem.message, {
      where: problem.where.split(shownDir).join(shownAs.prefix),
      ...(problem.hint === undefined ? {} : { hint: problem.hint }),
    });
  }
  throw new SpecReadError(`${label} is not a valid spec`, undefined, problem);
}
