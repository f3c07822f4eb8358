/**
 * When a later stage fails on a spec, the cause is usually that the spec is not valid OpenAPI.
 * This runs Redocly's structural validation (the `struct` rule) only then — valid specs never pay
 * for it — and turns its first problem into an error that says where.
 */
import { relative } from "node:path";
import { createConfig, getLineColLocation, lint } from "@redocly/openapi-core";
import { GeneratorError } from "../errors.js";

export async function explainInvalidSpec(
  specPath: string,
  cwd: string,
): Promise<GeneratorError | undefined> {
  let problems;
  try {
    problems = await lint({
      ref: specPath,
      config: await createConfig({ rules: { struct: "error" } }),
    });
  } catch {
    return undefined;
  }
  const errors = problems.filter((problem) => problem.severity === "error");
  const first = errors[0];
  if (!first) return undefined;
  const location = first.location[0];
  let where = location?.pointer ?? specPath;
  if (location && "source" in location) {
    const { start } = getLineColLocation(location);
    where = `${relative(cwd, location.source.absoluteRef)}:${start.line}:${start.col} (${location.pointer})`;
  }
  const more =
    errors.length > 1
      ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})`
      : "";
  return new GeneratorError(
    "invalidSpec",
    `The spec is not valid OpenAPI: ${first.message}${more}`,
    {
      where,
      hint: "Fix it there; `npx redocly lint <spec>` lists every problem.",
    },
  );
}
