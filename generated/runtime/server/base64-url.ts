// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Base64url (RFC 4648 §5) without padding, for ids made from digests: `Buffer`'s
 * `toString("base64url")` without `node:buffer`.
 */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The base64url text of `bytes`, unpadded (32 bytes → 43 characters). */
export function base64Url(bytes: Uint8Array): string {
  let text = "";
  for (let index = 0; index < bytes.length; index += 3) {
    const chunk =
      ((bytes[index] as number) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const digits = Math.min(3, bytes.length - index) + 1;
    for (let digit = 0; digit < digits; digit++) {
      text += ALPHABET[(chunk >> (18 - 6 * digit)) & 63];
    }
  }
  return text;
}
