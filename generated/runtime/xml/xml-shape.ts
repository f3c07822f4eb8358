// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * How a schema maps to XML (OpenAPI's `xml` object), reduced by the generator to what reading and
 * writing need. Names are resolved once: an element is named by its `xml.name`, else its property
 * name (the root: its component's name); an array's items by their own `xml.name`, else the
 * array's name (OpenAPI 3.0 §XML Object).
 */
export interface XmlNode {
  /** The element's (or the attribute's) local name. */
  readonly name: string;
  /** `xml.prefix`: written as `prefix:name`; read by the local name whatever the prefix. */
  readonly prefix?: string;
  /** `xml.namespace`: declared on the element written (`xmlns` or `xmlns:prefix`). */
  readonly namespace?: string;
  /** `xml.attribute`: a scalar property written as an attribute of its parent. */
  readonly attribute?: true;
  /**
   * What the element holds: an object (its `properties`), an array (its `items`), a scalar typed
   * by the schema (`number`, `integer`, `boolean`; `string` when left out), or `any` (a schema the
   * codec cannot follow, such as a `oneOf`: read as text, or as an object of its children).
   */
  readonly type?: "object" | "array" | "number" | "integer" | "boolean" | "any";
  /** An object's properties, by the property name of the value. */
  readonly properties?: Readonly<Record<string, XmlNode>>;
  /** An object with `additionalProperties`: other child elements are kept, read as `any`. */
  readonly open?: true;
  /** An array's items. */
  readonly items?: XmlNode;
  /** `xml.wrapped`: the items inside an element of the array's name (else one element per item). */
  readonly wrapped?: true;
  /** A required unwrapped array: no element at all reads as `[]` (else the property is absent). */
  readonly required?: true;
  /**
   * The root of a body whose schema is a string, or has no type, and no `xml` object (or no
   * schema at all): the value is the document's text itself, read and sent as it is (still
   * refused when it is not well-formed XML or declares a document type).
   */
  readonly text?: true;
}
