/**
 * The `xml` entries of the server's API descriptor (server-api.ts): for a request body or a
 * response with XML media types, the codec (runtime/xml/xml-server.ts, imported only when the spec
 * has XML bodies) and each XML media type's node tree (generator/model/xml-shapes.ts).
 */
import { xmlShapes } from "../../model/xml-shapes.js";
import type { MediaModel } from "../../model/types.js";
import type { XmlNode } from "../../../templates/xml/xml-shape.js";
import {
  DataObject,
  dataText,
  jsonData,
  reference,
  type DataConstant,
  type DataImport,
  type DataValue,
} from "../ts/data-layout.js";

export { hasXmlBodies } from "../../model/xml-shapes.js";

/** The codec's module, as the generated files at the package root import it. */
export const XML_SERVER_MODULE = "./runtime/xml/xml-server.js";

/** The imports of the codec and of the node type, when the spec has XML bodies. */
export const XML_IMPORTS: readonly DataImport[] = [
  { names: ["XML_SERVER"], from: XML_SERVER_MODULE },
  { typeOnly: true, names: ["XmlNode"], from: "./runtime/xml/xml-shape.js" },
];

/**
 * The node trees of the spec's XML bodies, each distinct one written once as
 * `const xmlShapeN: XmlNode` and named wherever it is used.
 */
export class XmlShapeConstants {
  readonly #names = new Map<string, string>();
  readonly constants: DataConstant[] = [];

  reference(node: XmlNode): DataValue {
    const value = jsonData(node);
    const key = dataText(value);
    let name = this.#names.get(key);
    if (name === undefined) {
      name = `xmlShape${this.#names.size + 1}`;
      this.#names.set(key, name);
      this.constants.push({
        ...(this.constants.length === 0
          ? { doc: "How XML bodies map to values (runtime/xml/xml-shape.ts), written once each." }
          : {}),
        name,
        type: "XmlNode",
        value,
      });
    }
    return reference(name);
  }
}

/** `[["xml", { codec: XML_SERVER, shapes: { "<media type>": xmlShapeN } }]]`, or `[]` without XML. */
export function xmlBodyEntry(
  contents: readonly MediaModel[],
  table: XmlShapeConstants,
): [string, DataValue][] {
  const found = xmlShapes(contents);
  if (found === undefined) return [];
  return [
    [
      "xml",
      new DataObject([
        ["codec", reference("XML_SERVER")],
        [
          "shapes",
          new DataObject(
            Object.entries(found.shapes).map(([mediaType, node]) => [
              mediaType,
              table.reference(node),
            ]),
          ),
        ],
      ]),
    ],
  ];
}
