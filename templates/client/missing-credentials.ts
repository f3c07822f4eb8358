// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A secured operation's requirements cannot be met with the credentials the client has: nothing
 * was sent. Names the schemes that would do, never a credential.
 */
export class MissingCredentialsError extends Error {
  declare readonly operationId: string;
  /** The requirements, as lists of scheme names (any one list would do). */
  declare readonly requirements: readonly (readonly string[])[];

  /**
   * @param given the schemes of `requirements` the client has a credential for (the message says
   *   which are missing)
   */
  constructor(
    operationId: string,
    requirements: readonly (readonly string[])[],
    given: readonly string[] = [],
  ) {
    const alternatives = requirements.map((schemes) => schemes.join(" + ")).join(" or ");
    const lacking = requirements
      .map((schemes) => schemes.filter((name) => !given.includes(name)).join(" + "))
      .filter((names) => names !== "");
    const has =
      given.length === 0
        ? "the client has none for them"
        : `the client has ${given.join(", ")} but not ${[...new Set(lacking)].join(" or ")}`;
    super(
      `${operationId} needs credentials for ${alternatives}, and ${has}: ` +
        'give them in the client\'s `auth` option (or `missingAuth: "send"` to send the request anyway)',
    );
    this.name = "MissingCredentialsError";
    this.operationId = operationId;
    this.requirements = requirements;
  }
}
