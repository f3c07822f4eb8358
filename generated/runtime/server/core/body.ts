// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Request bodies: size cap (413), content type (415), parsing (400) and validation (400).
 *
 * - Size: a `Content-Length` over the cap is refused before reading; a body that grows past the
 *   cap while streaming is refused as soon as it does.
 * - Content type: its essence (parameters such as `charset` ignored) must match one of the
 *   operation's media types (`type/*` and `*\/*` in the spec match accordingly).
 * - Parsing by the request's media type: JSON (`application/json`, `+json`) → value; XML
 *   (`application/xml`, `text/xml`, `+xml`) → the value its schema describes, read by the codec
 *   the table gives (runtime/xml/xml-server.ts), then validated as JSON is; `text/*` → string;
 *   `application/x-www-form-urlencoded` and `multipart/form-data` → an object coerced by the
 *   schema and validated (by the descriptor's `readers.formBodies`, form-reader.ts; without
 *   a form descriptor a form
 *   is an object of strings, repeated names → arrays; a urlencoded body whose schema is a string
 *   is that text, validated); anything else (octet-stream, images...)
 *   → `Uint8Array`, passed without validation.
 *   Text is decoded as UTF-8 whatever the charset says; invalid UTF-8 is a 400.
 * - Prototype pollution: a JSON body with a `__proto__` key anywhere, or a `constructor` key whose
 *   value has a `prototype` key, is refused (400, naming the key); so is a form field `__proto__`.
 * - Content encoding: the server decodes none; a body with a `Content-Encoding` other than
 *   `identity` is a 415 with `Accept-Encoding: identity` (RFC 9110 §15.5.16).
 * - An empty body counts as no body: 400 when the body is required.
 */
import type {
  ApiReaders,
  FormBodyDescriptor,
  FormBodyReader,
  Validator,
  XmlBodyDescriptor,
} from "./descriptor.js";
import { RequestError } from "./errors.js";
import {
  createMediaTypeMatcher,
  isJsonMediaType,
  isMediaTypeEssence,
  mediaTypeEssence,
} from "./media-type.js";
import { formReaderFor, type BodyDescriptor } from "./optional-readers.js";
import { BODY_TOO_LARGE, type RequestSource } from "./request-source.js";
import { validationMessage } from "./validation-message.js";

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const MULTIPART = "multipart/form-data";

/** An operation's body descriptor, prepared once. */
export interface PreparedBody {
  readonly required: boolean;
  readonly accepts: (essence: string) => boolean;
  readonly mediaTypes: string;
  readonly validate: Validator | undefined;
  /** Whether `validate` is for text bodies (the operation accepts no JSON). */
  readonly validatesText: boolean;
  /** Form and multipart bodies' fields and validators, by media type essence. */
  readonly forms: ReadonlyMap<string, FormBodyDescriptor>;
  /** Set when the body may be a multipart or a shaped form (optional-readers.ts). */
  readonly readForm: FormBodyReader | undefined;
  /** XML bodies' codec and node trees, when the operation accepts XML. */
  readonly xml: XmlBodyDescriptor | undefined;
}

/** `readers`: the API descriptor's (see optional-readers.ts). */
export function prepareBody(
  body: BodyDescriptor,
  operationId: string,
  readers: ApiReaders | undefined,
): PreparedBody {
  const readForm = formReaderFor(body, operationId, readers);
  return {
    readForm,
    required: body.required,
    accepts: createMediaTypeMatcher(body.mediaTypes),
    mediaTypes: body.mediaTypes.join(", "),
    validate: body.validate,
    validatesText: !body.mediaTypes.some((mediaType) =>
      isJsonMediaType(mediaTypeEssence(mediaType)),
    ),
    forms: new Map(
      Object.entries(body.forms ?? {}).map(([mediaType, form]) => [
        mediaTypeEssence(mediaType),
        form,
      ]),
    ),
    xml: body.xml,
  };
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

export function decodeText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new RequestError(400, "validation_failed", "body is not valid UTF-8");
  }
}

function tooLarge(maxBytes: number): RequestError {
  return new RequestError(
    413,
    "payload_too_large",
    `Request body is larger than the limit of ${maxBytes} bytes`,
  );
}

/**
 * Reads, parses and validates the body of `source` for an operation that declares one.
 * Returns the value (undefined when absent and optional); throws {@link RequestError}.
 */
