/** What every emitter returns: files relative to the output folder, content final (the pipeline adds the header). */
export interface GeneratedFile {
  /** POSIX path relative to the output folder, e.g. `client.ts`. */
  readonly path: string;
  readonly content: string;
}

export interface EmitContext {
  /** PascalCase API name, e.g. `PetStore` → `createPetStoreClient`. */
  readonly apiName: string;
  /** The spec path as given (relative), named in headers. */
  readonly specPath: string;
}
