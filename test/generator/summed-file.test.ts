/**
 * Cache files guarded by their SHA-256 (generator/cache/summed-file.ts): what is written is read
 * back; a damaged, truncated or inconsistent file reads as absent, never as other bytes; a write
 * that cannot finish throws and leaves no temporary file.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../temp-dirs.js";
import { readSummedFile, writeSummedFile } from "../../generator/cache/summed-file.js";

const freshDir = tempDirs("summed-file");

describe("summed cache files", () => {
  it("reads back the head and the rest written in parts (thousands of them), its folder made", () => {
    const file = join(freshDir(), "deep/er/record.v8");
    const rest = Array.from({ length: 2_500 }, (_, index) => Buffer.from(`part ${index} é;`));
    writeSummedFile(file, Buffer.from('{"format":1}'), rest);
    const read = readSummedFile(file);
    expect(read?.head.toString()).toBe('{"format":1}');
    expect(read?.rest).toStrictEqual(Buffer.concat(rest));
    // an empty head and no rest
    writeSummedFile(file, Buffer.alloc(0), []);
    expect(readSummedFile(file)).toStrictEqual({ head: Buffer.alloc(0), rest: Buffer.alloc(0) });
  });

  it("reads a damaged, truncated, inconsistent or absent file as absent", () => {
    const dir = freshDir();
    const file = join(dir, "record.v8");
    writeSummedFile(file, Buffer.from("head"), [Buffer.from("the rest")]);
    const good = readFileSync(file);
    const damaged = Buffer.from(good);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 1) ^ 0xff, damaged.length - 1);
    writeFileSync(file, damaged);
    expect(readSummedFile(file)).toBeUndefined();
    writeFileSync(file, good.subarray(0, good.length - 3));
    expect(readSummedFile(file)).toBeUndefined();
    writeFileSync(file, good.subarray(0, 20));
    expect(readSummedFile(file)).toBeUndefined();
    expect(readSummedFile(join(dir, "absent.v8"))).toBeUndefined();
    // a head length past the end, under a hash that matches: refused all the same
    writeSummedFile(file, Buffer.from("head"), []);
    const lying = readFileSync(file);
    lying.writeUInt32LE(1_000, 32);
    createHash("sha256").update(lying.subarray(32)).digest().copy(lying, 0);
    writeFileSync(file, lying);
    expect(readSummedFile(file)).toBeUndefined();
  });

  it("throws when the file cannot be written, and leaves no temporary file", () => {
    const dir = freshDir();
    const file = join(dir, "record.v8");
    // a folder where the file should go: the rename fails
    writeSummedFile(join(file, "inner"), Buffer.from("x"), []);
    expect(() => writeSummedFile(file, Buffer.from("head"), [Buffer.from("rest")])).toThrow();
    expect(readdirSync(dir)).toEqual(["record.v8"]);
  });
});
