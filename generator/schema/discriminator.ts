/**
 * The one discriminator rule of the schema model: which branch of a `oneOf` each tag value picks.
 * The generated types, the generated validators, the mocks and the conformance data all ask it.
 *
 * The values a discriminator branch gives its tag property itself. The Discriminator Object's
 * implicit value for a branch the `mapping` does not name is the schema's name, but a branch whose
 * own schema fixes the property (`role: { enum: [system] }`) can only ever carry those values. The
 * generated types, the generated validators and the conformance data all use them, so that what
 * the types let a caller send is what the server accepts.
 */
import { isObject } from "./json-pointer.js";

/** How deep `$ref`s and `allOf` parts are followed (a cycle of refs ends there). */
const MAX_DEPTH = 8;

/**
 * The `const` or `enum` values `schema` allows for `property`, through its `$ref`, its `allOf`
 * parts and a `$ref` on the property itself; `read` resolves a `$ref` (undefined when it cannot).
 * Empty when the schema does not fix the property.
 */
export function ownDiscriminatorValues(
  schema: unknown,
  property: string,
  read: (ref: string) => unknown,
  depth = 0,
): unknown[] {
  if (!isObject(schema) || depth > MAX_DEPTH) return [];
  if (typeof schema.$ref === "string") {
    return ownDiscriminatorValues(read(schema.$ref), property, read, depth + 1);
  }
  const own = isObject(schema.properties) ? schema.properties[property] : undefined;
  const declared = isObject(own) && typeof own.$ref === "string" ? read(own.$ref) : own;
  if (isObject(declared)) {
    if ("const" in declared) return [declared.const];
    if (Array.isArray(declared.enum)) return declared.enum;
  }
  return Array.isArray(schema.allOf)
    ? schema.allOf.flatMap((part) => ownDiscriminatorValues(part, property, read, depth + 1))
    : [];
}

export interface DiscriminatedBranches {
  /** The keyword whose branches are picked from: `oneOf`, else `anyOf`. */
  readonly keyword: "oneOf" | "anyOf";
  readonly propertyName: string;
  readonly branches: DiscriminatedBranch[];
}

export interface DiscriminatedBranch {
  readonly value: string;
  /** The branch's `$ref`, as written in the spec. */
  readonly ref: string;
}

const COMPONENT_PREFIX = "#/components/schemas/";

/**
 * The tag values of a discriminated `oneOf` (else `anyOf`) and their branches, or `undefined` when the `oneOf`
 * cannot be picked from (a branch that is not a `$ref` has no name to be picked by). The branch of
 * each value comes from the `mapping` (`"Option One": "#/components/schemas/A"`, or the bare name
 * `A`), then, for branches the mapping does not name, from the values the branch gives the tag
 * itself ({@link ownDiscriminatorValues}), else from the schema's own name (OpenAPI 3.x
 * Discriminator Object);
 * `read` resolves a `$ref` of the document (for the branches' own tag values).
 */
export function discriminatedBranches(
  schema: Readonly<Record<string, unknown>>,
  read: (ref: string) => unknown = () => undefined,
): DiscriminatedBranches | undefined {
  const discriminator = schema.discriminator;
  const keyword = Array.isArray(schema.oneOf) ? "oneOf" : "anyOf";
  const oneOf = schema[keyword];
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
  return { keyword, propertyName: discriminator.propertyName, branches };
}
