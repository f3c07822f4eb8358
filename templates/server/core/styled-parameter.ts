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
