// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Idempotency keys (IETF draft-ietf-httpapi-idempotency-key-header): an operation that declares
 * the header gets a fresh key per call unless the caller passes one, the same key on every retry
 * of that call, so the server can replay the first response instead of acting twice.
 */

/** A random (version 4) UUID: `crypto.randomUUID()`, else built from `crypto.getRandomValues`. */
export function newIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  if (typeof webCrypto?.randomUUID === "function") return webCrypto.randomUUID();
  // e.g. a browser page served over plain HTTP, where randomUUID is missing
  const bytes = webCrypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
