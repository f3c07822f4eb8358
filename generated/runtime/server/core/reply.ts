// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * A typed way to answer from a handler that names the problem when a status is not declared.
 * Returning `{ status: 404, body }` where the spec declares no 404 fails to compile, but
 * TypeScript reports it against the last member of the response union (`Type '404' is not
 * assignable to type '503'`). With
 *
 *     const reply = replyFor<GetPetByIdHandlerResponse>();
 *     return reply(404, { body: { code: "not_found", message: "no such pet", status: 404 } });
 *
 * an undeclared status reads `... is not assignable to parameter of type '"status 404 is not
 * declared for this operation in the spec"'`, and a declared one takes exactly its body and
 * headers. (Without the helper, `return { status: 404, body } satisfies
 * GetPetByIdHandlerResponse` lists every declared status in its message.)
 */

/** The statuses a handler response union declares (ranges as all their statuses). */
export type DeclaredStatus<R> = R extends { readonly status: infer S extends number } ? S : never;

/** The members of `R` that `status` answers (a range member answers each of its statuses). */
export type ResponseOf<R, S extends number> = R extends { readonly status: infer D extends number }
  ? S extends D
    ? R
    : never
  : never;

/** The message an undeclared status gets. */
export type StatusNotDeclared<S extends number> =
  `status ${S} is not declared for this operation in the spec`;

type Rest<R> = Omit<R, "status">;

/** What follows the status: the declared body and headers, or the message. */
export type ReplyArguments<R, S extends number> = [S] extends [DeclaredStatus<R>]
  ? {} extends Rest<ResponseOf<R, S>>
    ? [response?: Rest<ResponseOf<R, S>>]
    : [response: Rest<ResponseOf<R, S>>]
  : [response: StatusNotDeclared<S>];

export type Reply<R> = <const S extends number>(
  status: S,
  ...response: ReplyArguments<R, S>
) => ResponseOf<R, S>;

/** A `reply(status, { body, headers })` checked against an operation's response union `R`. */
export function replyFor<R extends { readonly status: number }>(): Reply<R> {
  // One untyped function serves every status; `Reply<R>` is what callers see.
  const reply = (status: number, response?: object): unknown => ({ ...response, status });
  return reply as unknown as Reply<R>;
}
