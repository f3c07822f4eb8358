/**
 * The client descriptor's `xml` entry: for an operation with XML bodies, the codec
 * (runtime/xml/xml-client.ts, imported only when the spec has XML bodies) and the node trees
 * (generator/model/xml-shapes.ts) of its request body and of each response key. Each distinct
 * tree is written once, as `const XML_SHAPE_<n>`, and named by every operation that has it.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import { ConstantTable } from "./constant-table.js";
import type { XmlNode } from "../../../templates/xml/xml-shape.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { hasXmlBodies, xmlShapes } from "../../model/xml-shapes.js";
import { literal, objectCode } from "../ts/literal.js";

/**
 * The imports of the codec and of the node type, when the spec has XML bodies (`prefix`: before
 * each imported name, `$` in operations.ts, beside the spec's names).
 */
export function xmlCodecImport(model: ApiModel, prefix = ""): StatementStructures[] {
  if (!hasXmlBodies(model)) return [];
  const named = (name: string) => (prefix === "" ? { name } : { name, alias: prefix + name });
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/xml/xml-client.js",
      namedImports: [named("XML_CLIENT")],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/xml/xml-shape.js",
      isTypeOnly: true,
      namedImports: [named("XmlNode")],
    },
  ];
}

/** The node trees of the spec's XML bodies, each written once as a constant. */
export class XmlShapeTable {
  /** The constants (emit/client/operation-parts.ts numbers those of each part into the file's). */
  readonly table: ConstantTable;
  readonly #prefix: string;

  /** @param prefix before each constant's and imported name (as in {@link xmlCodecImport}) */
  constructor(prefix = "") {
    this.#prefix = prefix;
    this.table = new ConstantTable(
      `${prefix}XML_SHAPE_`,
      "How XML bodies map to values (runtime/xml/xml-shape.ts), shared by the operations that have them.",
      `${prefix}XmlNode`,
    );
  }

  /** The codec's name as imported. */
  get codec(): string {
    return `${this.#prefix}XML_CLIENT`;
  }

  /** `{ "<media type>": XML_SHAPE_<n> }` for a body's node trees. */
  shapesCode(shapes: Readonly<Record<string, XmlNode>>): string {
    return objectCode(
      Object.entries(shapes).map(([mediaType, node]) => [
        mediaType,
        this.table.reference(literal(node)),
      ]),
    );
  }

  statements(): StatementStructures[] {
    return this.table.statements();
  }
}

/** The code of the operation's `xml` entry, or undefined when it has no XML body. */
export function xmlEntryCode(operation: OperationModel, table: XmlShapeTable): string | undefined {
  const body = xmlShapes(operation.requestBody?.contents ?? []);
  const responses: [string, string][] = [];
  for (const response of operation.responses) {
    const found = xmlShapes(response.contents);
    if (found !== undefined) responses.push([response.status, table.shapesCode(found.shapes)]);
  }
  if (body === undefined && responses.length === 0) return undefined;
  return objectCode([
    ["codec", table.codec],
    ...(body === undefined
      ? []
      : ([["body", table.shapesCode(body.shapes)]] as [string, string][])),
    ...(responses.length === 0
      ? []
      : ([["responses", objectCode(responses)]] as [string, string][])),
  ]);
}
