/**
 * XML bodies: a schema and its `xml` objects reduced to the node tree the runtime codec reads and
 * writes by (templates/xml/xml-shape.ts), and what of the schema XML cannot honour.
 *
 * Names follow OpenAPI's XML Object: an element is named by its `xml.name`, else its property
 * name; the root by its `xml.name`, else its component's name (`#/components/schemas/Pet` →
 * `Pet`); an array's items by their `xml.name`, else the array's element name (for a root array,
 * the items' component name). `allOf` branches are merged; a `oneOf`/`anyOf` whose branches are
 * not all one scalar type, and a schema that refers back to itself, are read untyped (`any`). A
 * body whose schema is a string or has no type, without an `xml` object, is the document's text.
 */
import type { XmlNode } from "../../templates/xml/xml-shape.js";
import { isXmlMediaType } from "../../templates/xml/xml-media.js";
import { isObject, resolveObject } from "./resolve-ref.js";
import type { ApiModel, MediaModel, XmlMediaShape } from "./types.js";

export { isXmlMediaType };

type Schema = Record<string, unknown>;

/** The XML media types of a body or response, each with its node tree. */
export interface XmlShapes {
  readonly shapes: Readonly<Record<string, XmlNode>>;
  /** What the schemas ask that XML cannot honour (for `generate`'s warning), with where. */
  readonly notes: readonly string[];
}

/** The XML media types among `contents` and their node trees (read into the model); undefined when there are none. */
export function xmlShapes(contents: readonly MediaModel[]): XmlShapes | undefined {
  const xml = contents.filter((media) => media.xml !== undefined);
  if (xml.length === 0) return undefined;
  const shapes: Record<string, XmlNode> = {};
  for (const media of xml) if (media.xml !== undefined) shapes[media.mediaType] = media.xml.node;
  return { shapes, notes: [...new Set(xml.flatMap((media) => media.xml?.notes ?? []))] };
}

/**
 * The node tree of a body sent as the XML media type `mediaType` with `schema` (the model reads
 * it once, for every emitter and for conformance); undefined for a media type that is not XML.
 */
export function xmlMediaShape(
  document: unknown,
  mediaType: string,
  schema: unknown,
): XmlMediaShape | undefined {
  if (!isXmlMediaType(mediaType)) return undefined;
  const notes: string[] = [];
  const node = new ShapeWalker(document, notes).root(schema);
  return { node, notes: [...new Set(notes)] };
}

/** Whether any operation has an XML request body or response. */
export function hasXmlBodies(model: ApiModel): boolean {
  return model.operations.some(
    (operation) =>
      (operation.requestBody?.contents ?? []).some((media) => isXmlMediaType(media.mediaType)) ||
      operation.responses.some((response) =>
        response.contents.some((media) => isXmlMediaType(media.mediaType)),
      ),
  );
}

const SCALARS = new Set(["string", "number", "integer", "boolean"]);

