/**
 * Form bodies (`application/x-www-form-urlencoded`, `multipart/form-data`) as the server runtime
 * reads them: each top-level field's schema reduced to a {@link FormFieldShape} (types, properties,
 * items, binary, the media type's `encoding` style/explode/contentType), the schema their coerced
 * object is validated against (binary parts, which arrive as `File`s, accept any value there), and
 * which fields are files for the handler types.
 */
import { isJsonMediaType } from "../schema/json-media.js";
import type { FormFieldShape, FormFieldType } from "../../templates/server/core/descriptor.js";
import { documentRefs, isObject, resolveObject, resolveWith, type ReadRef } from "./resolve-ref.js";
import type { OperationModel, SchemaModel } from "./types.js";

export const FORM_MEDIA_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data",
] as const;

export interface FormBodyModel {
  /** As written in the spec. */
  readonly mediaType: string;
  readonly multipart: boolean;
  /** The suffix of its validator's name (`<op>$form`, `<op>$multipart`). */
  readonly validatorPart: "form" | "multipart";
  readonly fields: Readonly<Record<string, FormFieldShape>>;
  /** What the coerced object is validated against, when the media type has a schema. */
  readonly validationSchema: SchemaModel | undefined;
  /** Top-level fields that are one file, and that are arrays of files (multipart only; a field in both is either). */
  readonly files: readonly string[];
  readonly fileLists: readonly string[];
  /**
   * A urlencoded body whose schema is a string: the form's text itself, already encoded
   * (`a=1&b=2`), which the client sends as given and the server hands over as text.
   */
  readonly text: boolean;
}

const TYPES = new Set<string>(["string", "number", "integer", "boolean", "array", "object"]);
const MAX_DEPTH = 6;

function essence(mediaType: string): string {
  return mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
}

function isJson(mediaType: unknown): boolean {
  return typeof mediaType === "string" && isJsonMediaType(mediaType);
}

function isBinary(schema: Record<string, unknown>): boolean {
  return (
    (schema.format === "binary" || typeof schema.contentMediaType === "string") &&
    schema.contentEncoding === undefined
  );
}

/**
 * Folds `shape` into `into`: types united, and a property both declare (the same object in two
 * branches of a union, each with its own fields) merged the same way, field by field.
 */
function merge(into: MutableShape, shape: FormFieldShape): void {
  if (shape.types !== undefined) into.types = [...new Set([...(into.types ?? []), ...shape.types])];
  if (shape.binary === true) into.binary = true;
  if (shape.properties !== undefined) {
    const properties: Record<string, FormFieldShape> = { ...into.properties };
    for (const [name, property] of Object.entries(shape.properties)) {
      const existing = properties[name];
      properties[name] = existing === undefined ? property : merged(existing, property);
    }
    into.properties = properties;
  }
  if (shape.additionalProperties !== undefined)
    into.additionalProperties ??= shape.additionalProperties;
  if (shape.items !== undefined)
    into.items = into.items === undefined ? shape.items : merged(into.items, shape.items);
  if (shape.textValues !== undefined) into.textValues ??= shape.textValues;
}

type MutableShape = { -readonly [K in keyof FormFieldShape]: FormFieldShape[K] };

/** Two shapes of one field as one (see `merge`). */
function merged(a: FormFieldShape, b: FormFieldShape): FormFieldShape {
  const out: MutableShape = { ...a };
  merge(out, b);
  return out;
}

