// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `application/x-www-form-urlencoded` bodies: the form writer, bundled by the operations that
 * declare a form body (and, through request-body.ts, by clients with other non-JSON bodies).
 */
import { encodeAsText, isRawBody } from "./raw-body.js";

/**
 * Form fields of a value: scalars as `name=value`, arrays of scalars as repeated names (OpenAPI's
 * default `form` + explode), objects and arrays of objects in brackets (`a[b][c]=`,
 * `items[0][price]=`: the `deepObject` form that Stripe and most form parsers read); `indexed`
 * (a `deepObject` field): arrays of scalars with their indexes too (`tax_rates[0]=`).
 */
function appendEntries(
  target: { append(name: string, value: string): void },
  name: string,
  value: unknown,
  indexed = false,
): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (indexed || (typeof item === "object" && item !== null))
        appendEntries(target, `${name}[${index}]`, item, indexed);
      else appendEntries(target, name, item);
    });
  } else if (value instanceof Date) {
    target.append(name, value.toISOString());
  } else if (typeof value === "object") {
    const object = value as Record<string, unknown>;
    for (const key in object)
      appendEntries(target, name === "" ? key : `${name}[${key}]`, object[key], indexed);
  } else {
    target.append(name, `${value as string}`);
  }
}

const DELIMITERS: Readonly<Record<string, string>> = {
  form: ",",
  spaceDelimited: " ",
  pipeDelimited: "|",
};

/**
 * A form field whose `encoding` is not exploded: one `name=value`, an array's values joined by
 * the style's delimiter, an object's members as `key,value` pairs (`a,1,b,2`).
 */
function appendJoined(
  target: URLSearchParams,
  name: string,
  value: unknown,
  style: FormFieldStyle,
): void {
  if (value === undefined || value === null) return;
  const text = (item: unknown): string =>
    item instanceof Date ? item.toISOString() : `${item as string}`;
  const items: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) if (item !== undefined && item !== null) items.push(text(item));
  } else if (typeof value === "object" && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value))
      if (item !== undefined && item !== null) items.push(key, text(item));
  } else {
    items.push(text(value));
  }
  if (items.length > 0) target.append(name, items.join(DELIMITERS[style.style] ?? ","));
}

/** A form field's `encoding` (see `ClientOperationDescriptor.formStyles`). */
export interface FormFieldStyle {
  readonly style: string;
  readonly explode: boolean;
}

/**
 * A form's fields: `formStyles` says how the fields its `encoding` does not explode are written;
 * an empty object or array has no form, so it is not sent (`metadata: {}` sends nothing for
 * `metadata`).
 */
export function formParams(
  body: object,
  formStyles?: Readonly<Record<string, FormFieldStyle>>,
): URLSearchParams {
  const params = new URLSearchParams();
  if (formStyles === undefined || Array.isArray(body)) appendEntries(params, "", body);
  else {
    const fields = body as Record<string, unknown>;
    for (const name in fields) {
      const style = formStyles[name];
      if (style === undefined) appendEntries(params, name, fields[name]);
      else if (style.style === "deepObject") appendEntries(params, name, fields[name], true);
      else if (!style.explode) appendJoined(params, name, fields[name], style);
      else appendEntries(params, name, fields[name]);
    }
  }
  return params;
}

/** Whether a media type is a urlencoded form. */
export function isFormMedia(mediaType: string): boolean {
  return mediaType.startsWith("application/x-www-form-urlencoded");
}

/** The `otherBody` codec of an operation whose only non-JSON bodies are forms. */
export function encodeFormBody(
  body: unknown,
  mediaType: string,
  formStyles?: Readonly<Record<string, FormFieldStyle>>,
): BodyInit {
  if (isRawBody(body)) return body as BodyInit;
  if (typeof body === "object" && body !== null && isFormMedia(mediaType))
    return formParams(body, formStyles);
  return encodeAsText(body);
}
