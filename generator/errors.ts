/**
 * Errors the generator reports to its user: what went wrong, where, and what to do.
 * Each kind has its own documented exit code (see README "Exit codes").
 */
export const EXIT_CODES = {
  ok: 0,
  drift: 1,
  usage: 2,
  invalidSpec: 3,
  unsupportedSpec: 4,
  outputRefused: 5,
  internal: 70,
} as const;

export type GeneratorErrorKind = Exclude<keyof typeof EXIT_CODES, "ok" | "drift">;

export class GeneratorError extends Error {
  readonly kind: GeneratorErrorKind;
  /** Where the problem is: `file:line:column`, a JSON pointer, or a folder. */
  readonly where: string | undefined;
  /** What the user can do about it. */
  readonly hint: string | undefined;

  constructor(
    kind: GeneratorErrorKind,
    message: string,
    options: { where?: string; hint?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "GeneratorError";
    this.kind = kind;
    this.where = options.where;
    this.hint = options.hint;
  }

  get exitCode(): number {
    return EXIT_CODES[this.kind];
  }

  /** One paragraph for the terminal: what, where, what to do. */
  format(): string {
    const where = this.where ? ` (at ${this.where})` : "";
    const hint = this.hint ? `\n  ${this.hint}` : "";
    return `error: ${this.message}${where}${hint}`;
  }
}
