// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * XML bodies read into and written from typed values, as their schema's `xml` object says
 * (xml-shape.ts), on fast-xml-parser. Loaded only by the generated code of a spec that has XML
 * bodies (through xml-client.ts and xml-server.ts, which its tables reference), so a JSON-only
 * client or worker bundle never contains it.
 *
 * Reading is strict about what can hurt and lenient about the rest:
 * - a document type declaration (`<!DOCTYPE`, and so any entity definition: the "billion laughs"
 *   expansion, external entities) is refused, as is text that is not well-formed XML, or nested
 *   deeper than {@link MAX_XML_DEPTH}; each is an {@link XmlBodyError} naming the problem and
 *   where (line, column);
 * - elements and attributes are matched by local name (any prefix, any namespace), elements and
 *   attributes the schema does not name are ignored (an object with `additionalProperties` keeps
 *   its other child elements);
 * - scalars are typed by the schema: `integer`/`number` text that is a decimal number becomes a
 *   number, `true`/`false` (and `1`/`0`) a boolean; anything else stays text, so the validator
 *   then names the value that breaks the schema.
 *
 * Writing omits `null` and `undefined` values (XML has no null: an element left out), writes a
 * `Date` as its ISO text, and a carriage return as `&#13;` (so it reads back as one).
 */
import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import type { XmlNode } from "./xml-shape.js";

/** Elements nested deeper than this are refused (a parser-exhausting document). */
export const MAX_XML_DEPTH = 64;

/** XML text that cannot be read (its message says what and where). */
export class XmlBodyError extends Error {
  override readonly name = "XmlBodyError";
}

const ATTRIBUTE = "@_";
const TEXT = "#text";

/** An element as the parser gives it: attributes (`@_name`), text and child element lists. */
type Parsed = Record<string, unknown>;

let parser: XMLParser | undefined;
let builder: XMLBuilder | undefined;

function getParser(): XMLParser {
  return (parser ??= new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    // every element a list, attributes not: one uniform tree the shape then reads
    isArray: (_name: string, _path: string, _leaf: boolean, isAttribute: boolean) => !isAttribute,
    alwaysCreateTextNode: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    textNodeName: TEXT,
    processEntities: true,
    // character references (`&#65;`, `&#x42;`); HTML's named entities come with them
    htmlEntities: true,
  }));
}

function getBuilder(): XMLBuilder {
  return (builder ??= new XMLBuilder({
    ignoreAttributes: false,
    attributeNamePrefix: ATTRIBUTE,
    textNodeName: TEXT,
    format: false,
    suppressEmptyNode: false,
    processEntities: true,
  }));
}

/** The qualified name an element or attribute is written with. */
function qualified(node: XmlNode): string {
  return node.prefix === undefined ? node.name : `${node.prefix}:${node.name}`;
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value as string | number | boolean | bigint);
}

/** The builder's content of one element holding `value`. */
function elementContent(value: unknown, node: XmlNode): unknown {
  let content: Record<string, unknown>;
  if (node.type === "array" && Array.isArray(value)) {
    content = {};
    addItems(content, value, node.items ?? { name: node.name });
  } else if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    content = objectContent(value as Record<string, unknown>, node);
  } else {
    const text = scalarText(value);
    if (node.namespace === undefined) return text;
    content = { [TEXT]: text };
  }
  if (node.namespace !== undefined) {
    content[node.prefix === undefined ? `${ATTRIBUTE}xmlns` : `${ATTRIBUTE}xmlns:${node.prefix}`] =
      node.namespace;
  }
  return content;
}

function addItems(
  content: Record<string, unknown>,
  items: readonly unknown[],
  node: XmlNode,
): void {
  const name = qualified(node);
  const list = (content[name] ??= []) as unknown[];
  for (const item of items)
    if (item !== null && item !== undefined) list.push(elementContent(item, node));
}

function objectContent(value: Record<string, unknown>, node: XmlNode): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  const properties = node.properties ?? {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === null || item === undefined) continue;
    const property = Object.hasOwn(properties, key) ? properties[key]! : undefined;
    if (property === undefined) {
      // a property the schema does not name (additionalProperties): an element of its name
      if (isElementName(key)) addItems(content, [item], { name: key, type: "any" });
    } else if (property.attribute === true) {
      content[`${ATTRIBUTE}${qualified(property)}`] = scalarText(item);
    } else if (property.type === "array" && Array.isArray(item) && property.wrapped !== true) {
      addItems(content, item, property.items ?? { name: property.name });
    } else {
      addItems(content, [item], property);
    }
  }
  return content;
}

/** A name an element can have (a property name such as `a b` or `1x` cannot). */
function isElementName(name: string): boolean {
  return /^[A-Za-z_][\w.-]*$/u.test(name);
}

/**
 * The XML document of a value (with the declaration `<?xml version="1.0" encoding="UTF-8"?>`):
 * its root element is named by `node` (an array's root element wraps its items); a string for a
 * `text` root is the document itself.
 */
