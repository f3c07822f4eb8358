/** A spec that could not be read or bundled (the CLI exits with code 3). */
export class SpecReadError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "SpecReadError";
  }
}
