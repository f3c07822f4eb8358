// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * SHA-256 (FIPS 180-4 §6.2), synchronous and in plain JavaScript, for hashing credentials on every
 * request: Web Crypto's `crypto.subtle.digest` is asynchronous and, on Node, goes through the
 * thread pool (about 70 µs per short key, against about 2 µs here), which would dominate a
 * request. The round constants are derived at load time, exactly, with BigInt integer roots (the
 * first 32 bits of the fractional parts of the square and cube roots of the first primes, §4.2.2
 * and §5.3.3), rather than written out.
 */

function firstPrimes(count: number): number[] {
  const primes: number[] = [];
  for (let candidate = 2; primes.length < count; candidate++) {
    if (primes.every((prime) => candidate % prime !== 0)) primes.push(candidate);
  }
  return primes;
}

/** The integer `degree`-th root of `value` (floor), by Newton's method. */
function integerRoot(value: bigint, degree: bigint): bigint {
  let root = BigInt(Math.floor(Number(value) ** (1 / Number(degree)))) + 2n;
  for (;;) {
    const next = ((degree - 1n) * root + value / root ** (degree - 1n)) / degree;
    if (next >= root) break;
    root = next;
  }
  while (root ** degree > value) root--;
  while ((root + 1n) ** degree <= value) root++;
  return root;
}

/** The first 32 bits of the fractional part of the `degree`-th root of `prime`. */
function fractionBits(prime: number, degree: bigint): number {
  const root = integerRoot(BigInt(prime) << (32n * degree), degree);
  return Number(root & 0xffffffffn) | 0;
}

const PRIMES = firstPrimes(64);
const K = Int32Array.from(PRIMES, (prime) => fractionBits(prime, 3n));
const H0 = Int32Array.from(PRIMES.slice(0, 8), (prime) => fractionBits(prime, 2n));

const encoder = new TextEncoder();
const words = new Int32Array(64);

/** The SHA-256 digest (32 bytes) of `input` (a string is hashed as UTF-8). */
export function sha256(input: string | Uint8Array): Uint8Array {
  const data = typeof input === "string" ? encoder.encode(input) : input;
  const length = data.length;
  const blocks = ((length + 8) >>> 6) + 1;
  const padded = new Uint8Array(blocks * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  // the message length in bits, big-endian, in the last 8 bytes
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length << 3) >>> 0);

  let h0 = H0[0]!,
    h1 = H0[1]!,
    h2 = H0[2]!,
    h3 = H0[3]!;
  let h4 = H0[4]!,
    h5 = H0[5]!,
    h6 = H0[6]!,
    h7 = H0[7]!;
  const w = words;
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let t = 0; t < 16; t++) w[t] = view.getInt32(offset + t * 4);
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15]!;
      const y = w[t - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
    }
    let a = h0,
      b = h1,
      c = h2,
      d = h3,
      e = h4,
      f = h5,
      g = h6,
      h = h7;
    for (let t = 0; t < 64; t++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const temp1 = (h + S1 + ch + K[t]! + w[t]!) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const temp2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + temp1) | 0;
      d = c;
      c = b;
      b = a;
      a = (temp1 + temp2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + h) | 0;
  }
  const digest = new Uint8Array(32);
  const out = new DataView(digest.buffer);
  [h0, h1, h2, h3, h4, h5, h6, h7].forEach((value, index) => out.setInt32(index * 4, value));
  return digest;
}
