/**
 * The generator's intermediate representation: plain, normalized data about the API.
 * Emitters read only this, never the raw spec.
 */
import type { HttpMethod } from "../../templates/client/descriptor.js";
import type { PaginationDeclaration, PaginationSource } from "../../lint/pagination.js";
import type { SchemaModel } from "../schema/to-json-schema.js";
import type { XmlNode } from "../../templates/xml/xml-shape.js";
import type { FormBodyModel } from "./form-fields.js";
import type { FormFieldShape } from "../../templates/server/core/descriptor.js";

export type { HttpMethod };

/** A JSON Schema value as found in the spec (after bundling; `$ref`s stay as refs): see the schema model, generator/schema/. */
export type { SchemaModel };

export interface ApiModel {
  readonly title: string;
  readonly version: string;
  readonly description: string | undefined;
  /** `3.0.x` or `3.1.x`, as declared. */
  readonly openapiVersion: string;
  /**
   * SHA-256 (hex, first 16 chars) of the bundled spec, for drift checks: a non-enumerable
   * property, worked out when first read (build-model.ts), and lost by a spread copy.
   */
  readonly specHash: string;
  /** The API-key scheme operations are secured with, when there is one. */
  readonly apiKey: ApiKeyModel | undefined;
  /** Every security scheme of `components.securitySchemes`, in spec order. */
  readonly securitySchemes: readonly SecuritySchemeModel[];
  /**
   * The top-level `security` (OR of ANDs), which every operation without its own inherits;
   * `[]` when the spec has none.
   */
  readonly securityRequirements: readonly SecurityRequirementModel[];
  readonly rateLimits: RateLimitPolicyModel | undefined;
  /** In spec order: paths as written, methods in the OpenAPI order. */
  readonly operations: readonly OperationModel[];
  /** `components.schemas`, keyed by name, for validators. */
  readonly schemas: Readonly<Record<string, SchemaModel>>;
  /**
   * Every other target a schema `$ref` points at (`#/paths/…/schema`,
   * `#/components/schemas/X/properties/y`, `#/$defs/Y`), keyed by the `$ref` as written: the
   * document's own objects, so a cycle stays a `$ref` (generator/schema/schema-refs.ts resolves a
   * `$ref` against `schemas` and this table; emitters never read the document).
   */
  readonly refTargets: Readonly<Record<string, unknown>>;
  /** `info.license`, its text fields as written; undefined when the spec declares none. */
  readonly license: LicenseModel | undefined;
  /** `servers`, in spec order. */
  readonly servers: readonly ServerModel[];
  /** What the API sends on its own, which nothing is generated for (event-warnings.ts). */
  readonly events: EventsModel;
  /** Names that differ from the operationId (collisions become warnings). */
  readonly renames: readonly RenameModel[];
}

export interface LicenseModel {
  readonly name: string | undefined;
  readonly identifier: string | undefined;
  readonly url: string | undefined;
}

export interface ServerModel {
  /** Undefined when the spec's `url` is not a string. */
  readonly url: string | undefined;
  /** Each variable's `default`, where it is a string. */
  readonly defaults: Readonly<Record<string, string>>;
}

export interface EventsModel {
  /** Operations that declare `callbacks` (by operationId, or `METHOD /path`), with their names. */
  readonly callbacks: readonly { readonly operation: string; readonly names: readonly string[] }[];
  /** The names of the document's `webhooks`. */
  readonly webhooks: readonly string[];
}

export interface ApiKeyModel {
  readonly schemeName: string;
  readonly in: "header" | "query" | "cookie";
  readonly name: string;
}

/** A security scheme (`components.securitySchemes`), discriminated by `kind` (its `type`). */
export type SecuritySchemeModel =
  | {
      readonly kind: "apiKey";
      readonly name: string;
      readonly in: "header" | "query" | "cookie";
      readonly parameterName: string;
    }
  /** `scheme` lower-cased: `bearer`, `basic`, or any other (passed through). */
  | { readonly kind: "http"; readonly name: string; readonly scheme: string }
  /** `scopes`: every scope its flows declare. */
  | { readonly kind: "oauth2"; readonly name: string; readonly scopes: readonly string[] }
  | {
      readonly kind: "openIdConnect";
      readonly name: string;
      readonly openIdConnectUrl: string | undefined;
    }
  /** Transport-level (TLS client certificates): nothing travels in the HTTP request. */
  | { readonly kind: "mutualTLS"; readonly name: string };

/** One security requirement: every scheme in it applies (AND), with the scopes it requires. */
export interface SecurityRequirementModel {
  readonly schemes: readonly { readonly name: string; readonly scopes: readonly string[] }[];
}

