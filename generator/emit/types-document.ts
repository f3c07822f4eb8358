/**
 * What we change in the copy of the document that openapi-typescript types, so that real
 * operations stay callable (docs/client-types.md, "Where our types differ from openapi-typescript"):
 * - an OpenAPI 3.2 `itemSchema` (the schema of each item of a stream) is what its media type is
 *   typed with, when the media type has no `schema`;
 * - a discriminator without a `mapping` for some of its members gets one from each member's own
 *   `enum`/`const` of the discriminating property, so openapi-typescript keeps those values
 *   instead of replacing them with the schema's name (the implicit mapping) that no server sends;
 * - request bodies and responses reference "write" and "read" views of their schemas
 *   (see {@link addSchemaViews}).
 * The document given is changed in place: pass a copy.
 */
import { ownDiscriminatorValues } from "../schema/discriminator.js";
import { walkObjects } from "../schema/walk-objects.js";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const REF_PREFIX = "#/components/schemas/";

/**
 * Changes the document copy for openapi-typescript (see the module comment). Returns whether any
 * object of the document has a `discriminator` key (without one, openapi-typescript's
 * discriminator scan finds nothing and changes nothing).
 */
export function prepareTypesDocument(document: Json): boolean {
  const schemas =
    isObject(document.components) && isObject(document.components.schemas)
      ? document.components.schemas
      : {};
  let discriminators = false;
  walkObjects(document, (object) => {
    if (isObject(object.content)) {
      for (const media of Object.values(object.content)) {
        if (isObject(media) && media.schema === undefined && media.itemSchema !== undefined)
          media.schema = media.itemSchema;
      }
    }
    if (object.discriminator !== undefined) discriminators = true;
    if (isObject(object.discriminator)) mapDiscriminatorValues(object, schemas);
    return Object.values(object);
  });
  addSchemaViews(document);
  return discriminators;
}

/** Adds `mapping` entries (value → member) from the members' own enums of the discriminating property. */
function mapDiscriminatorValues(schema: Json, schemas: Json): void {
  const discriminator = schema.discriminator as Json;
  const property = discriminator.propertyName;
  if (typeof property !== "string") return;
  const members = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  const mapping: Record<string, string> = isObject(discriminator.mapping)
    ? { ...(discriminator.mapping as Record<string, string>) }
    : {};
  const mapped = new Set(Object.values(mapping));
  let added = false;
  for (const member of members) {
    const ref = isObject(member) && typeof member.$ref === "string" ? member.$ref : undefined;
    if (ref === undefined || !ref.startsWith(REF_PREFIX) || mapped.has(ref)) continue;
    const read = (target: string): unknown =>
      target.startsWith(REF_PREFIX)
        ? schemas[
            decodeURIComponent(target.slice(REF_PREFIX.length))
              .replace(/~1/g, "/")
              .replace(/~0/g, "~")
          ]
        : undefined;
    const values = ownDiscriminatorValues(read(ref), property, read).filter(
      (value): value is string => typeof value === "string",
    );
    for (const value of values) {
      if (!(value in mapping)) {
        mapping[value] = ref;
        added = true;
      }
    }
  }
  if (added) discriminator.mapping = mapping;
}

/**
 * openapi-typescript's `transform` hook: a binary string (`format: binary`, or a `contentMediaType`
 * that is not text without a `contentEncoding`) is `Blob | File`, what a multipart field or a
 * binary body takes (openapi-typescript types it `string`).
 */
export function isBinaryString(schema: unknown): boolean {
  if (!isObject(schema)) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes("string")) return false;
  if (schema.format === "binary") return true;
  return (
    typeof schema.contentMediaType === "string" &&
    schema.contentEncoding === undefined &&
    !/^text\/|json|xml/i.test(schema.contentMediaType)
  );
}

/** Which side of the wire a schema view is for. */
type ViewMode = "write" | "read";

const SCHEMA_LISTS = ["allOf", "oneOf", "anyOf", "prefixItems"] as const;
const SCHEMA_SLOTS = [
  "items",
  "additionalProperties",
  "not",
  "contains",
  "unevaluatedProperties",
] as const;

/**
 * Request bodies and responses typed by what travels that way: in a request body (the "write"
 * view) readOnly properties are left out and properties with a `default` that are not `required`
 * stay optional; in a response (the "read" view) writeOnly properties are left out, and defaults
 * keep their properties present (openapi-typescript's `defaultNonNullable`). A component schema
 * that needs a view gets a sibling `<Name>Write` / `<Name>Read` (numbered on a clash), which the
 * request bodies and responses then reference; schemas that need none are untouched.
 */
export function addSchemaViews(document: Json): void {
  const components = isObject(document.components) ? document.components : undefined;
  const schemas =
    components !== undefined && isObject(components.schemas) ? components.schemas : {};
  for (const mode of ["write", "read"] as const) {
    const views = new SchemaViews(schemas, mode);
    const bodies = [
      ...(isObject(document.paths) ? operationsOf(document.paths) : []).flatMap((operation) =>
        mode === "write"
          ? [operation.requestBody]
          : isObject(operation.responses)
            ? Object.values(operation.responses)
            : [],
      ),
      ...(components === undefined
        ? []
        : Object.values(
            isObject(components[mode === "write" ? "requestBodies" : "responses"])
              ? (components[mode === "write" ? "requestBodies" : "responses"] as Json)
              : {},
          )),
    ];
    for (const body of bodies) {
      if (!isObject(body) || !isObject(body.content)) continue;
      for (const media of Object.values(body.content))
        if (isObject(media) && media.schema !== undefined) media.schema = views.view(media.schema);
    }
    views.commit();
  }
}

