/** What every emitter returns: files relative to the output folder, content final (the pipeline adds the header). */
export interface GeneratedFile {
  /** POSIX path relative to the output folder, e.g. `client.ts`. */
  readonly path: string;
  readonly content: string;
  /**
   * Consecutive pieces `content` is the concatenation of, set by the pipeline alone (the header
   * and the emitter's text: emit/header.ts): the write hashes them one by one.
   */
  readonly pieces?: readonly string[];
}

export interface EmitContext {
  /** PascalCase API name, e.g. `PetStore` → `createPetStoreClient`. */
  readonly apiName: string;
  /** The spec path as given (relative), named in headers. */
  readonly specPath: string;
}
