/**
 * Repairs that real specs need before the rest of the pipeline can read them, each reported as a
 * warning. They change nothing a valid spec means:
 * - a `$ref` cycle with no schema in it (`A: {$ref: B}`, `B: {$ref: A}`) describes no value at
 *   all; its members become `{}` (any value) instead of stopping every tool that resolves them;
 * - a discriminator `mapping` value may be a bare schema name (OpenAPI 3.0.3 §4.7.25.1); it is
 *   written as the `#/components/schemas/<name>` reference it stands for.
 */
import { isObject } from "../model/resolve-ref.js";

const COMPONENT_PREFIX = "#/components/schemas/";

function componentSchemas(document: Record<string, unknown>): Record<string, unknown> | undefined {
  const components = document.components;
  return isObject(components) && isObject(components.schemas) ? components.schemas : undefined;
}

/** Before bundling: breaks pure `$ref` cycles among the root document's component schemas. */
export function breakReferenceCycles(document: Record<string, unknown>, warnings: string[]): void {
  const schemas = componentSchemas(document);
  if (!schemas) return;
  const target = (name: string): string | undefined => {
    const schema = schemas[name];
    const ref = isObject(schema) ? schema.$ref : undefined;
    return typeof ref === "string" && ref.startsWith(COMPONENT_PREFIX)
      ? ref.slice(COMPONENT_PREFIX.length)
      : undefined;
  };
  for (const start of Object.keys(schemas)) {
    const chain: string[] = [];
    for (let name: string | undefined = start; name !== undefined; name = target(name)) {
      const index = chain.indexOf(name);
      if (index >= 0) {
        for (const member of chain.slice(index)) schemas[member] = {};
        warnings.push(
          `the schemas ${chain.slice(index).join(" → ")} only refer to each other (a $ref cycle with no schema): each is read as any value`,
        );
        break;
      }
      chain.push(name);
    }
  }
}

/** After bundling: discriminator mappings to bare schema names become references. */
export function normalizeDiscriminatorMappings(document: Record<string, unknown>): void {
  const schemas = componentSchemas(document) ?? {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node)) return;
    const discriminator = node.discriminator;
    if (isObject(discriminator) && isObject(discriminator.mapping)) {
      for (const [key, value] of Object.entries(discriminator.mapping)) {
        if (
          typeof value === "string" &&
          !value.includes("/") &&
          !value.includes("#") &&
          value in schemas
        ) {
          discriminator.mapping[key] = `${COMPONENT_PREFIX}${value}`;
        }
      }
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(document);
}

/**
 * After bundling: a schema `$ref` into another operation's schema
 * (`#/paths/~1a/post/requestBody/content/application~1json/schema/properties/x`) is valid, but
 * type generators handle references to components far better. Each such target is copied into
 * `components.schemas` under a name derived from its pointer, and the references point there.
 */
export function hoistDeepSchemaReferences(
  document: Record<string, unknown>,
  warnings: string[],
): void {
  const hoisted = new Map<string, string>();
  const taken = new Set(Object.keys(componentSchemas(document) ?? {}));
  const nameFor = (pointer: string): string => {
    const base = `Inline${pointer
      .split("/")
      .slice(1)
      .map((part) => part.replace(/~1/g, "_").replace(/[^A-Za-z0-9]+/g, "_"))
      .join("_")}`.slice(0, 120);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
    taken.add(name);
    return name;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === "string" && ref.startsWith("#/paths/") && /\/schema(\/|$)/.test(ref)) {
      let name = hoisted.get(ref);
      if (name === undefined) {
        const target = resolvePointer(document, ref);
        if (target === undefined) return;
        name = nameFor(ref);
        hoisted.set(ref, name);
        const components = (document.components ??= {}) as Record<string, unknown>;
        const schemas = (components.schemas ??= {}) as Record<string, unknown>;
        schemas[name] = structuredClone(target);
        warnings.push(
          `the schema reference ${ref} points into an operation: copied to #/components/schemas/${name}`,
        );
      }
      node.$ref = `${COMPONENT_PREFIX}${name}`;
      return;
    }
    for (const child of Object.values(node)) visit(child);
  };
  visit(document.paths);
  visit(document.components);
}

function resolvePointer(document: unknown, ref: string): unknown {
  let node = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
