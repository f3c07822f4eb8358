// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The client's side of the option `transforms` (`Date`, `bigint`): each operation's JSON codec
 * and its parameters as text. A generated client imports this (through its transforms.ts) only
 * when created with the option, on the first call: a client without it does not load it, and a
 * bundler that splits dynamic imports puts it in a chunk of its own.
 */
import type { CallInit } from "./build-request.js";
import type { ClientOperationDescriptor } from "./descriptor.js";
import {
  encodeParameters,
  operationCodec,
  type OperationCodec,
  type TransformTables,
} from "./operation-transforms.js";
import { stringifyTransformed, type TransformOptions } from "./transforms.js";
import { isJsonMediaType } from "./json-media.js";

/** One operation's side of the transforms: its JSON codec and its request's parameters as text. */
export interface ClientOperationTransforms {
  readonly codec: OperationCodec & { wire(body: unknown, response: Response): unknown };
  /** The call's parameters with `Date`s as ISO 8601 and `bigint`s as digits (a copy). */
  request(init: CallInit | undefined): CallInit | undefined;
}

/** Each descriptor's transforms (by the method name `operations` gives it), made on first use. */
export type ClientTransformsOf = (op: ClientOperationDescriptor) => ClientOperationTransforms;

/**
 * The transforms of a client's operations.
 *
 * @param tables the generated plans
 * @param operations the client's descriptors by method name (the plans are keyed by it)
 */
export function createClientTransforms(
  tables: TransformTables,
  operations: Readonly<Record<string, ClientOperationDescriptor>>,
  options: TransformOptions,
): ClientTransformsOf {
  const names = new Map<ClientOperationDescriptor, string>();
  for (const name of Object.keys(operations)) names.set(operations[name]!, name);
  const byOperation = new Map<ClientOperationDescriptor, ClientOperationTransforms>();
  return (op) => {
    let found = byOperation.get(op);
    if (found === undefined) {
      const name = names.get(op);
      // own keys only: an operation named `constructor` must not read Object.prototype's
      const plan =
        name === undefined || !Object.hasOwn(tables.OPERATION_TRANSFORMS, name)
          ? undefined
          : tables.OPERATION_TRANSFORMS[name];
      found = {
        codec: { ...operationCodec(plan, tables.TRANSFORM_PLANS, options), wire: wireForm },
        request: (init) =>
          init === undefined
            ? init
            : {
                ...init,
                path: encodeParameters(init.path) as CallInit["path"],
                query: encodeParameters(init.query),
                header: encodeParameters(init.header),
                cookie: encodeParameters(init.cookie),
              },
      };
      byOperation.set(op, found);
    }
    return found;
  };
}

/** A JSON body as it came over the wire, from its decoded value (others as they are). */
function wireForm(body: unknown, response: Response): unknown {
  const type = response.headers.get("content-type");
  if (body === undefined || type == null || !isJsonMediaType(type)) return body;
  return JSON.parse(stringifyTransformed(body));
}
