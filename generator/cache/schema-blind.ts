/**
 * The operations as seen by an emitter that reads of a request body (or of a response too) only
 * its media types, whether each has a schema, and the XML shape of an XML one (validate.ts's
 * tables, server-api.ts's descriptors, the package entries): each media's schema is a placeholder.
 * Keyed by these, an emitter's cache entry survives an edit inside an operation's own body or
 * response schema, the usual layout of a split spec (DigitalOcean's request bodies are files of
 * their own), where keyed by the operations whole it rendered its file again, unchanged.
 * test/generator/schema-blind.test.ts checks, on every layout spec, that the emitters given these
 * print what they print from the whole model.
 */
import type {
  ApiModel,
  MediaModel,
  OperationModel,
  RequestBodyModel,
  ResponseModel,
  SchemaModel,
} from "../model/types.js";
import type { RunCaches } from "./run-caches.js";

/** The schema of a media that has one, as these operations show it. */
export const HAS_SCHEMA: SchemaModel = Object.freeze({});

/**
 * What the operations are blind to besides their request bodies' schemas: the responses' schemas,
 * the parameters (left out: an emitter that reads none of them, validate.ts).
 */
export interface BlindTo {
  readonly responses?: boolean;
  readonly parameters?: boolean;
}

const NO_PARAMETERS: OperationModel["parameters"] = Object.freeze({
  path: [],
  query: [],
  header: [],
  cookie: [],
});

function blindMedia(media: MediaModel): MediaModel {
  return {
    mediaType: media.mediaType,
    schema: media.schema === undefined ? undefined : HAS_SCHEMA,
    ...(media.xml === undefined ? {} : { xml: media.xml }),
  };
}

/** `body` with each media's schema a placeholder ({@link HAS_SCHEMA}). */
export function schemaBlindBody(body: RequestBodyModel): RequestBodyModel {
  return { ...body, contents: body.contents.map(blindMedia) };
}

function blindResponse(response: ResponseModel): ResponseModel {
  return { ...response, contents: response.contents.map(blindMedia) };
}

/** `operations` with their bodies' (and responses') schemas placeholders, their headers as they are (and without parameters). */
export function schemaBlindOperations(
  operations: readonly OperationModel[],
  blind: BlindTo,
): OperationModel[] {
  return operations.map((operation) => ({
    ...operation,
    ...(blind.parameters === true ? { parameters: NO_PARAMETERS } : {}),
    requestBody: operation.requestBody && schemaBlindBody(operation.requestBody),
    responses:
      blind.responses === true ? operation.responses.map(blindResponse) : operation.responses,
  }));
}

/** `model` with its operations {@link schemaBlindOperations}. */
export function schemaBlindModel(model: ApiModel, blind: BlindTo): ApiModel {
  return { ...model, operations: schemaBlindOperations(model.operations, blind) };
}

/**
 * {@link schemaBlindModel} as a view of `model` read through `traced` (a tracing proxy of it,
 * traced-emit.ts), so that the tracer records what an emitter given the view reads, and nothing
 * more: a key read or tested (`in`) is read through it, and listing the keys lists its keys; the
 * operations are made when first read (once a run for every view of the same operations,
 * `caches`). A property's descriptor is `model`'s own, not read through `traced`: a tracer tests
 * with one whether a key is there before it reads the key, and the tracer behind would take
 * that test for a read of the key's whole value (all the component schemas, say).
 */
export function schemaBlindView(
  model: ApiModel,
  traced: ApiModel,
  blind: BlindTo,
  caches: RunCaches,
): ApiModel {
  return new Proxy(model, {
    get: (_target, key) => {
      const value: unknown = Reflect.get(traced, key);
      if (key !== "operations") return value;
      // made once a run for all the emitters (so is its text for their keys)
      const operations = model.operations;
      return caches.derived(operations, `schema-blind ${JSON.stringify(blind)}`, () =>
        schemaBlindOperations(operations, blind),
      );
    },
    has: (_target, key) => Reflect.has(traced, key),
    ownKeys: () => Reflect.ownKeys(traced),
  });
}
