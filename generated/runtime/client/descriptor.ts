// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What the generator tells the client runtime about each operation.
 * Generated tables `satisfies` these types, so a mismatch fails the build.
 */
import type { ClientCodecs } from "./codecs.js";
import type { PathParameterStyle } from "./path-style.js";
import type { RuntimeResult } from "./result.js";
import type { XmlNode } from "../xml/xml-shape.js";

export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** Where the API key travels, taken from the spec's `apiKey` security scheme. */
export interface ApiKeyLocation {
  readonly in: "header" | "query" | "cookie";
  readonly name: string;
}

/** How one query parameter is serialized (OpenAPI `style`/`explode`, form + explode by default). */
export interface QueryParameterStyle {
  readonly style: "form" | "spaceDelimited" | "pipeDelimited" | "deepObject";
  readonly explode: boolean;
}

/**
 * How a declared response header is parsed: its schema type (`integer`, `number`, `boolean`,
 * anything else as `string`), with `[]` for an array (comma-separated values).
 */
export type HeaderKind =
  "string" | "integer" | "number" | "boolean" | "string[]" | "integer[]" | "number[]" | "boolean[]";

/** Where a value of a page's response is: a header, or a JSON pointer's tokens into the body. */
export type PageSource =
  | { readonly in: "header"; readonly name: string }
  | { readonly in: "body"; readonly pointer: readonly string[] };

/**
 * How an operation pages, from its `x-pagination` declaration (docs/pagination.md): the query
 * parameters it takes and where each response gives the items, the total, the next cursor, the
 * `has_more` flag and the next page's link. In a body pointer, `-1` on an array is its last item.
 */
export interface PaginationDescriptor {
  readonly style: "offset" | "cursor" | "link";
  readonly items: { readonly in: "body"; readonly pointer: readonly string[] };
  readonly limit?: string;
  readonly offset?: string;
  readonly cursor?: string;
  /** The 1-based page number parameter of a `link` style API that has one (GitHub's `page`). */
  readonly page?: string;
  readonly total?: PageSource;
  readonly nextCursor?: PageSource;
  readonly hasMore?: PageSource;
  readonly next?: PageSource;
  /** The `limit` parameter's default, when the spec gives one. */
  readonly defaultLimit?: number;
}

/** The type at a body pointer's tokens inside `T` (`NonNullable` along the way). */
export type AtPointer<T, P extends readonly string[]> = P extends readonly [
  infer H extends string,
  ...infer R extends string[],
]
  ? AtPointer<NonNullable<T>[H & keyof NonNullable<T>], R>
  : T;

/** The element type of an array type (`never` for anything else). */
export type ArrayItem<T> = NonNullable<T> extends readonly (infer I)[] ? I : never;

