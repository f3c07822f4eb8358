/** What every emitter returns: files relative to the output folder, content not yet formatted (unless `formatted`). */
export interface GeneratedFile {
  /** POSIX path relative to the output folder, e.g. `client.ts`. */
  readonly path: string;
  readonly content: string;
  /**
   * The content is already in prettier's layout (with our options): the pipeline writes it, and
   * the header above it, without running prettier (see emit/ts/print-types-prettier.ts).
   */
  readonly formatted?: true;
}

export interface EmitContext {
  /** PascalCase API name, e.g. `PetStore` → `createPetStoreClient`. */
  readonly apiName: string;
  /** The spec path as given (relative), named in headers. */
  readonly specPath: string;
}
