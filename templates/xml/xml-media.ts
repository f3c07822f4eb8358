// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * "Is this media type XML": `application/xml`, `text/xml` and the structured `+xml` types (RFC
 * 7303), parameters ignored. The one rule the generator, the client and the server share; it
 * loads no XML library (the codec is xml-codec.ts, imported only by specs with XML bodies).
 */
export function isXmlMediaType(mediaType: string): boolean {
  const essence = essenceOf(mediaType);
  return essence === "application/xml" || essence === "text/xml" || essence.endsWith("+xml");
}

/** `Text/XML; charset=utf-8` → `text/xml`. */
export function essenceOf(mediaType: string): string {
  const semicolon = mediaType.indexOf(";");
  return (semicolon === -1 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}