export interface RatePlanModel {
  readonly name: string;
  readonly perMinute: number | null;
  readonly perDay: number | null;
}

export interface RateLimitPolicyModel {
  readonly algorithm: string;
  readonly plans: readonly RatePlanModel[];
  readonly ban:
    { readonly afterRejectedRequests: number; readonly durationSeconds: number } | undefined;
}

export type ParameterLocation = "path" | "query" | "header" | "cookie";

export interface ParameterModel {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  readonly description: string | undefined;
  readonly schema: SchemaModel;
  /** The schema's types, properties and items as the server reads the value (form-fields.ts). */
  readonly shape: FormFieldShape;
  /** The schema's `format` (after its `$ref`), e.g. `password`. */
  readonly format: string | undefined;
  /** True when the schema is (or resolves to) an array. */
  readonly array: boolean;
  readonly style: string | undefined;
  readonly explode: boolean;
  readonly deprecated: boolean;
  /** The media type of a parameter described by `content` rather than `schema` (`application/json`). */
  readonly contentType?: string;
}

export interface MediaModel {
  readonly mediaType: string;
  readonly schema: SchemaModel | undefined;
  /** Its `example`, then its `examples`' values, as written (not validated). */
  readonly examples?: readonly unknown[];
  /** For an XML media type: how the body maps to the value (xml-shapes.ts). */
  readonly xml?: XmlMediaShape;
}

/** An XML body's node tree, and what of its schema XML cannot honour (for `generate`'s warning). */
export interface XmlMediaShape {
  readonly node: XmlNode;
  readonly notes: readonly string[];
}

export interface RequestBodyModel {
  readonly required: boolean;
  readonly description: string | undefined;
  readonly contents: readonly MediaModel[];
}

export interface HeaderModel {
  readonly name: string;
  readonly required: boolean;
  readonly schema: SchemaModel | undefined;
  /** Its `example`, then its `examples`' values, as written (not validated). */
  readonly examples?: readonly unknown[];
}

export interface ResponseModel {
  /** `200`, `4XX`, `default` ... as written in the spec. */
  readonly status: string;
  readonly description: string | undefined;
  readonly headers: readonly HeaderModel[];
  readonly contents: readonly MediaModel[];
}

export interface DeprecationModel {
  /** ISO date (YYYY-MM-DD) from `x-sunset`. */
  readonly sunset: string | undefined;
  /** ISO date from `x-deprecated-since`. */
  readonly since: string | undefined;
  /** operationId named by `x-replaced-by`. */
  readonly replacedBy: string | undefined;
}

export interface OperationModel {
  /** The spec's operationId, or one derived from method and path when missing. */
  readonly operationId: string;
  /** A unique, safe camelCase identifier for methods and validators. */
  readonly name: string;
  /** The same in PascalCase, for type names. */
  readonly typeName: string;
  readonly method: HttpMethod;
  readonly path: string;
  /** JSON pointer of the operation in the bundled spec, for messages. */
  readonly pointer: string;
  readonly tags: readonly string[];
  readonly summary: string | undefined;
  readonly description: string | undefined;
  readonly deprecation: DeprecationModel | undefined;
  readonly stability: "experimental" | "beta" | undefined;
  readonly parameters: Readonly<Record<ParameterLocation, readonly ParameterModel[]>>;
  readonly requestBody: RequestBodyModel | undefined;
  /**
   * The form and multipart bodies of `requestBody`, as the server reads them (fields, `encoding`,
   * validation schema; form-fields.ts), in the spec's order.
   */
  readonly forms: readonly FormBodyModel[];
  readonly responses: readonly ResponseModel[];
  /**
   * Whether the operation needs an authenticated caller: it has security requirements and none of
   * them is empty or only transport-level (mutualTLS).
   */
  readonly secured: boolean;
  /** Names of the security schemes of the operation's requirement alternatives. */
  readonly security: readonly (readonly string[])[];
  /** The operation's security requirements (OR), each a set of schemes (AND) with their scopes. */
  readonly securityRequirements: readonly SecurityRequirementModel[];
  /**
   * The name, as declared, of the operation's `Idempotency-Key` header parameter (matched without
   * regard to case; IETF draft-ietf-httpapi-idempotency-key-header), if it has one.
   */
  readonly idempotencyKeyHeader: string | undefined;
  /** Its `x-pagination` declaration, checked; absent when it declares none (not paginated). */
  readonly pagination?: PaginationModel;
}

/**
 * How a paginated operation pages (its `x-pagination` declaration, checked): the style, the query
 * parameters it takes (names) and where the response gives each piece (docs/pagination.md).
 */
export type PaginationModel = PaginationDeclaration;
export type { PaginationDeclaration, PaginationSource };

export interface RenameModel {
  readonly kind: "operation";
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}
