// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * XML bodies on the server (docs/xml.md): what the generated API table gives the runtime as the
 * `codec` of an XML body (`XmlBodyDescriptor`), imported only when the spec has XML bodies, so a
 * server without XML never loads an XML library.
 *
 * - A request body of an XML media type is read into the value its schema describes, then
 *   validated by the same validator as a JSON body; XML that cannot be read (not well-formed, a
 *   `<!DOCTYPE>`, too deep) is a 400 naming the problem.
 * - A response whose declared media types include XML is written as XML when that is the media
 *   type chosen: the handler's `content-type` header, else the one the request's `Accept`
 *   prefers among the declared ones (xml-negotiate.ts), else the first declared.
 */
import type { ResponseDescriptor, XmlBodyDescriptor } from "../server/core/descriptor.js";
import { RequestError } from "../server/core/errors.js";
import { readXml, writeXml } from "./xml-codec.js";
import { negotiateMediaType, xmlNodeFor } from "./xml-negotiate.js";

/**
 * The value of a request body sent as `contentType`, or `undefined` when that is not one of the
 * body's XML media types.
 *
 * @throws RequestError 400 naming what is wrong with the XML
 */
function readBody(
  xml: XmlBodyDescriptor,
  contentType: string,
  text: () => string,
): { value: unknown } | undefined {
  const node = xmlNodeFor(xml.shapes, contentType);
  if (node === undefined) return undefined;
  try {
    return { value: readXml(text(), node) };
  } catch (error) {
    if (error instanceof RequestError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new RequestError(400, "validation_failed", `body ${reason}`);
  }
}

/** A response body as XML text, or `undefined` when `contentType` is not one of its XML types. */
function writeBody(
  xml: XmlBodyDescriptor,
  contentType: string,
  value: unknown,
): string | undefined {
  const node = xmlNodeFor(xml.shapes, contentType);
  if (node === undefined) return undefined;
  // a string where the schema wants an object or a list can only be XML the handler wrote
  const raw = typeof value === "string" && (node.type === "object" || node.type === "array");
  return raw ? value : writeXml(value, node);
}

/** The media type a response is written as (xml-negotiate.ts), among those it declares. */
function negotiate(response: ResponseDescriptor, accept: string | null): string {
  return negotiateMediaType(
    response.mediaTypes ?? [response.mediaType ?? "application/xml"],
    accept,
  );
}

/** What the server's API table references as the codec of its XML bodies. */
export const XML_SERVER = {
  readBody,
  writeBody,
  negotiate,
} as const;