function operationsOf(paths: Json): Json[] {
  return Object.values(paths).flatMap((item) =>
    isObject(item) ? Object.values(item).filter(isObject) : [],
  );
}

class SchemaViews {
  readonly #schemas: Json;
  readonly #mode: ViewMode;
  readonly #needs = new Map<string, boolean>();
  readonly #names = new Map<string, string>();
  readonly #created: [string, unknown][] = [];

  constructor(schemas: Json, mode: ViewMode) {
    this.#schemas = schemas;
    this.#mode = mode;
  }

  /** The schema as this side sees it (the schema itself when nothing differs). */
  view(schema: unknown): unknown {
    return this.#differs(schema) ? this.#clone(schema) : schema;
  }

  /** Adds the component views created. */
  commit(): void {
    for (const [name, schema] of this.#created) this.#schemas[name] = schema;
  }

  #target(ref: unknown): string | undefined {
    return typeof ref === "string" &&
      ref.startsWith(REF_PREFIX) &&
      ref.slice(REF_PREFIX.length) in this.#schemas
      ? ref.slice(REF_PREFIX.length)
      : undefined;
  }

  #hidden(property: unknown): boolean {
    if (!isObject(property)) return false;
    const flag = this.#mode === "write" ? "readOnly" : "writeOnly";
    if (property[flag] === true) return true;
    const target = this.#target(property.$ref);
    return (
      target !== undefined &&
      isObject(this.#schemas[target]) &&
      (this.#schemas[target] as Json)[flag] === true
    );
  }

  #differs(schema: unknown, depth = 0): boolean {
    if (!isObject(schema) || depth > 64) return false;
    const target = this.#target(schema.$ref);
    if (target !== undefined) {
      const known = this.#needs.get(target);
      if (known !== undefined) return known;
      this.#needs.set(target, false); // a cycle alone needs no view
      const needs = this.#differs(this.#schemas[target], depth + 1);
      this.#needs.set(target, needs);
      return needs;
    }
    if (isObject(schema.properties)) {
      for (const property of Object.values(schema.properties)) {
        if (this.#hidden(property)) return true;
        if (this.#mode === "write" && isObject(property) && property.default !== undefined)
          return true;
        if (this.#differs(property, depth + 1)) return true;
      }
    }
    return this.#children(schema).some((child) => this.#differs(child, depth + 1));
  }

  #children(schema: Json): unknown[] {
    return [
      ...SCHEMA_LISTS.flatMap((key) =>
        Array.isArray(schema[key]) ? (schema[key] as unknown[]) : [],
      ),
      ...SCHEMA_SLOTS.map((key) => schema[key]),
    ];
  }

  #viewName(target: string): string {
    let name = this.#names.get(target);
    if (name !== undefined) return name;
    const base = `${target}${this.#mode === "write" ? "Write" : "Read"}`;
    name = base;
    for (let n = 2; name in this.#schemas; n++) name = `${base}${n}`;
    this.#names.set(target, name);
    this.#schemas[name] = {}; // reserved now, so another view cannot take the name
    this.#created.push([name, this.#clone(this.#schemas[target])]);
    return name;
  }

  #clone(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((item) => this.#clone(item));
    if (!isObject(schema)) return schema;
    const target = this.#target(schema.$ref);
    // #differs, not the memo alone: an early `true` may have left this reference unvisited
    if (target !== undefined)
      return this.#differs(schema)
        ? { ...schema, $ref: `${REF_PREFIX}${this.#viewName(target)}` }
        : schema;
    const out: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === "properties" && isObject(value)) {
        const properties: Json = {};
        for (const [name, property] of Object.entries(value)) {
          if (this.#hidden(property)) continue;
          const copy = this.#clone(property);
          // a default makes openapi-typescript require the property: the default is the server's
          if (this.#mode === "write" && isObject(copy) && copy.default !== undefined)
            delete copy.default;
          properties[name] = copy;
        }
        out.properties = properties;
      } else if (key === "discriminator" && isObject(value) && isObject(value.mapping)) {
        const mapping = Object.fromEntries(
          Object.entries(value.mapping).map(([k, ref]) => [
            k,
            (this.#clone({ $ref: ref }) as Json).$ref,
          ]),
        );
        out.discriminator = { ...value, mapping };
      } else if (
        key === "example" ||
        key === "examples" ||
        key === "default" ||
        key === "enum" ||
        key === "const"
      ) {
        out[key] = value;
      } else {
        out[key] = this.#clone(value);
      }
    }
    if (Array.isArray(out.required) && isObject(out.properties)) {
      const kept = out.properties;
      const required = (out.required as unknown[]).filter(
        (name) =>
          typeof name !== "string" ||
          name in kept ||
          !(isObject(schema.properties) && name in schema.properties),
      );
      if (required.length > 0) out.required = required;
      else delete out.required;
    }
    return out;
  }
}