/** A schema reduced to a form field shape (`$ref`s followed, `allOf` merged, `oneOf`/`anyOf` united). */
export function formFieldShape(read: ReadRef, raw: unknown, depth = 0): FormFieldShape {
  if (depth > MAX_DEPTH) return {};
  let schema: Record<string, unknown> | undefined;
  try {
    schema = resolveWith(read, raw);
  } catch {
    return {};
  }
  if (schema === undefined) return {};
  const shape: MutableShape = {};
  const type = schema.type;
  const declared = (Array.isArray(type) ? type : [type]).filter(
    (t): t is FormFieldType => typeof t === "string" && TYPES.has(t),
  );
  if (declared.length > 0) shape.types = declared;
  else if (Array.isArray(schema.enum) || "const" in schema)
    shape.types = listedTypes(Array.isArray(schema.enum) ? schema.enum : [schema.const]);
  if (isBinary(schema)) shape.binary = true;
  if (isObject(schema.properties)) {
    shape.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, sub]) => [
        name,
        formFieldShape(read, sub, depth + 1),
      ]),
    );
    shape.types ??= ["object"];
  }
  if (isObject(schema.additionalProperties))
    shape.additionalProperties = formFieldShape(read, schema.additionalProperties, depth + 1);
  if (isObject(schema.items)) {
    shape.items = formFieldShape(read, schema.items, depth + 1);
    shape.types ??= ["array"];
  }
  for (const sub of Array.isArray(schema.allOf) ? schema.allOf : [])
    merge(shape, formFieldShape(read, sub, depth + 1));
  const alternatives = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  if (alternatives.length > 0) {
    const union: MutableShape = {};
    let unknown = false;
    // the text an alternative may be, when every text alternative is an enum (Stripe's `""`)
    let texts: string[] | undefined = [];
    for (const sub of alternatives) {
      // a `null` branch (`oneOf: [Model, { type: "null" }]`) has no form: it adds no type
      if (isNullOnly(read, sub)) continue;
      const alternative = formFieldShape(read, sub, depth + 1);
      if (alternative.types === undefined) unknown = true;
      if (alternative.types?.includes("string") === true) {
        const values = enumTexts(read, sub);
        texts = values === undefined || texts === undefined ? undefined : [...texts, ...values];
      }
      merge(union, alternative);
    }
    if (
      texts !== undefined &&
      union.types?.includes("array") === true &&
      union.types.includes("string")
    )
      union.textValues = texts;
    if (unknown) delete union.types;
    if (shape.types === undefined) {
      merge(shape, union);
      if (unknown) delete shape.types;
    } else {
      merge(shape, { ...union, types: undefined });
    }
  }
  return shape;
}

/** The types of the values an `enum` or `const` lists, for a schema without `type` (`null` has no form field). */
function listedTypes(values: readonly unknown[]): FormFieldType[] | undefined {
  const types = new Set<FormFieldType>();
  for (const value of values) {
    if (typeof value === "string") types.add("string");
    else if (typeof value === "boolean") types.add("boolean");
    else if (typeof value === "number") types.add("number");
    else if (value !== null) return undefined;
  }
  return types.size === 0 ? undefined : [...types];
}

/** Whether a schema allows `null` only (`type: "null"`, or `["null"]`). */
function isNullOnly(read: ReadRef, raw: unknown): boolean {
  let type: unknown;
  try {
    type = resolveWith(read, raw)?.type;
  } catch {
    return false;
  }
  return (
    type === "null" ||
    (Array.isArray(type) && type.length > 0 && type.every((entry) => entry === "null"))
  );
}

/** The values of a string `enum`, or `undefined` when the schema takes any text. */
function enumTexts(read: ReadRef, raw: unknown): string[] | undefined {
  const schema = resolveWith(read, raw);
  const values = schema?.enum;
  return Array.isArray(values) && values.every((value) => typeof value === "string")
    ? values
    : undefined;
}

/** The top-level properties and `required` of an object schema (`$ref`s followed, `allOf` merged). */
function objectParts(
  read: ReadRef,
  raw: unknown,
  depth = 0,
): { properties: Record<string, unknown>; required: string[]; additional: unknown } {
  const parts = {
    properties: {} as Record<string, unknown>,
    required: [] as string[],
    additional: undefined as unknown,
  };
  const schema = depth > MAX_DEPTH ? undefined : resolveWith(read, raw);
  if (schema === undefined) return parts;
  if (isObject(schema.properties)) Object.assign(parts.properties, schema.properties);
  if (Array.isArray(schema.required))
    parts.required.push(
      ...schema.required.filter((name): name is string => typeof name === "string"),
    );
  if (schema.additionalProperties !== undefined) parts.additional = schema.additionalProperties;
  for (const sub of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const inner = objectParts(read, sub, depth + 1);
    Object.assign(parts.properties, inner.properties);
    parts.required.push(...inner.required);
    parts.additional ??= inner.additional;
  }
  return parts;
}

/** The raw media type object of an operation's request body (for its `encoding`). */
function mediaObject(
  document: unknown,
  operation: Pick<OperationModel, "path" | "method">,
  mediaType: string,
): Record<string, unknown> | undefined {
  const paths = isObject(document) ? document.paths : undefined;
  const item = isObject(paths) ? resolveObject(document, paths[operation.path]) : undefined;
  const raw = item?.[operation.method];
  const body = isObject(raw) ? resolveObject(document, raw.requestBody) : undefined;
  const content = body?.content;
  const media = isObject(content) ? content[mediaType] : undefined;
  return isObject(media) ? media : undefined;
}

