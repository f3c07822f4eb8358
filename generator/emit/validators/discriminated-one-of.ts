/**
 * A `oneOf` with a `discriminator` validated as OpenAPI means it: the discriminator property picks
 * the branch, so a body that also happens to match another branch (two branches with the same
 * optional properties, say) is accepted. Without a discriminator, a `oneOf` keeps JSON Schema's
 * "exactly one" semantics.
 *
 * The branch of each tag value comes from the `mapping` (`"Option One": "#/components/schemas/A"`,
 * or the bare name `A`) and, for branches the mapping does not name, from the values the branch
 * gives the tag itself with `enum`/`const` (generator/model/discriminator-values.ts: what the
 * generated types let a caller send), else from the schema's own name (`#/components/schemas/Cat`
 * is picked by `Cat`), as the OpenAPI 3.x Discriminator Object says.
 * The result, in place of the `oneOf`:
 *
 *     { type: object, required: [tag], properties: { tag: { enum: [every value] } },
 *       allOf: [{ if: { properties: { tag: { const: v } } }, then: <branch of v> }, ...] }
 *
 * A `oneOf` with a branch that is not a `$ref` (which has no name to be picked by) is left as it
 * is.
 */
import { ownDiscriminatorValues } from "../../model/discriminator-values.js";
import { isObject } from "../../model/resolve-ref.js";

export interface DiscriminatedBranch {
  readonly value: string;
  /** The branch's `$ref`, as written in the spec. */
  readonly ref: string;
}

const COMPONENT_PREFIX = "#/components/schemas/";

/**
 * The tag values and their branches, or `undefined` when the `oneOf` cannot be picked from;
 * `read` resolves a `$ref` of the document (for the branches' own tag values).
 */
export function discriminatedBranches(
  schema: Readonly<Record<string, unknown>>,
  read: (ref: string) => unknown = () => undefined,
): { readonly propertyName: string; readonly branches: DiscriminatedBranch[] } | undefined {
  const discriminator = schema.discriminator;
  const oneOf = schema.oneOf;
  if (
    !isObject(discriminator) ||
    typeof discriminator.propertyName !== "string" ||
    !Array.isArray(oneOf) ||
    oneOf.length === 0
  )
    return undefined;
  const refs = oneOf.map((branch) =>
    isObject(branch) && typeof branch.$ref === "string" ? branch.$ref : undefined,
  );
  if (refs.some((ref) => ref === undefined)) return undefined;
  const branches: DiscriminatedBranch[] = [];
  const mapped = new Set<string>();
  const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
  for (const [value, target] of Object.entries(mapping)) {
    if (typeof target !== "string") continue;
    const ref =
      target.includes("/") || target.includes("#") ? target : `${COMPONENT_PREFIX}${target}`;
    branches.push({ value, ref });
    mapped.add(ref);
  }
  for (const ref of refs as string[]) {
    if (mapped.has(ref)) continue;
    const own = ownDiscriminatorValues(read(ref), discriminator.propertyName, read).filter(
      (value): value is string => typeof value === "string",
    );
    for (const value of own.length > 0 ? own : [ref.slice(ref.lastIndexOf("/") + 1)]) {
      if (!branches.some((branch) => branch.value === value)) branches.push({ value, ref });
    }
  }
  return { propertyName: discriminator.propertyName, branches };
}

/**
 * The JSON Schema that picks the branch by the tag, with `convert` turning each branch's `$ref`
 * into the validators' form; `undefined` when the `oneOf` is not discriminated (see above).
 */
export function discriminatedOneOf(
  schema: Readonly<Record<string, unknown>>,
  convert: (ref: string) => unknown,
  read?: (ref: string) => unknown,
): Record<string, unknown> | undefined {
  const found = discriminatedBranches(schema, read);
  if (found === undefined) return undefined;
  const { propertyName, branches } = found;
  return {
    type: "object",
    required: [propertyName],
    properties: { [propertyName]: { enum: branches.map((branch) => branch.value) } },
    allOf: branches.map((branch) => ({
      if: { properties: { [propertyName]: { const: branch.value } } },
      then: convert(branch.ref),
    })),
  };
}
