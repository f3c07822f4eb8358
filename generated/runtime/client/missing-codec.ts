// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/** The error of a call whose operation needs a serializer (codecs.ts) the runtime lacks. */
import type { ClientOperationDescriptor } from "./descriptor.js";

/** The error: which operation, which serializer, and how to get a runtime that has it. */
export function missingCodecError(op: ClientOperationDescriptor, what: string): Error {
  return new Error(
    `Operation "${op.operationId}" needs the ${what} serializer, which this runtime was created without: ` +
      "use createClientRuntime, or pass it to createClientRuntimeWith",
  );
}

/** A serializer that throws {@link missingCodecError} (the call rejects, nothing sent). */
export function missingCodec(op: ClientOperationDescriptor, what: string): () => never {
  return () => {
    throw missingCodecError(op, what);
  };
}