export async function readOperationBody(
  source: RequestSource,
  body: PreparedBody,
  maxBytes: number,
): Promise<unknown> {
  const contentLength = source.header("content-length");
  if (contentLength !== null && Number(contentLength) > maxBytes) throw tooLarge(maxBytes);

  let value: unknown = undefined;
  let present = false;
  let validated = false;
  let validate = body.validate;
  if (source.hasBody && contentLength !== "0") {
    const contentType = source.header("content-type");
    const essence = mediaTypeEssence(contentType);
    if (contentType === null || !isMediaTypeEssence(essence)) {
      const what =
        contentType === null
          ? "Content-Type is missing"
          : `Content-Type ${JSON.stringify(contentType.slice(0, 60))} is malformed (expected type/subtype, e.g. application/json)`;
      throw new RequestError(
        415,
        "unsupported_media_type",
        `${what}; this operation accepts ${body.mediaTypes}`,
      );
    }
    if (!body.accepts(essence)) {
      throw new RequestError(
        415,
        "unsupported_media_type",
        `Content-Type ${essence} is not accepted; this operation accepts ${body.mediaTypes}`,
      );
    }
    const encoding = source.header("content-encoding");
    if (encoding !== null && encoding.trim().toLowerCase() !== "identity") {
      throw new RequestError(
        415,
        "unsupported_media_type",
        `Content-Encoding ${encoding.slice(0, 60)} is not supported; send the body unencoded`,
        { "accept-encoding": "identity" },
      );
    }
    const bytes = await source.readBody(maxBytes);
    if (bytes === BODY_TOO_LARGE) throw tooLarge(maxBytes);
    if (bytes.byteLength > 0) {
      present = true;
      const xml = body.xml?.codec.readBody(body.xml, essence, () => decodeText(bytes));
      if (xml !== undefined) {
        validated = true;
        value = xml.value;
      } else if (isJsonMediaType(essence)) {
        validated = true;
        value = parseJson(decodeText(bytes));
      } else if (essence.startsWith("text/")) {
        validated = body.validatesText;
        value = decodeText(bytes);
      } else if (essence === "application/x-www-form-urlencoded" || essence === MULTIPART) {
        const form = body.forms.get(essence);
        if (form?.text === true) {
          value = decodeText(bytes);
          validated = form.validate !== undefined;
          validate = form.validate;
        } else if (form === undefined && essence !== MULTIPART) {
          value = parseForm(decodeText(bytes));
        } else {
          // set by prepareBody whenever this branch can be reached (`needsFormReader`)
          value = await body.readForm!(bytes, contentType, form?.fields ?? {});
          validated = form?.validate !== undefined;
          validate = form?.validate;
        }
      } else {
        return bytes;
      }
    }
  }

  if (!present) {
    if (body.required) throw new RequestError(400, "validation_failed", "body is required");
    return undefined;
  }
  if (validated && validate !== undefined && !validate(value)) {
    throw new RequestError(400, "validation_failed", validationMessage("body", validate.errors));
  }
  return value;
}

/**
 * `JSON.parse` that refuses prototype-polluting keys. Throws {@link RequestError}, naming the value
 * `root` (`body`, or a multipart part such as `body.meta`).
 */
export function parseJson(text: string, root = "body"): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RequestError(
      400,
      "validation_failed",
      `${root} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // Cheap substring checks first; `\u` covers keys spelled with escapes (`"\u005f_proto__"`).
  if (
    value !== null &&
    typeof value === "object" &&
    (text.includes("__proto__") || text.includes("constructor") || text.includes("\\u"))
  ) {
    const key = findForbiddenKey(value, root);
    if (key !== undefined) {
      throw new RequestError(
        400,
        "validation_failed",
        `${key} is a forbidden key (prototype pollution guard)`,
      );
    }
  }
  return value;
}

interface Visit {
  readonly value: object;
  readonly parent: Visit | undefined;
  readonly key: string;
}

function pathOf(visit: Visit, key: string, root: string): string {
  const parts: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) {
    parts.push(at.key);
  }
  parts.reverse();
  parts.push(key);
  let name = root;
  for (const part of parts) name += /^[0-9]+$/.test(part) ? `[${part}]` : `.${part}`;
  return name;
}

/** The name (`body.a.__proto__`) of the first forbidden key in a parsed JSON value. */
function findForbiddenKey(value: object, root: string): string | undefined {
  const stack: Visit[] = [{ value, parent: undefined, key: "" }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const object = visit.value as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      const child = object[key];
      if (key === "__proto__") return pathOf(visit, key, root);
      if (
        key === "constructor" &&
        child !== null &&
        typeof child === "object" &&
        Object.hasOwn(child, "prototype")
      ) {
        return pathOf(visit, key, root);
      }
      if (child !== null && typeof child === "object") {
        stack.push({ value: child, parent: visit, key });
      }
    }
  }
  return undefined;
}

/** `a=1&a=2&b=x` → `{ a: ["1", "2"], b: "x" }`. Throws on a `__proto__` field. */
export function parseForm(text: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    if (name === "__proto__") {
      throw new RequestError(
        400,
        "validation_failed",
        "body.__proto__ is a forbidden key (prototype pollution guard)",
      );
    }
    const existing = Object.hasOwn(result, name) ? result[name] : undefined;
    if (existing === undefined) result[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[name] = [existing, value];
  }
  return result;
}
