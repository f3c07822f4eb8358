/**
 * Values an XML body carries: the XML form of a value (templates/xml/xml-codec.ts) has no `null`
 * (an element left out), no empty unwrapped list (no element at all), no text XML 1.0 cannot
 * hold (control characters), and an untyped (`any`) element reads back as text; a body that is
 * the document's text (a string schema without `xml`) is drawn as a document holding the value.
 * Draws for an XML body are mapped to the value their XML reads back as, so that a positive
 * request (and the round trip's answers) only holds values the wire can carry; one that then
 * breaks its schema (a required `null` property left out) is rejected by the validity check that
 * follows.
 */
import { isXmlMediaType } from "../templates/xml/xml-media.js";
import { readXml, writeXml } from "../templates/xml/xml-codec.js";
import type { MediaModel } from "../generator/model/types.js";
import type { XmlNode } from "../templates/xml/xml-shape.js";

export { isXmlMediaType };

/** Marks a value no XML document carries. */
export const NOT_XML: unique symbol = Symbol("not carried by XML");

/** The node tree an XML body of `media` is written by (`any` when its schema gives none). */
export function xmlNodeOf(media: MediaModel): XmlNode {
  return media.xml?.node ?? { name: "root", type: "any" };
}

/**
 * The value an XML body of `media` reads back as when `value` is written (the value itself for a
 * media type that is not XML), or {@link NOT_XML} when its XML cannot be read back.
 */
export function xmlCarried(media: MediaModel, value: unknown): unknown {
  if (!isXmlMediaType(media.mediaType) || value === undefined) return value;
  const node = xmlNodeOf(media);
  try {
    // a body that is the document's text: a drawn value becomes a document holding it
    if (node.text === true) return writeXml(value, { name: node.name, type: "any" });
    return readXml(writeXml(value, node), node);
  } catch {
    return NOT_XML;
  }
}
