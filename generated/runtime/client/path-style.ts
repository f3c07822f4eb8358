// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Path parameter serialization (OpenAPI `style`: `simple` by default, `label`, `matrix`; with
 * `explode`), each value percent-encoded and the style's delimiters kept literal (a `.` inside a
 * `label` value too: `%2E`, else `[1.5, 2]` exploded, `.1.5.2`, would read as three items).
 */
import { urlScalar } from "./url.js";

/** How one path parameter is serialized (only given for the non-default ones). */
export interface PathParameterStyle {
  readonly style: "simple" | "label" | "matrix";
  readonly explode: boolean;
}

const SIMPLE: PathParameterStyle = { style: "simple", explode: false };

function dotless(encoded: string): string {
  return encoded.includes(".") ? encoded.replaceAll(".", "%2E") : encoded;
}

/** The serialized path value of a parameter (`name` is used by `matrix`). */
export function stylePathValue(
  name: string,
  value: unknown,
  style: PathParameterStyle = SIMPLE,
): string {
  const explode = style.explode;
  const key = encodeURIComponent(name);
  // `.` separates label items: one inside a value (`1.5`) is sent encoded, as `%2E`
  const label = style.style === "label";
  const scalar = label ? (item: unknown) => dotless(urlScalar(item)) : urlScalar;
  const keyText = label ? (k: string) => dotless(encodeURIComponent(k)) : encodeURIComponent;
  let items: string[];
  let pairs = false;
  if (Array.isArray(value)) {
    items = value.filter((item) => item !== undefined && item !== null).map(scalar);
  } else if (typeof value === "object" && value !== null && !(value instanceof Date)) {
    items = [];
    for (const [k, v] of Object.entries(value))
      if (v !== undefined && v !== null) items.push(keyText(k), scalar(v));
    pairs = true;
  } else {
    const text = scalar(value);
    return style.style === "label"
      ? `.${text}`
      : style.style === "matrix"
        ? `;${key}=${text}`
        : text;
  }
  // exploded objects: k=v pairs
  const joined = (separator: string): string => {
    if (!(pairs && explode)) return items.join(separator);
    const out: string[] = [];
    for (let i = 0; i < items.length; i += 2) out.push(`${items[i]}=${items[i + 1]}`);
    return out.join(separator);
  };
  switch (style.style) {
    case "label":
      return `.${joined(explode ? "." : ",")}`;
    case "matrix":
      if (!explode) return `;${key}=${items.join(",")}`;
      return pairs ? `;${joined(";")}` : items.map((item) => `;${key}=${item}`).join("");
    default:
      return joined(",");
  }
}