export function writeXml(value: unknown, node: XmlNode): string {
  if (node.text === true && typeof value === "string") return value;
  const root = elementContent(value ?? "", node);
  const text = getBuilder().build({ [qualified(node)]: root }) as string;
  // a carriage return in a value survives only as a reference (XML reads a raw one as a newline)
  return `<?xml version="1.0" encoding="UTF-8"?>${text.replace(/\r/g, "&#13;")}`;
}

/**
 * Reads an XML document into the value its root element holds, as `node` maps it (a `text` root:
 * the document's text).
 *
 * @throws XmlBodyError when the text declares a document type, is not well-formed XML, has no
 *   root element, or nests deeper than {@link MAX_XML_DEPTH}
 */
export function readXml(text: string, node: XmlNode): unknown {
  if (/<!DOCTYPE/iu.test(text)) {
    throw new XmlBodyError(
      "declares a document type (<!DOCTYPE>), which is refused (entity expansion); send the document without one",
    );
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    throw new XmlBodyError(`is not well-formed XML: ${msg} (line ${line}, column ${col})`);
  }
  checkDepth(text);
  if (node.text === true) return text;
  const document = getParser().parse(text) as Parsed;
  const roots = Object.keys(document).filter((key) => key !== TEXT && !key.startsWith(ATTRIBUTE));
  const element = (document[roots[0] ?? ""] as Parsed[] | undefined)?.[0];
  if (element === undefined) throw new XmlBodyError("has no root element");
  return readElement(element, node);
}

/** Refuses elements nested deeper than {@link MAX_XML_DEPTH} (counted on the text, before parsing). */
function checkDepth(text: string): void {
  let depth = 0;
  const tags = /<(\/?)[^\s/>!?]+[^>]*?(\/?)>/gu;
  for (let match = tags.exec(text); match !== null; match = tags.exec(text)) {
    if (match[1] === "/") depth -= 1;
    else if (match[2] !== "/") depth += 1;
    if (depth > MAX_XML_DEPTH)
      throw new XmlBodyError(`nests elements deeper than ${MAX_XML_DEPTH} levels`);
  }
}

function textOf(element: Parsed): string {
  const text = element[TEXT];
  return typeof text === "string" ? text : "";
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/u;

/** Text typed by the schema: numbers and booleans when they read as such, else the text. */
function scalar(text: string, node: XmlNode): unknown {
  if (node.type === "integer" || node.type === "number") {
    const trimmed = text.trim();
    return DECIMAL.test(trimmed) ? Number(trimmed) : text;
  }
  if (node.type === "boolean") {
    const trimmed = text.trim();
    if (trimmed === "true" || trimmed === "1") return true;
    if (trimmed === "false" || trimmed === "0") return false;
  }
  return text;
}

function children(element: Parsed, name: string): Parsed[] {
  const list = Object.hasOwn(element, name) ? element[name] : undefined;
  return Array.isArray(list) ? (list as Parsed[]) : [];
}

function readElement(element: Parsed, node: XmlNode): unknown {
  switch (node.type) {
    case "object":
      return readObject(element, node);
    case "array": {
      const items = node.items ?? { name: node.name };
      return children(element, items.name).map((item) => readElement(item, items));
    }
    case "any":
      return readAny(element);
    default:
      return scalar(textOf(element), node);
  }
}

function readObject(element: Parsed, node: XmlNode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const used = new Set<string>();
  const properties = node.properties ?? {};
  for (const key of Object.keys(properties)) {
    const property = properties[key]!;
    if (property.attribute === true) {
      const value = element[`${ATTRIBUTE}${property.name}`];
      if (typeof value === "string") out[key] = scalar(value, property);
    } else if (property.type === "array" && property.wrapped !== true) {
      const items = property.items ?? { name: property.name };
      used.add(items.name);
      const list = children(element, items.name);
      if (list.length > 0 || property.required === true)
        out[key] = list.map((item) => readElement(item, items));
    } else {
      used.add(property.name);
      const child = children(element, property.name)[0];
      if (child !== undefined) out[key] = readElement(child, property);
    }
  }
  if (node.open === true) {
    for (const name of Object.keys(element)) {
      if (name === TEXT || name.startsWith(ATTRIBUTE) || used.has(name) || !isElementName(name))
        continue;
      const list = children(element, name);
      const values = list.map((item) => readAny(item));
      out[name] = values.length === 1 ? values[0] : values;
    }
  }
  return out;
}

/**
 * An element the schema does not describe: its text when it has neither attributes nor child
 * elements, else an object of its attributes and children (a repeated child: a list).
 */
function readAny(element: Parsed): unknown {
  const names = Object.keys(element).filter((name) => {
    const bare = name.startsWith(ATTRIBUTE) ? name.slice(ATTRIBUTE.length) : name;
    // `__proto__` and namespace declarations are never values
    return isElementName(bare) && bare !== "__proto__" && bare !== "xmlns";
  });
  if (names.length === 0) return textOf(element);
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = element[name];
    if (name.startsWith(ATTRIBUTE)) {
      out[name.slice(ATTRIBUTE.length)] = value;
      continue;
    }
    const values = (value as Parsed[]).map((item) => readAny(item));
    out[name] = values.length === 1 ? values[0] : values;
  }
  return out;
}
