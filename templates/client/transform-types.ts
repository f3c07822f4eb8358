// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The types of the transforms: the openapi-typescript types of an operation (or of the server's
 * handlers) with the fields a transform plan names retyped, `Date` for `date-time` and `bigint`
 * for `int64`, as the option `transforms` says; every other field keeps its type. The plans are
 * the generated `as const` tables of transforms.ts, read here as types only (no run-time cost).
 */
/** What a `date-time` value is under the options `X` (both, when `X` is not known literally). */
export type DateTimeOf<X> = X extends { readonly dates: true }
  ? Date
  : X extends { readonly dates: false | undefined }
    ? string
    : "dates" extends keyof X
      ? string | Date
      : string;

/** What an `int64` value is under the options `X` (both, when `X` is not known literally). */
export type Int64Of<X> = X extends { readonly int64: "bigint" }
  ? bigint
  : X extends { readonly int64: "number" | undefined }
    ? number
    : "int64" extends keyof X
      ? number | bigint
      : number;

/** Whether the options `X` change any type. */
export type TransformsOn<X> = [DateTimeOf<X>, Int64Of<X>] extends [string, number] ? false : true;

type Leaf<T, From, To> = T extends From ? To : T;

type RefApplied<T, P, Plans, X> = P extends { readonly r: infer N }
  ? N extends keyof Plans
    ? Transformed<T, Plans[N], Plans, X>
    : T
  : T;

type ItemsApplied<T, P, Plans, X> = P extends { readonly i: infer I }
  ? T extends readonly (infer E)[]
    ? Transformed<E, I, Plans, X>[]
    : T
  : T;

type PropertyPlan<P, K> = P extends { readonly p: infer Ps }
  ? K extends keyof Ps
    ? Ps[K]
    : OtherPropertyPlan<P>
  : OtherPropertyPlan<P>;
type OtherPropertyPlan<P> = P extends { readonly a: infer A } ? A : never;

type PropertiesApplied<T, P, Plans, X> = P extends { readonly p: unknown } | { readonly a: unknown }
  ? T extends readonly unknown[] | Date
    ? T
    : T extends object
      ? {
          [K in keyof T]: [PropertyPlan<P, K>] extends [never]
            ? T[K]
            : Transformed<T[K], PropertyPlan<P, K>, Plans, X>;
        }
      : T
  : T;

type BranchesApplied<T, P, Plans, X> = P extends { readonly b: infer B }
  ? B extends readonly [infer First, ...infer Rest]
    ? BranchesApplied<Transformed<T, First, Plans, X>, { readonly b: Rest }, Plans, X>
    : T
  : T;

/**
 * `T` with the plan `P` applied (`Plans`: the named plans `{ r }` refers to), as the codec
 * applies it at run time: a reference, then items, then properties, then branches.
 */
export type Transformed<T, P, Plans, X> = P extends "date-time"
  ? Leaf<T, string, DateTimeOf<X>>
  : P extends "int64"
    ? Leaf<T, number, Int64Of<X>>
    : BranchesApplied<
        PropertiesApplied<ItemsApplied<RefApplied<T, P, Plans, X>, P, Plans, X>, P, Plans, X>,
        P,
        Plans,
        X
      >;

/** A JSON media type, as the plans cover them (`application/json`, `…+json`). */
type JsonMedia =
  "application/json" | `${string}/json` | `${string}+json` | `${string}json;${string}`;

type ContentApplied<C, P, Plans, X> = [P] extends [never]
  ? C
  : { [M in keyof C]: M extends JsonMedia ? Transformed<C[M], P, Plans, X> : C[M] };

type WithContent<B, P, Plans, X> = {
  [K in keyof B]: K extends "content" ? ContentApplied<B[K], P, Plans, X> : B[K];
};

type PlanAt<OP, K extends string> = OP extends { readonly [Q in K]: infer V } ? V : never;

