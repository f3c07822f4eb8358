/**
 * A path template's parameters must all be declared (OpenAPI 3: "each template expression in the
 * path MUST correspond to a path parameter"). A missing one would give the client `path?: never`
 * and the server a route whose segment nobody reads, so the spec is refused (exit 3), as
 * Redocly's `path-parameters-defined` rule refuses it in lint.
 */
import { GeneratorError } from "../errors.js";

/**
 * The names of a path template's `{expressions}`, in order. RFC 6570 operators and the explode
 * modifier that some specs use for label and matrix styles (`{.id}`, `{;id}`, `{id*}`) are not
 * part of the name.
 */
export function templateParameters(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((match) =>
    match[1]!.replace(/^[.;+#/?&]/, "").replace(/\*$/, ""),
  );
}

/**
 * The styles a path template's RFC 6570 operators say, by parameter name: `{.id}` label, `{;id}`
 * matrix, `{id*}` exploded (`simple` when only exploded). Client and server read them in place of
 * the parameter's own `style`/`explode`, so both put and read the same text.
 */
export function templateStyles(
  path: string,
): Map<string, { style: "simple" | "label" | "matrix"; explode: boolean }> {
  return new Map(
    [...path.matchAll(/\{([.;]?)([^{}*]+)(\*?)\}/g)]
      .filter((match) => match[1] !== "" || match[3] !== "")
      .map(
        (match) =>
          [
            match[2]!,
            {
              style: match[1] === "." ? "label" : match[1] === ";" ? "matrix" : "simple",
              explode: match[3] === "*",
            },
          ] as const,
      ),
  );
}

/**
 * Throws when `path` has a template expression that no `in: path` parameter (path-level or
 * operation-level) declares.
 *
 * @param pointer the operation's JSON pointer, for the message
 */
export function checkPathTemplate(
  path: string,
  declared: readonly { readonly name: string }[],
  pointer: string,
): void {
  const names = new Set(declared.map((parameter) => parameter.name));
  const missing = templateParameters(path).filter((name) => !names.has(name));
  if (missing.length === 0) return;
  const list = missing.map((name) => `{${name}}`).join(", ");
  const example = missing[0]!;
  throw new GeneratorError(
    "invalidSpec",
    `The path ${path} has ${list} but declares no path parameter of that name`,
    {
      where: pointer,
      hint:
        `Declare it under the path item's or the operation's parameters, e.g. ` +
        `\`- { name: ${example}, in: path, required: true, schema: { type: string } }\`, or take it out of the path ` +
        "(for a spec you cannot fix: --allow-undeclared-path-parameters reads it as a required string).",
    },
  );
}
