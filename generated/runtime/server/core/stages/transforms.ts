// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Stages 9b and 12b, with the option `transforms` only (`{ dates: true, int64: "bigint" }`):
 * after the parameters and the body were validated in their wire form, `decode` gives the handler
 * `Date`s and `bigint`s where the operation's plan says (an int64 read from its digits: the
 * body's text, the parameter's text); after the handler, `encode` writes a JSON body with the
 * codec (`Date` as ISO 8601, `bigint` as a JSON number with every digit) and leaves its wire form
 * for the response checks. The codec and the plans are imported on the first request (`load`:
 * the generated transforms.ts): a server without the option loads neither. Only the generated
 * server of a spec with a `date-time` or `int64` field imports this module.
 */
import type {
  OperationCodec,
  ParameterLocation,
  TransformModule,
} from "../../../client/operation-transforms.js";
import type { TransformOptions } from "../../../client/transforms.js";
import { BodyCapturingSource } from "../body-capture.js";
import type { ApiDescriptor } from "../descriptor.js";
import { isJsonMediaType, mediaTypeEssence } from "../media-type.js";
import type { PreparedOperation } from "../operation-table.js";
import type { RequestContext } from "../request-context.js";
import { isAsyncIterable } from "../stream-body.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

type CodecOf = (operation: PreparedOperation) => OperationCodec;

export interface TransformStages<C> {
  /** Before the parameters stage: keeps the path parameters' text (their validator coerces them in place). */
  capture(context: RequestContext<C>): undefined;
  decode(context: RequestContext<C>): undefined | Promise<undefined>;
  encode(context: RequestContext<C>): undefined | Promise<undefined>;
}

/** What the generated `createRequestHandler` passes when its spec has fields to transform. */
export interface ServerTransforms {
  readonly stages: typeof createTransformStages;
  readonly load: () => Promise<TransformModule>;
}

export function createTransformStages<C>(
  api: ApiDescriptor,
  options: TransformOptions,
  load: () => Promise<TransformModule>,
): TransformStages<C> {
  // the plans are keyed by handler name
  const names = new Map(
    api.operations.map((operation) => [
      operation.operationId,
      operation.handlerName ?? operation.operationId,
    ]),
  );
  let codecOf: CodecOf | undefined;
  let loading: Promise<CodecOf> | undefined;
  const loadCodecs = (): Promise<CodecOf> =>
    (loading ??= load().then((loaded) => {
      const codecs = new Map<PreparedOperation, OperationCodec>();
      return (codecOf = (operation) => {
        let codec = codecs.get(operation);
        if (codec === undefined) {
          const name = names.get(operation.operationId)!;
          // own keys only: an operation named `constructor` must not read Object.prototype's
          const plan = Object.hasOwn(loaded.OPERATION_TRANSFORMS, name)
            ? loaded.OPERATION_TRANSFORMS[name]
            : undefined;
          codec = loaded.operationCodec(plan, loaded.TRANSFORM_PLANS, options);
          codecs.set(operation, codec);
        }
        return codec;
      });
    }));
  const withCodec = (
    context: RequestContext<C>,
    run: (codec: OperationCodec) => void,
  ): undefined | Promise<undefined> => {
    if (codecOf !== undefined) {
      run(codecOf(context.operation!));
      return undefined;
    }
    return loadCodecs().then((of) => {
      run(of(context.operation!));
      return undefined;
    });
  };

  const pathTexts = new WeakMap<RequestContext<C>, Readonly<Record<string, string>>>();
  return {
    capture: (context) => {
      pathTexts.set(context, { ...context.pathParams });
      return undefined;
    },
    decode: (context) =>
      withCodec(context, (codec) => {
        const parameters = context.parameters;
        if (parameters !== undefined) {
          for (const location of LOCATIONS) {
            const values = { ...parameters[location] };
            codec.decodeParameters(location, values, (name) =>
              location === "path"
                ? pathTexts.get(context)?.[name]
                : rawParameter(context, location, name),
            );
            parameters[location] = values;
          }
        }
        if (context.body === undefined) return;
        const reader = context.reader;
        const json = isJsonMediaType(mediaTypeEssence(context.source.header("content-type")));
        context.body =
          json && codec.bodyNeedsText && reader instanceof BodyCapturingSource
            ? codec.parse(new TextDecoder().decode(reader.bytes))
            : codec.decodeBody(context.body);
      }),
    encode: (context) => {
      const value = context.value;
      const mediaType = context.declared?.mediaType;
      if (
        value === undefined ||
        context.binaryType !== undefined ||
        (mediaType !== undefined && !isJsonMediaType(mediaTypeEssence(mediaType))) ||
        isAsyncIterable(value) ||
        value instanceof Uint8Array ||
        value instanceof ReadableStream
      )
        return undefined;
      return withCodec(context, (codec) => {
        const text = codec.stringify(value);
        context.jsonText = text;
        // the response checks (validateResponses, header rules) see the body as JSON sends it
        context.value = JSON.parse(text) as unknown;
      });
    },
  };
}

/** A parameter's text as the request sent it (its digits, for an int64 past 2^53). */
function rawParameter<C>(
  context: RequestContext<C>,
  location: Exclude<ParameterLocation, "path">,
  name: string,
): string | readonly string[] | null | undefined {
  if (location === "query") {
    const all = context.searchParams().getAll(name);
    return all.length === 1 ? all[0] : all;
  }
  if (location === "header") return context.source.header(name);
  return undefined;
}