/** A header parameter's plan: plans name headers in lower case. */
type HeaderPlans<OP, H> = {
  [K in keyof H]: K extends string
    ? Lowercase<K> extends keyof PlanAt<OP, "header">
      ? PlanAt<OP, "header">[Lowercase<K>]
      : never
    : never;
};

type ParametersApplied<Ps, OP, Plans, X> = {
  [L in keyof Ps]: L extends "header"
    ? Transformed<Ps[L], { readonly p: HeaderPlans<OP, NonNullable<Ps[L]>> }, Plans, X>
    : L extends "path" | "query" | "cookie"
      ? [PlanAt<OP, L>] extends [never]
        ? Ps[L]
        : Transformed<Ps[L], { readonly p: PlanAt<OP, L> }, Plans, X>
      : Ps[L];
};

/** The plan of the response `S`: its own key only (the client's types list each declared key). */
type ResponseKeyPlan<OP, S> = S extends string | number
  ? `${S}` extends keyof PlanAt<OP, "responses">
    ? PlanAt<OP, "responses">[`${S}`]
    : never
  : never;

/**
 * An openapi-typescript operation type (`paths[path][method]`) with the transforms of its plan
 * `OP` (`OPERATION_TRANSFORMS[name]`): parameters, the JSON request body, JSON response bodies.
 */
export type TransformedOperation<Op, OP, Plans, X> = {
  [K in keyof Op]: K extends "parameters"
    ? ParametersApplied<Op[K], OP, Plans, X>
    : K extends "requestBody"
      ? WithContent<Op[K], PlanAt<OP, "body">, Plans, X>
      : K extends "responses"
        ? { [S in keyof Op[K]]: WithContent<Op[K][S], ResponseKeyPlan<OP, S>, Plans, X> }
        : Op[K];
};

/** The plan of a handler's answer of status `S`: its key, its range (`4XX`), or `default`. */
type StatusPlan<OP, S> = S extends number
  ? `${S}` extends keyof PlanAt<OP, "responses">
    ? PlanAt<OP, "responses">[`${S}`]
    : `${S}` extends `${infer D}${string}`
      ? `${D}XX` extends keyof PlanAt<OP, "responses">
        ? PlanAt<OP, "responses">[`${D}XX`]
        : "default" extends keyof PlanAt<OP, "responses">
          ? PlanAt<OP, "responses">["default"]
          : never
      : never
  : never;

type HandlerRequestApplied<R, OP, Plans, X> = {
  [K in keyof R]: K extends "body"
    ? [PlanAt<OP, "body">] extends [never]
      ? R[K]
      : Transformed<R[K], PlanAt<OP, "body">, Plans, X>
    : K extends "path" | "query" | "header" | "cookie"
      ? [PlanAt<OP, K>] extends [never]
        ? R[K]
        : Transformed<R[K], { readonly p: PlanAt<OP, K> }, Plans, X>
      : R[K];
};

type HandlerResponseApplied<R, OP, Plans, X> = R extends { readonly status: infer S }
  ? [StatusPlan<OP, S>] extends [never]
    ? R
    : { [K in keyof R]: K extends "body" ? Transformed<R[K], StatusPlan<OP, S>, Plans, X> : R[K] }
  : R;

/** A method's type (bivariant in its parameter, as the handlers interface's methods are). */
type HandlerApplied<F, OP, Plans, X> = F extends (request: infer R) => infer A
  ? {
      handle(
        request: HandlerRequestApplied<R, OP, Plans, X>,
      ):
        | HandlerResponseApplied<Awaited<A>, OP, Plans, X>
        | Promise<HandlerResponseApplied<Awaited<A>, OP, Plans, X>>;
    }["handle"]
  : F;

/**
 * A server's handlers interface with the transforms of `Table` (`OPERATION_TRANSFORMS`, by
 * handler name): requests get `Date`/`bigint` where the plans say, responses may give them.
 */
export type TransformedHandlers<H, Table, Plans, X> =
  TransformsOn<X> extends true
    ? {
        [K in keyof H]: K extends keyof Table ? HandlerApplied<H[K], Table[K], Plans, X> : H[K];
      }
    : H;
