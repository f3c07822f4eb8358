/** One render of the project's spec per test file: rendering takes seconds. */
import { render, type Rendered } from "../../generator/generate.js";

export const SPEC = "spec/openapi.yaml";
export const OUT = "generated";
export const API_NAME = "PetStore";

let cached: Promise<Rendered> | undefined;

export function renderProjectSpec(): Promise<Rendered> {
  cached ??= render({ specPath: SPEC, outDir: OUT, apiName: API_NAME });
  return cached;
}
