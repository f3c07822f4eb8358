// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
import type { XmlNode } from "../../xml/xml-shape.js";
import type { ResponseDescriptor } from "./descriptor.js";

/**
 * The XML bodies of a request or response: the codec (runtime/xml/xml-server.ts, which the
 * generated table imports only when the spec has XML) and the node tree of each XML media type,
 * by the media type as written in the spec.
 */
export interface XmlBodyDescriptor {
  readonly codec: {
    /**
     * The value of a body sent as `contentType`; `undefined` when that is not one of its XML
     * media types.
     * @throws RequestError 400 naming what is wrong (not well-formed, a `<!DOCTYPE>`, too deep)
     */
    readBody(
      xml: XmlBodyDescriptor,
      contentType: string,
      text: () => string,
    ): { value: unknown } | undefined;
    /** The XML text of a body; `undefined` when `contentType` is not one of its XML types. */
    writeBody(xml: XmlBodyDescriptor, contentType: string, value: unknown): string | undefined;
    /**
     * The media type to answer a response with: the one `accept` prefers among those it declares
     * (the first when the request states no preference or accepts none).
     */
    negotiate(response: ResponseDescriptor, accept: string | null): string;
  };
  readonly shapes: Readonly<Record<string, XmlNode>>;
}