function componentName(schema: unknown): string | undefined {
  if (!isObject(schema) || typeof schema.$ref !== "string") return undefined;
  const name = schema.$ref.slice(schema.$ref.lastIndexOf("/") + 1);
  return name === "" ? undefined : decodeURIComponent(name.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** A schema's type, `null` left out (`[string, null]`, `nullable`); undefined when it has none. */
function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) {
    const types = type.filter((entry) => entry !== "null");
    return types.length === 1 && typeof types[0] === "string" ? types[0] : undefined;
  }
  if (isObject(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

class ShapeWalker {
  /** The `$ref`s on the way from the root: one met again is read untyped. */
  private readonly path: string[] = [];

  constructor(
    private readonly document: unknown,
    private readonly notes: string[],
  ) {}

  root(schema: unknown): XmlNode {
    const name = componentName(schema) ?? "root";
    // a string (or untyped) body without an xml object: the document's text itself
    const resolved = schema === undefined ? {} : this.merged(this.resolve(schema));
    const type = typeOf(resolved);
    const plain =
      !isObject(resolved.xml) &&
      !Array.isArray(resolved.oneOf) &&
      !Array.isArray(resolved.anyOf) &&
      (type === "string" || type === undefined);
    if (plain) return { name, text: true };
    return this.node(schema, name, "the root element", true);
  }

  private resolve(schema: unknown): Schema {
    return resolveObject(this.document, schema) ?? {};
  }

  /** Branches of `allOf` merged into one schema (properties, required, type, xml of the first). */
  private merged(schema: Schema): Schema {
    if (!Array.isArray(schema.allOf)) return schema;
    const properties: Schema = {};
    const required: unknown[] = [];
    let out: Schema = { ...schema };
    for (const branch of schema.allOf) {
      const resolved = this.merged(this.resolve(branch));
      if (isObject(resolved.properties)) Object.assign(properties, resolved.properties);
      if (Array.isArray(resolved.required)) required.push(...(resolved.required as unknown[]));
      out = { ...resolved, ...out };
    }
    if (isObject(schema.properties)) Object.assign(properties, schema.properties);
    if (Array.isArray(schema.required)) required.push(...(schema.required as unknown[]));
    return { ...out, properties, required, type: out.type ?? "object" };
  }

  /** One scalar type shared by every branch of a `oneOf`/`anyOf`, else undefined. */
  private unionType(schema: Schema): string | undefined {
    const branches = [
      ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
      ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ].map((branch) => this.resolve(branch));
    const types = new Set(
      branches.filter((branch) => branch.type !== "null").map((branch) => typeOf(branch)),
    );
    const [only] = types;
    return types.size === 1 && only !== undefined && SCALARS.has(only) ? only : undefined;
  }

  private node(schemaIn: unknown, fallback: string, where: string, root = false): XmlNode {
    const ref = isObject(schemaIn) && typeof schemaIn.$ref === "string" ? schemaIn.$ref : undefined;
    if (ref !== undefined && this.path.includes(ref)) {
      this.notes.push(
        `${where} refers back to ${ref}: below it the XML is read untyped (text and objects of text)`,
      );
      return { name: fallback, type: "any" };
    }
    if (ref !== undefined) this.path.push(ref);
    try {
      return this.build(this.merged(this.resolve(schemaIn)), fallback, where, root);
    } finally {
      if (ref !== undefined) this.path.pop();
    }
  }

  private build(schema: Schema, fallback: string, where: string, root: boolean): XmlNode {
    const xml = isObject(schema.xml) ? schema.xml : {};
    const name = typeof xml.name === "string" && xml.name !== "" ? xml.name : fallback;
    const base: { -readonly [K in keyof XmlNode]: XmlNode[K] } = { name };
    if (typeof xml.prefix === "string" && xml.prefix !== "") base.prefix = xml.prefix;
    if (typeof xml.namespace === "string" && xml.namespace !== "") base.namespace = xml.namespace;
    const hasUnion = Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf);
    const type = typeOf(schema) ?? (hasUnion ? this.unionType(schema) : undefined);
    if (xml.attribute === true) {
      if (type === undefined || SCALARS.has(type)) base.attribute = true;
      else this.notes.push(`${where} is an ${type} with xml.attribute: written as an element`);
    }
    if (xml.wrapped === true && type !== "array")
      this.notes.push(`${where} has xml.wrapped but is not an array: ignored`);
    if (type === "array") {
      const itemsFallback = root ? (componentName(schema.items) ?? "item") : name;
      base.type = "array";
      base.items = this.node(schema.items, itemsFallback, `the items of ${where}`);
      if (xml.wrapped === true || root) base.wrapped = true;
      return base;
    }
    if (type === "object") {
      base.type = "object";
      const required = new Set(Array.isArray(schema.required) ? schema.required : []);
      const properties: Record<string, XmlNode> = {};
      const declared = isObject(schema.properties) ? schema.properties : {};
      for (const [key, property] of Object.entries(declared)) {
        const child = this.node(property, key, `property ${key} of ${where}`);
        properties[key] =
          child.type === "array" && child.wrapped !== true && required.has(key)
            ? { ...child, required: true }
            : child;
      }
      base.properties = properties;
      if (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
        base.open = true;
      return base;
    }
    if (type === "number" || type === "integer" || type === "boolean") base.type = type;
    else if (type === undefined) {
      if (hasUnion)
        this.notes.push(
          `${where} is a oneOf/anyOf of different types: its XML is read untyped (text and objects of text)`,
        );
      base.type = "any";
    }
    return base;
  }
}