function withEncoding(
  field: FormFieldShape,
  encoding: Record<string, unknown> | undefined,
  multipart: boolean,
): FormFieldShape {
  const shape: MutableShape = { ...field };
  if (typeof encoding?.style === "string") shape.style = encoding.style;
  if (typeof encoding?.explode === "boolean") shape.explode = encoding.explode;
  if (!multipart) return shape;
  const isObjectField = (candidate: FormFieldShape | undefined) =>
    candidate !== undefined &&
    candidate.binary !== true &&
    candidate.types?.length === 1 &&
    candidate.types[0] === "object";
  const contentType = encoding?.contentType;
  const isArrayField = field.types?.includes("array") === true && field.items !== undefined;
  const json = contentType === undefined ? undefined : isJson(contentType);
  if (isArrayField && field.items !== undefined) {
    if (json ?? isObjectField(field.items)) shape.items = { ...field.items, json: true };
  } else if (json ?? isObjectField(field)) {
    shape.json = true;
  } else if (
    json === undefined &&
    field.binary !== true &&
    field.types?.includes("object") === true
  ) {
    // an object or a scalar: the part's text says which (a JSON object, or not)
    shape.jsonObject = true;
  }
  return shape;
}

/** The form and multipart bodies of an operation, in the spec's order. */
export function formBodies(
  document: unknown,
  operation: Pick<OperationModel, "requestBody" | "path" | "method">,
): FormBodyModel[] {
  const read = documentRefs(document);
  const out: FormBodyModel[] = [];
  for (const media of operation.requestBody?.contents ?? []) {
    const base = essence(media.mediaType);
    if (!(FORM_MEDIA_TYPES as readonly string[]).includes(base)) continue;
    if (out.some((form) => essence(form.mediaType) === base)) continue;
    const multipart = base === "multipart/form-data";
    const encodings = mediaObject(document, operation, media.mediaType)?.encoding;
    const top = formFieldShape(read, media.schema);
    const fields: Record<string, FormFieldShape> = {};
    for (const [name, field] of Object.entries(top.properties ?? {})) {
      const encoding =
        isObject(encodings) && isObject(encodings[name]) ? encodings[name] : undefined;
      fields[name] = withEncoding(field, encoding, multipart);
    }
    const files = multipart
      ? Object.keys(fields).filter((name) => fields[name]?.binary === true)
      : [];
    // a field in both lists (`anyOf: [binary, array of binary]`) is one file or a list of them
    const fileLists = multipart
      ? Object.keys(fields).filter((name) => fields[name]?.items?.binary === true)
      : [];
    out.push({
      mediaType: media.mediaType,
      multipart,
      validatorPart: multipart ? "multipart" : "form",
      fields,
      validationSchema: validationSchema(read, media.schema, [...files, ...fileLists], fileLists),
      files,
      fileLists,
      text: !multipart && isTextShape(top),
    });
  }
  return out;
}

/** Whether a body's shape is text only (`type: string`, with `null` or not). */
export function isTextShape(shape: FormFieldShape): boolean {
  return (
    shape.types !== undefined &&
    shape.types.length > 0 &&
    shape.types.every((type) => type === "string")
  );
}

/** The media schema, with file fields accepting what the runtime gives them (`File`, `File[]`). */
function validationSchema(
  read: ReadRef,
  schema: SchemaModel | undefined,
  fileFields: readonly string[],
  fileLists: readonly string[],
): SchemaModel | undefined {
  if (schema === undefined) return undefined;
  if (fileFields.length === 0) return schema;
  const parts = objectParts(read, schema);
  const properties: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(parts.properties)) {
    const oneFile = fileFields.includes(name) && !fileLists.includes(name);
    const either =
      fileLists.includes(name) && fileFields.filter((field) => field === name).length > 1;
    properties[name] =
      oneFile || either
        ? {}
        : fileLists.includes(name)
          ? { ...resolveWith(read, sub), items: {} }
          : sub;
  }
  return {
    type: "object",
    properties,
    ...(parts.required.length > 0 ? { required: [...new Set(parts.required)] } : {}),
    ...(parts.additional === undefined ? {} : { additionalProperties: parts.additional }),
  };
}
