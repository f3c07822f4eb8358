// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * SHA-256 (FIPS 180-4 §6.2), synchronous and in plain JavaScript: the digest of API keys, caller
 * ids and idempotency records (auth.ts, idempotency.ts), on every request. Web Crypto's
 * `crypto.subtle.digest` is asynchronous and on Node goes through the thread pool (about 70 µs
 * per short key against 1–2 µs here). It replaces @noble/hashes' generic hasher (5.4 kB of a
 * worker bundle; this is 1.6 kB). test/templates/server/sha256.test.ts checks it against the
 * FIPS 180-2 examples and against `node:crypto` for every length up to several blocks and for
 * any split of the input into `update` calls.
 */

/** ⌊x^(1/n)⌋ of a positive integer, exactly (Newton's method from above, in integers). */
function integerRoot(x: bigint, n: bigint): bigint {
  let root = 1n << BigInt(Math.ceil(x.toString(2).length / Number(n)));
  for (;;) {
    const next = ((n - 1n) * root + x / root ** (n - 1n)) / n;
    if (next >= root) return root;
    root = next;
  }
}

/**
 * The first 32 bits of the fractional part of the `n`th root of each prime (FIPS 180-4 §4.2.2,
 * §5.3.3), computed exactly in integers rather than written out (750 bytes less in a bundle; the
 * test compares them with the standard's table).
 */
function fractionBits(primes: readonly number[], n: bigint): Uint32Array {
  return Uint32Array.from(primes, (prime) =>
    Number(integerRoot(BigInt(prime) << (32n * n), n) & 0xffffffffn),
  );
}

const PRIMES: number[] = [];
for (let candidate = 2; PRIMES.length < 64; candidate++) {
  if (PRIMES.every((prime) => candidate % prime !== 0)) PRIMES.push(candidate);
}

/** The round constants: of the cube roots of the first 64 primes. */
export const K = fractionBits(PRIMES, 3n);

/** The initial hash value: of the square roots of the first 8 primes. */
export const IV = fractionBits(PRIMES.slice(0, 8), 2n);

/** The message schedule, reused (the digest is synchronous: no two blocks interleave). */
const W = new Uint32Array(64);

/** Processes the 64-byte block of `bytes` at `at` into `state`. */
function compress(state: Uint32Array, bytes: Uint8Array, at: number): void {
  for (let t = 0; t < 16; t++, at += 4) {
    W[t] =
      ((bytes[at] as number) << 24) |
      ((bytes[at + 1] as number) << 16) |
      ((bytes[at + 2] as number) << 8) |
      (bytes[at + 3] as number);
  }
  for (let t = 16; t < 64; t++) {
    const w15 = W[t - 15] as number;
    const w2 = W[t - 2] as number;
    const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
    const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
    W[t] = (s1 + (W[t - 7] as number) + s0 + (W[t - 16] as number)) | 0;
  }
  let a = state[0] as number;
  let b = state[1] as number;
  let c = state[2] as number;
  let d = state[3] as number;
  let e = state[4] as number;
  let f = state[5] as number;
  let g = state[6] as number;
  let h = state[7] as number;
  for (let t = 0; t < 64; t++) {
    const sum1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + sum1 + ((e & f) ^ (~e & g)) + (K[t] as number) + (W[t] as number)) | 0;
    const sum0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (sum0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0] as number) + a;
  state[1] = (state[1] as number) + b;
  state[2] = (state[2] as number) + c;
  state[3] = (state[3] as number) + d;
  state[4] = (state[4] as number) + e;
  state[5] = (state[5] as number) + f;
  state[6] = (state[6] as number) + g;
  state[7] = (state[7] as number) + h;
}

/** An incremental SHA-256: `update` with the message's parts in order, then `digest` once. */
export interface Sha256 {
  update(bytes: Uint8Array): Sha256;
  /** The 32-byte digest; the hasher is spent (its buffers are zeroed). */
  digest(): Uint8Array;
}

export function createSha256(): Sha256 {
  const state = IV.slice();
  const block = new Uint8Array(64);
  /** Bytes waiting in `block` (fewer than 64). */
  let filled = 0;
  /** Bytes of the message so far. */
  let length = 0;
  const hasher: Sha256 = {
    update(bytes) {
      let at = 0;
      length += bytes.length;
      if (filled > 0) {
        at = Math.min(64 - filled, bytes.length);
        block.set(bytes.subarray(0, at), filled);
        filled += at;
        if (filled < 64) return hasher;
        compress(state, block, 0);
        filled = 0;
      }
      for (; at + 64 <= bytes.length; at += 64) compress(state, bytes, at);
      block.set(bytes.subarray(at), 0);
      filled = bytes.length - at;
      return hasher;
    },
    digest() {
      const bits = length * 8;
      block.fill(0, filled);
      block[filled] = 0x80;
      if (filled >= 56) {
        compress(state, block, 0);
        block.fill(0);
      }
      // the message length in bits, big-endian in the last 8 bytes (2^53 bits at most here)
      const high = Math.floor(bits / 0x100000000);
      for (let i = 0; i < 4; i++) {
        block[56 + i] = high >>> (24 - 8 * i);
        block[60 + i] = bits >>> (24 - 8 * i);
      }
      compress(state, block, 0);
      const out = new Uint8Array(32);
      for (let i = 0; i < 32; i++) out[i] = (state[i >> 2] as number) >>> (24 - 8 * (i & 3));
      block.fill(0);
      state.fill(0);
      W.fill(0);
      return out;
    },
  };
  return hasher;
}

/** The SHA-256 digest of `bytes`, 32 bytes. */
export function sha256(bytes: Uint8Array): Uint8Array {
  return createSha256().update(bytes).digest();
}
