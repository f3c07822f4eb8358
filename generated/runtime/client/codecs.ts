// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Serializers only some specs need. A generated client passes the ones its descriptor table uses
 * to `createClientRuntimeWith`, so a bundler drops the others (tree-shaking is per export).
 */
import type { ClientTransformsOf } from "./client-transforms.js";
import { basicAuthorization } from "./basic-auth.js";
import { httpAuth } from "./http-auth.js";
import { setCookieParams } from "./cookies.js";
import { newIdempotencyKey } from "./idempotency.js";
import { withJsonText } from "./json-parameters.js";
import { encodeOtherBody } from "./request-body.js";
import { readStreamResult } from "./stream-result.js";
import { routeKeysOf } from "./route-keys.js";
import { stylePathValue } from "./path-style.js";
import { serializeFormQuery, serializeQuery } from "./url.js";
import { writeBody } from "./body-writer.js";
import { setHeaderParams } from "./header-params.js";

/** The optional serializers of a runtime. */
export interface ClientCodecs {
  /** Query parameters without declared styles (`form`, exploded): every operation with any. */
  readonly query?: typeof serializeFormQuery;
  /** Header parameters (`in: header`). */
  readonly headerParams?: typeof setHeaderParams;
  /** A request body (JSON here; other media types through `otherBody` or the XML codec). */
  readonly body?: typeof writeBody;
  /** Query parameters with declared styles (`deepObject`, `pipeDelimited`, `form` unexploded, …). */
  readonly styledQuery?: typeof serializeQuery;
  /** Request bodies whose media type is not JSON (form, multipart, text, binary). */
  readonly otherBody?: typeof encodeOtherBody;
  /** Cookie parameters (`in: cookie`). */
  readonly cookies?: typeof setCookieParams;
  /** Path parameters with a declared style (`label`, `matrix`, explode) or an object value. */
  readonly styledPath?: typeof stylePathValue;
  /** Streamed responses (`text/event-stream`, NDJSON), read as they arrive. */
  readonly streams?: typeof readStreamResult;
  /**
   * The option `transforms` (`Date`, `bigint`): loads each operation's codec (the generated
   * transforms.ts, imported dynamically), once, on the first call.
   */
  readonly transforms?: () => Promise<ClientTransformsOf>;
  /** `Authorization: Basic` from `{ username, password }` (an http `basic` security scheme). */
  readonly basicAuth?: typeof basicAuthorization;
  /**
   * What the schemes sent in `Authorization` send (http `bearer`, `basic`, others, OAuth 2,
   * OpenID Connect): API-key-only operations do without it.
   */
  readonly httpAuth?: typeof httpAuth;
  /** The keys of a path template's fragment (`/#Action=DescribeInstances`), sent in the query or a header. */
  readonly routeKeys?: typeof routeKeysOf;
  /** Parameters described by a JSON `content` (`jsonParameters`), sent as JSON text. */
  readonly jsonParameters?: typeof withJsonText;
  /** A fresh `Idempotency-Key` per call, for operations that declare the header. */
  readonly idempotencyKey?: typeof newIdempotencyKey;
}

/** Every optional serializer (what `createClientRuntime` uses). */
export const ALL_CODECS: ClientCodecs = {
  query: serializeFormQuery,
  headerParams: setHeaderParams,
  body: writeBody,
  styledQuery: serializeQuery,
  otherBody: encodeOtherBody,
  cookies: setCookieParams,
  streams: readStreamResult,
  styledPath: stylePathValue,
  basicAuth: basicAuthorization,
  httpAuth,
  routeKeys: routeKeysOf,
  jsonParameters: withJsonText,
  idempotencyKey: newIdempotencyKey,
};
