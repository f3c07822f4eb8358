/**
 * A `oneOf` with a `discriminator` validated as OpenAPI means it: the discriminator property picks
 * the branch, so a body that also happens to match another branch (two branches with the same
 * optional properties, say) is accepted. Without a discriminator, a `oneOf` keeps JSON Schema's
 * "exactly one" semantics.
 *
 * The branch of each tag value comes from the `mapping` (`"Option One": "#/components/schemas/A"`,
 * or the bare name `A`) and, for branches the mapping does not name, from the values the branch
 * gives the tag itself with `enum`/`const` (discriminator.ts: what the
 * generated types let a caller send), else from the schema's own name (`#/components/schemas/Cat`
 * is picked by `Cat`), as the OpenAPI 3.x Discriminator Object says.
 * The result, in place of the `oneOf`:
 *
 *     { type: object, required: [tag], properties: { tag: { enum: [every value] } },
 *       allOf: [{ if: { properties: { tag: { const: v } } }, then: <branch of v> }, ...] }
 *
 * The same for an `anyOf` with a discriminator (OpenAPI allows both). A `oneOf` with a branch that
 * is not a `$ref` (which has no name to be picked by) is left as it is.
 */
import { discriminatedBranches } from "./discriminator.js";

/**
 * The JSON Schema that picks the branch by the tag, with `convert` turning each branch's `$ref`
 * into the validators' form; `undefined` when the `oneOf` is not discriminated (see above).
 */
export function discriminatedOneOf(
  schema: Readonly<Record<string, unknown>>,
  convert: (ref: string) => unknown,
  read?: (ref: string) => unknown,
): { readonly keyword: "oneOf" | "anyOf"; readonly schema: Record<string, unknown> } | undefined {
  const found = discriminatedBranches(schema, read);
  if (found === undefined) return undefined;
  const { keyword, propertyName, branches } = found;
  const picked = {
    type: "object",
    required: [propertyName],
    properties: { [propertyName]: { enum: branches.map((branch) => branch.value) } },
    allOf: branches.map((branch) => ({
      if: { properties: { [propertyName]: { const: branch.value } } },
      then: convert(branch.ref),
    })),
  };
  return { keyword, schema: picked };
}
