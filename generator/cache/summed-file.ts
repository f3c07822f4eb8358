/**
 * A cache file guarded by the SHA-256 of its contents: 32 bytes of hash, then the byte length of
 * a head (4 bytes, little-endian), the head, and the rest. The YAML pieces (load/yaml-sections.ts)
 * and a split spec's bundle record (load/split-bundle.ts) are kept so. A file whose hash does not
 * match is not read (a damaged cache only costs speed). It is written to a temporary file renamed
 * into place, hashed and written part by part (`writev`): joining the parts first copied Stripe's
 * 4 MB of YAML pieces twice into fresh memory.
 */
import { createHash, randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { writeAllv } from "./cache-pack.js";

const SUM_BYTES = 32;
const LENGTH_BYTES = 4;

/**
 * Writes `file` (its folder made if need be): `head` and `rest` behind their hash. Throws when it
 * cannot; no temporary file is left behind.
 */
export function writeSummedFile(file: string, head: Buffer, rest: readonly Buffer[]): void {
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(head.length);
  const parts = [length, head, ...rest];
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const fd = openSync(temporary, "w");
    try {
      writeAllv(fd, [hash.digest(), ...parts]);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** The head and the rest of `file`; undefined when it is absent, unreadable or does not match its hash. */
export function readSummedFile(file: string): { head: Buffer; rest: Buffer } | undefined {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return undefined;
  }
  if (data.length < SUM_BYTES + LENGTH_BYTES) return undefined;
  const body = data.subarray(SUM_BYTES);
  if (!createHash("sha256").update(body).digest().equals(data.subarray(0, SUM_BYTES)))
    return undefined;
  const end = LENGTH_BYTES + body.readUInt32LE(0);
  if (end > body.length) return undefined;
  return { head: body.subarray(LENGTH_BYTES, end), rest: body.subarray(end) };
}
