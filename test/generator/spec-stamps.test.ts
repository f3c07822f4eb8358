/**
 * The spec files' digests kept by file stamp (generator/write/spec-stamps.ts): a file whose stamp
 * is the recorded one is not read again; a changed file is (whatever its size or time), and a file
 * changed within the last two seconds is not trusted next time either. The digests are the ones
 * reading the files gives.
 */
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { specFileDigest } from "../../generator/write/inputs-hash.js";
import { SpecStamps } from "../../generator/write/spec-stamps.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A folder with files a and b, both dated an hour back (older than the racy window). */
function specFolder(): { dir: string; a: string; b: string } {
  const dir = mkdtempSync(join(tmpdir(), "spec-stamps-"));
  temps.push(dir);
  const a = join(dir, "a.yaml");
  const b = join(dir, "b.yaml");
  writeFileSync(a, "openapi: 3.0.3\n");
  writeFileSync(b, "type: string\n");
  return { dir, a, b };
}

/** The digests of `paths` through a memo opened and saved as one run does; and how many files it read. */
function run(dir: string, paths: readonly string[]): { digests: string[]; read: number } {
  const stamps = SpecStamps.open(dir, "a.yaml");
  const digests = paths.map((path) => stamps.digest(path));
  stamps.save();
  return { digests, read: stamps.read };
}

describe("the spec files' digests by stamp", () => {
  it("reads a file again only when it changed, and gives the digest its bytes give", async () => {
    const { dir, a, b } = specFolder();
    // written just now: too recent to be trusted, so each run reads them
    expect(run(dir, [a, b]).read).toBe(2);
    expect(run(dir, [a, b]).read).toBe(2);
    // the change time cannot be set back, so wait out the racy window once
    await new Promise((done) => setTimeout(done, 2_100));
    const first = run(dir, [a, b]);
    expect(first.read).toBe(2);
    expect(first.digests).toEqual([
      specFileDigest(Buffer.from("openapi: 3.0.3\n")),
      specFileDigest(Buffer.from("type: string\n")),
    ]);
    expect(run(dir, [a, b])).toEqual({ digests: first.digests, read: 0 });
    // changed with the same size and its modification time set back: its change time is new (and
    // too recent to trust), so it is read
    writeFileSync(b, "type: number\n".slice(0, 13));
    const stamped = new Date(2020, 0, 1);
    utimesSync(b, stamped, stamped);
    const edited = run(dir, [a, b]);
    expect(edited.read).toBe(1);
    expect(edited.digests[1]).toBe(specFileDigest(Buffer.from("type: number\n")));
  }, 20_000);
});
