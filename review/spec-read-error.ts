import type { GeneratorError } from "../generator/errors.js";

/** A spec that could not be read or bundled, or is not valid (the CLI exits with code 3). */
export class SpecReadError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
    /** The generator's own error, when the spec is one `generate` refuses. */
    readonly invalid?: GeneratorError,
  ) {
    super(message);
    this.name = "SpecReadError";
  }

  /** The message for a terminal: the generator's one paragraph when there is one. */
  format(command: string): string {
    if (this.invalid !== undefined)
      return `${command}: ${this.message}:\n${this.invalid.format()}\n`;
    return `${command}: ${this.message}${this.detail ? `\n  ${this.detail}` : ""}\n`;
  }
}
