// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What the generator tells the server runtime about the API.
 * Generated tables `satisfies` these types, so a mismatch fails the build.
 */
import type { ApiReaders, FormBodyReader } from "./api-readers.js";
import type { XmlBodyDescriptor } from "./xml-descriptor.js";

export type { ApiReaders, FormBodyReader, XmlBodyDescriptor };

export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** One error found by a precompiled validator (the subset of Ajv's ErrorObject we read). */
export interface ValidationIssue {
  /** JSON pointer into the validated value, e.g. `/query/limit` or `/name`. */
  readonly instancePath: string;
  /** The rule that failed, e.g. `required`, `maxLength`, `type`. */
  readonly keyword: string;
  readonly message?: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** A precompiled (Ajv standalone) validator. Parameter validators coerce strings in place. */
export interface Validator {
  (data: unknown): boolean;
  errors?: readonly ValidationIssue[] | null;
}

export interface ParameterDescriptor {
  readonly name: string;
  readonly in: "path" | "query" | "header" | "cookie";
  /** True when the parameter is required (left out of generated tables when false). */
  readonly required?: boolean;
  /** `format: password`: its value is never recorded (telemetry). */
  readonly secret?: boolean;
  /** True when the schema is an array: the runtime collects every occurrence (left out when false). */
  readonly array?: boolean;
  /**
   * `style`, when it is not the location's default (`form` for query and cookie, `simple` for path
   * and header): `label`, `matrix`, `spaceDelimited`, `pipeDelimited`, `deepObject`.
   */
  readonly style?: string;
  /** `explode`, when it is not the style's default (true for `form`, false otherwise). */
  readonly explode?: boolean;
  /** True when the schema is an object: the runtime reads it by its style (parameter-styles.ts). */
  readonly object?: boolean;
  /** An object's property names, when its schema lists them (an exploded `form` object's pairs). */
  readonly properties?: readonly string[];
  /** True for a parameter described by a JSON `content` (`?filter={"a":1}`): its value is JSON. */
  readonly json?: boolean;
  /**
   * True for a query parameter whose schema is a list or one value (`anyOf: [array, string]`):
   * sent once it is the value (the validator reads it, text-reading.ts), sent again a list.
   */
  readonly listOrValue?: boolean;
  /**
   * True for an array of objects (or of arrays) in a query or path, outside `deepObject`: no style
   * has a form for an object or a list inside a list, so each item is JSON text, as the generated
   * client sends it (`?filter={"a":1}&filter={"b":2}`, `?cells=[1,2]&cells=[3]`).
   */
  readonly jsonItems?: boolean;
}

export interface ServerOperationDescriptor {
  readonly operationId: string;
  /**
   * The handler's name in the generated `Handlers` interface and stubs (the camelCase of the
   * operationId, `CreateService` → `createService`), when it differs from the operationId.
   */
  readonly handlerName?: string;
  readonly method: HttpMethod;
  /** The path template as written in the spec, e.g. `/pets/{petId}`. */
  readonly path: string;
  readonly parameters: readonly ParameterDescriptor[];
  /**
   * Validates `{ path, query, header, cookie }` (each an object of strings or string arrays),
   * coercing values to their schema types in place.
   */
  readonly validateParameters: Validator;
  readonly body?: {
    readonly required: boolean;
    /** Accepted media types, e.g. `["application/json"]`. */
    readonly mediaTypes: readonly string[];
    /**
     * Validates a JSON body against the schema of the operation's JSON media type or, when it
     * accepts no JSON, an XML body (read as `xml` says) against its XML media type's schema, or
     * else a `text/*` body against that media type's schema. Bodies of any other
     * media type reach the handler as parsed (forms as an object, anything else as bytes)
     * without schema validation.
     */
    readonly validate?: Validator;
    /**
     * How `application/x-www-form-urlencoded` and `multipart/form-data` bodies are read, by the
     * media type as written in the spec: their fields' shapes and a validator of the result
     * (see form-body.ts).
     */
    readonly forms?: Readonly<Record<string, FormBodyDescriptor>>;
    /** How XML bodies are read (runtime/xml/xml-server.ts): then validated by `validate`, as JSON is. */
    readonly xml?: XmlBodyDescriptor;
  };
  /** Declared response statuses: `"200"`, `"4XX"`, `"default"` ... */
  readonly responses: Readonly<Record<string, ResponseDescriptor>>;
  /** Whether the operation needs an authenticated caller (see `security`). */
  readonly secured: boolean;
  /**
   * The operation's security requirements, as in the spec: alternatives (any one will do), each
   * mapping the scheme names that all apply to the scopes they require. `[]`: none. When left out,
   * the API's `security`; without that, a `secured` operation requires the `apiKey` scheme.
   */
  readonly security?: readonly SecurityRequirementDescriptor[];
  readonly deprecated?: {
    /** ISO date (YYYY-MM-DD) from `x-sunset`, when given: sent as the `Sunset` header (RFC 8594). */
    readonly sunset?: string;
    /**
     * ISO date (YYYY-MM-DD) from `x-deprecated-since`, when given: sent as the `Deprecation`
     * header (RFC 9745, `@<unix seconds>`). Without it no `Deprecation` header is sent.
     */
    readonly since?: string;
    /**
     * The operation named by `x-replaced-by`: after the sunset, the 410 names it and links to
     * its path (`Link: <path>; rel="successor-version"`).
     */
    readonly replacedBy?: {
      readonly operationId: string;
      readonly method: HttpMethod;
      readonly path: string;
    };
  };
  readonly stability?: "experimental" | "beta";
}

/** The scalar and container types a form field's schema allows (`null` is left out). */
export type FormFieldType = "string" | "number" | "integer" | "boolean" | "array" | "object";

/**
 * A form field's schema reduced to what coercion needs: the types it allows (all of them for
 * `oneOf`/`anyOf`; none known means any), its properties, items and encoding.
 */
export interface FormFieldShape {
  readonly types?: readonly FormFieldType[];
  /** A binary part (`format: binary`, `contentMediaType`): a `File` in multipart bodies. */
  readonly binary?: boolean;
  readonly properties?: Readonly<Record<string, FormFieldShape>>;
  readonly additionalProperties?: FormFieldShape;
  readonly items?: FormFieldShape;
  /** `encoding.style` of a top-level field (`form`, `spaceDelimited`, `pipeDelimited`, `deepObject`). */
  readonly style?: string;
  /** `encoding.explode` of a top-level field (default true for `form`). */
  readonly explode?: boolean;
  /** A multipart part read as JSON (`encoding.contentType` JSON, or an object's default). */
  readonly json?: boolean;
  /**
   * A multipart part for a field that takes an object or a scalar (OpenAI's
   * `anyOf: [enum ["auto"], VadConfig]`): a JSON object is the object, other text a scalar.
   */
  readonly jsonObject?: boolean;
  /**
   * For a union of an array and text that may only be one of these values (Stripe's
   * `anyOf: [array, enum [""]]`, where `""` clears the list): the values that stay text; one
   * occurrence of any other value is an array of one.
   */
  readonly textValues?: readonly string[];
}

/** A form or multipart body: its top-level fields and the validator of the coerced object. */
export interface FormBodyDescriptor {
  readonly fields: Readonly<Record<string, FormFieldShape>>;
  readonly validate?: Validator;
  /**
   * A urlencoded body whose schema is a string: the form's text itself (`a=1&b=2`), handed over
   * as text (and validated as that string) instead of being read into fields.
   */
  readonly text?: boolean;
}

/**
 * How the runtime fills a declared error body (error-format.ts): each property is what the
 * runtime puts there (its error `code`, `message`, the `status`, the status's reason phrase as
 * `title`, `about:blank` as a problem `type`, `null` for a required nullable property it has no
 * value for) or a nested object of the same kind.
 */
export interface ErrorShape {
  readonly [property: string]:
    "code" | "message" | "status" | "title" | "type" | "null" | ErrorShape;
}

export interface ResponseDescriptor {
  /** The JSON body validator, when the response declares a JSON body. */
  readonly validate?: Validator;
  /** For 4xx/5xx/default responses the runtime can fill with its own errors. */
  readonly errorShape?: ErrorShape;
  /** The media type of the body, when there is one. */
  readonly mediaType?: string;
  /** Every declared media type, when there are several (see binary-response.ts). */
  readonly mediaTypes?: readonly string[];
  /** The headers the response declares, by name as written in the spec. */
  readonly headers?: Readonly<Record<string, ResponseHeaderDescriptor>>;
  /** How the body is written when an XML media type is chosen (runtime/xml/xml-server.ts). */
  readonly xml?: XmlBodyDescriptor;
}

/** A declared response header: whether it is required, and its schema's type when scalar. */
export interface ResponseHeaderDescriptor {
  /** True when the spec requires the header (left out of generated tables when false). */
  readonly required?: boolean;
  readonly type?: "integer" | "number" | "string" | "boolean";
}

/** One security requirement: scheme name → required scopes (all the schemes apply). */
export type SecurityRequirementDescriptor = Readonly<Record<string, readonly string[]>>;

/** A security scheme of the spec (`components.securitySchemes`). */
export type SecuritySchemeDescriptor =
  | { readonly type: "apiKey"; readonly in: "header" | "query" | "cookie"; readonly name: string }
  /** `scheme` lower-case: `bearer`, `basic` or any other. */
  | { readonly type: "http"; readonly scheme: string }
  | { readonly type: "oauth2" }
  | { readonly type: "openIdConnect" }
  /** Transport-level: the TLS layer checks the client certificate, not this runtime. */
  | { readonly type: "mutualTLS" };

/** `apiKey` security scheme from the spec. */
export interface ApiKeyLocation {
  readonly in: "header" | "query" | "cookie";
  readonly name: string;
}

/** A plan from the spec's `x-rate-limits` extension. `null` limits are agreed per customer. */
export interface RatePlanDescriptor {
  readonly name: string;
  readonly perMinute: number | null;
  readonly perDay: number | null;
}

export interface RateLimitPolicyDescriptor {
  readonly plans: readonly RatePlanDescriptor[];
  readonly ban?: {
    /** Requests sent while limited (after a 429, before Retry-After) that trigger a ban. */
    readonly afterRejectedRequests: number;
    readonly durationSeconds: number;
  };
}

export interface ApiDescriptor {
  readonly title: string;
  readonly version: string;
  /** The lone API key of a descriptor without `securitySchemes` (generated tables use those). */
  readonly apiKey?: ApiKeyLocation;
  /** Every security scheme of the spec, by name. Without it, `apiKey` is the only scheme. */
  readonly securitySchemes?: Readonly<Record<string, SecuritySchemeDescriptor>>;
  readonly rateLimits?: RateLimitPolicyDescriptor;
  /**
   * The security requirements of every operation that leaves out its own (as the spec's top-level
   * `security`; the generator writes the ones most of its operations declare).
   */
  readonly security?: readonly SecurityRequirementDescriptor[];
  readonly operations: readonly ServerOperationDescriptor[];
  /** The optional readers its operations need (see {@link ApiReaders}). */
  readonly readers?: ApiReaders;
  /**
   * The API's usual error response (the one its operations declare most often for 4xx/5xx), for
   * errors of a status an operation does not declare and errors before routing; without
   * `errorShape`, RFC 9457 problem details (see error-format.ts). A descriptor without it (written
   * by hand, or by an older generator) keeps the classic `{ code, message, status }` JSON body.
   */
  readonly errorFormat?: {
    readonly mediaType: string;
    readonly errorShape?: ErrorShape;
    readonly validate?: Validator;
  };
}
