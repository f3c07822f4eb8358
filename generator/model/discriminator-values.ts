/**
 * The values a discriminator branch gives its tag property itself. The Discriminator Object's
 * implicit value for a branch the `mapping` does not name is the schema's name, but a branch whose
 * own schema fixes the property (`role: { enum: [system] }`) can only ever carry those values. The
 * generated types, the generated validators and the conformance data all use them, so that what
 * the types let a caller send is what the server accepts.
 */
import { isObject } from "./resolve-ref.js";

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
