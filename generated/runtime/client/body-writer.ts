// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Request bodies: the `body` codec, which the descriptor of an operation that declares a request
 * body references (a bundle of operations without one does not carry it). JSON is written here;
 * other media types by the operation's XML codec or the `otherBody` codec (request-body.ts, or the
 * narrower form-body.ts and multipart-body.ts).
 */
import type { JsonCodec } from "./build-request.js";
import type { ClientCodecs } from "./codecs.js";
import type { ClientOperationDescriptor } from "./descriptor.js";
import { isJsonMediaType } from "./json-media.js";
import { missingCodecError } from "./missing-codec.js";

/**
 * The declared media type a `FormData` or `URLSearchParams` body is, when the caller did not say
 * (an operation declaring JSON first would otherwise send it as `{}`).
 */
function inferMediaType(op: ClientOperationDescriptor, body: unknown): string | undefined {
  const declared = op.bodyMediaTypes;
  if (declared === undefined) return undefined;
  const prefix =
    body instanceof FormData
      ? "multipart/form-data"
      : body instanceof URLSearchParams
        ? "application/x-www-form-urlencoded"
        : undefined;
  return prefix === undefined ? undefined : declared.find((type) => type.startsWith(prefix));
}

/** What writing a body needs of the compiled operation. */
export interface BodyContext {
  /** The JSON codec of the transforms, when the client has the option. */
  readonly json?: JsonCodec;
  /** The writer of non-JSON bodies, when the operation or the client has it. */
  readonly otherBody?: ClientCodecs["otherBody"];
}

/**
 * Writes a call's body as `contentType` (a media type the operation declares; by default the
 * declared type a `FormData` or `URLSearchParams` is, else the first), setting `content-type`
 * (not for `FormData`: `fetch` sets it with the boundary).
 *
 * @returns the body and whether it can be sent again (not a stream)
 * @throws Error when the operation declares no such media type, or the runtime lacks its writer
 */
export function writeBody(
  headers: Record<string, string>,
  value: unknown,
  contentType: string | undefined,
  op: ClientOperationDescriptor,
  c: BodyContext,
): { readonly body: BodyInit; readonly replayable: boolean } {
  const declared = op.bodyMediaType ?? "application/json";
  const mediaType = contentType ?? inferMediaType(op, value) ?? declared;
  if (mediaType !== declared && !(op.bodyMediaTypes ?? []).includes(mediaType))
    throw new Error(
      `Operation "${op.operationId}" declares no "${mediaType}" request body (contentType: ${(op.bodyMediaTypes ?? [declared]).join(", ")})`,
    );
  if (isJsonMediaType(mediaType)) {
    headers["content-type"] = mediaType;
    const body = c.json === undefined ? JSON.stringify(value) : c.json.stringify(value);
    return { body, replayable: true };
  }
  const encode = op.xml?.codec.encoder(op, mediaType) ?? c.otherBody;
  if (encode === undefined) throw missingCodecError(op, `"${mediaType}" body`);
  const body = encode(value, mediaType, op.formStyles);
  if (!(body instanceof FormData)) headers["content-type"] = mediaType;
  return { body, replayable: !(body instanceof ReadableStream) };
}
