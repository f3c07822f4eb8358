// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** A parameter as the styled readers see it (parameter-styles.ts, deep-object.ts). */
import type { ParameterDescriptor } from "./descriptor.js";
import { RequestError } from "./errors.js";

/** What a styled parameter's reading needs (see `prepareStyled`). */
export interface StyledParameter {
  readonly name: string;
  readonly in: ParameterDescriptor["in"];
  readonly style: string;
  readonly explode: boolean;
  readonly array: boolean;
  readonly object: boolean;
  /** An exploded `form` object's property names, when the schema lists them. */
  readonly properties: readonly string[] | undefined;
  /** An array of objects or arrays, each item JSON text (`ParameterDescriptor.jsonItems`). */
  readonly jsonItems: boolean;
  /**
   * A list or one value (`ParameterDescriptor.listOrValue`) not exploded: a text with the style's
   * separator is a list (`ids=1,2`), one without it the single value (`ids=3`). In `deepObject`:
   * indexed names are the list (`ids[0][a]=1`, `ids[]=2`), named ones an object.
   */
  readonly listOrValue?: boolean;
}

/** The 400 for a parameter value that does not have its style's form. */
export function invalid(parameter: StyledParameter, message: string): RequestError {
  return new RequestError(400, "validation_failed", `${parameter.in}.${parameter.name} ${message}`);
}

/**
 * The styled readers (parameter-styles.ts's `parameterStyles`): an API descriptor carries them in
 * its `readers` when one of its parameters needs them, so a bundle of any other API leaves them out.
 */
export interface ParameterStyleReaders {
  /** A path parameter's value from its raw (still percent-encoded) segment text. */
  readonly path: (parameter: StyledParameter, raw: string) => unknown;
  /** A query parameter's value from the query's raw pairs (`queryPairs`); `undefined` when not sent. */
  readonly query: (
    parameter: StyledParameter,
    pairs: ReadonlyArray<readonly [string, string]>,
    declared: ReadonlySet<string>,
  ) => unknown;
  readonly header: (parameter: StyledParameter, value: string) => unknown;
  readonly cookie: (
    parameter: StyledParameter,
    value: string | undefined,
    cookies: Readonly<Record<string, string>>,
  ) => unknown;
  /** The query string's pairs, names decoded and values still percent-encoded. */
  readonly queryPairs: (search: string) => Array<readonly [string, string]>;
}

/** The "style" of a parameter described by a JSON `content`: its value is JSON text. */
export const JSON_CONTENT = "json";

const DEFAULT_STYLE: Readonly<Record<ParameterDescriptor["in"], string>> = {
  path: "simple",
  header: "simple",
  query: "form",
  cookie: "form",
};

/**
 * The parameter as the styled reader sees it, or `undefined` when the plain reading (one string,
 * a query array's every occurrence, a header or cookie array split on commas) is already right:
 * only then does the API need the styled readers (parameter-styles.ts; the generator asks this
 * too, to import them only for a spec that has such a parameter).
 */
export function prepareStyled(parameter: ParameterDescriptor): StyledParameter | undefined {
  const style =
    parameter.json === true ? JSON_CONTENT : (parameter.style ?? DEFAULT_STYLE[parameter.in]);
  const explode = parameter.explode ?? style === "form";
  const object = parameter.object === true;
  const jsonItems = parameter.jsonItems === true && style !== "deepObject";
  // a list or one value without explode (`?ids=1,2` or `?ids=3`): split only when it is a list;
  // in `deepObject`, indexed names are the list (`?ids[0][a]=1`)
  const listOrValue = parameter.listOrValue === true && (!explode || style === "deepObject");
  const plain =
    !object &&
    !jsonItems &&
    !listOrValue &&
    style === DEFAULT_STYLE[parameter.in] &&
    (!parameter.array ||
      parameter.in === "header" ||
      parameter.in === "cookie" ||
      (parameter.in === "query" && explode));
  if (plain) return undefined;
  return {
    name: parameter.in === "header" ? parameter.name.toLowerCase() : parameter.name,
    in: parameter.in,
    style,
    explode,
    array: parameter.array === true,
    object,
    properties: parameter.properties,
    jsonItems,
    ...(listOrValue ? { listOrValue } : {}),
  };
}