export interface ClientOperationDescriptor {
  readonly operationId: string;
  readonly method: HttpMethod;
  /** The path template as written in the spec, e.g. `/pets/{petId}`. */
  readonly path: string;
  /** Only the query parameters that are not `form` + `explode: true`. */
  readonly queryStyles?: Readonly<Record<string, QueryParameterStyle>>;
  /** Only the path parameters that are not `simple` without explode. */
  readonly pathStyles?: Readonly<Record<string, PathParameterStyle>>;
  /**
   * Only the top-level fields of the `application/x-www-form-urlencoded` body whose `encoding`
   * joins their values into one (`explode: false`: `form` with commas, `spaceDelimited`,
   * `pipeDelimited`), and the `deepObject` ones that hold arrays (sent with indexes:
   * `tax_rates[0]=a`); the others are sent exploded: arrays as repeated names, objects in brackets.
   */
  readonly formStyles?: Readonly<Record<string, QueryParameterStyle>>;
  /**
   * The keys of the path template's fragment (`/#X-Amz-Target=…`) that name one of the operation's
   * header parameters: sent in that header, the other keys in the query (route-keys.ts).
   */
  readonly routeHeaders?: readonly string[];
  /** Only the header parameters declared with `explode: true` (objects then sent as `key=value`). */
  readonly explodedHeaders?: readonly string[];
  /**
   * Only the parameters described by a JSON `content` rather than a `schema`, by location: their
   * values travel as JSON text (json-parameters.ts).
   */
  readonly jsonParameters?: Readonly<
    Partial<Record<"path" | "query" | "header" | "cookie", readonly string[]>>
  >;
  /** The request body's media type, when the operation has one. */
  readonly bodyMediaType?: string;
  /**
   * Whether the operation needs credentials: read only for a descriptor without `security` by a
   * runtime whose `ClientSecurity` has no `requirements` (tables written before either), where it
   * means the lone `apiKey` scheme. Generated tables leave it out.
   */
  readonly secured?: boolean;
  /**
   * The operation's security requirements: alternatives (the first the client's credentials
   * meet is used), each listing the scheme names that all apply; `[]` for a list with no scheme
   * means credentials are optional, and `security: []` that the operation has none. Left out
   * when they are the spec's top-level requirements (`ClientSecurity.requirements`).
   */
  readonly security?: readonly (readonly string[])[];
  /**
   * The name (as declared) of the operation's `Idempotency-Key` header parameter, when it has
   * one: the client then sends a fresh key per call (unless given), the same on every retry, and
   * may retry the call like an idempotent one.
   */
  readonly idempotencyKeyHeader?: string;
  readonly deprecated?: {
    /** ISO date (YYYY-MM-DD) from `x-sunset`, when given. */
    readonly sunset?: string;
    /** What to use instead (e.g. an operationId), when the spec says; shown in the warning. */
    readonly replacement?: string;
  };
  readonly stability?: "experimental" | "beta";
  /**
   * `"text"` when the `data` of the operation's server-sent events is a string in the spec (it is
   * then not parsed); by default each event's data is parsed as JSON.
   */
  readonly eventData?: "text";
  /**
   * Every request body media type the operation declares, when it declares more than one: the
   * caller picks one with the call's `contentType` (the first one, `bodyMediaType`, by default).
   */
  readonly bodyMediaTypes?: readonly string[];
  /**
   * The declared response headers of all the operation's responses, by the spec's header name:
   * how each is parsed. One map per operation, not per response (the result's type says which
   * headers each status has), so the table stays small; a header that responses declare with
   * different types is not in it (it is never parsed: `undefined`, which its type allows).
   */
  readonly responseHeaders?: Readonly<Record<string, HeaderKind>>;
  /**
   * The media types each 2XX response key (`"200"`, `"2XX"`) declares (`[]`: no content). A 2XX
   * whose Content-Type is none of its key's (a 2XX declared nowhere: none of all of them) is a
   * failure result; left out when the operation declares no 2XX content (nothing is checked).
   */
  readonly successMedia?: Readonly<Record<string, readonly string[]>>;
  /** How the operation pages (`x-pagination`), when it declares it: it then has `pages`/`items`. */
  readonly pagination?: PaginationDescriptor;
  /**
   * The serializers this operation needs (styled query or path, a non-JSON body, cookies,
   * streams), referenced by a per-operation descriptor so that a bundle calling it carries them
   * and no others; over the client's own. Left out in the whole client's table.
   */
  readonly codecs?: ClientCodecs;
  /** The operation's XML bodies, when it has some (runtime/xml/xml-client.ts). */
  readonly xml?: ClientXmlDescriptor;
}

/**
 * An operation's XML bodies: the codec (runtime/xml/xml-client.ts, which the generated client
 * imports only when the spec has XML) and the node tree of each XML media type, by the media type
 * as written in the spec: the request body's, and each response key's (`"200"`, `"4XX"`).
 */
export interface ClientXmlDescriptor {
  readonly codec: {
    /** The encoder of a body sent as `mediaType`, when it is one of the body's XML types. */
    encoder(
      op: ClientOperationDescriptor,
      mediaType: string,
    ): ((body: unknown) => BodyInit) | undefined;
    /** The result of a response its status declares as XML; `undefined` for any other. */
    readResult(
      response: Response,
      op: ClientOperationDescriptor,
    ): Promise<RuntimeResult> | undefined;
  };
  readonly body?: Readonly<Record<string, XmlNode>>;
  readonly responses?: Readonly<Record<string, Readonly<Record<string, XmlNode>>>>;
}
