/**
 * Pack files are appended to (cache/cache-pack.ts): a save writes the run's new texts and a new
 * header at the end of the file it read, and writes the file whole only when its dead bytes would
 * outgrow its live ones, or when the file is not the one it read. A torn append, a damaged header
 * or a header line that does not stand where it says is a miss, never an error or a wrong text.
 */
import {
  closeSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirs } from "../temp-dirs.js";
import {
  CachePack,
  cacheDir,
  compactsAt,
  packKeys,
  writeAllv,
} from "../../generator/cache/cache-pack.js";

const freshDir = tempDirs("cache-pack-append");

const big = (seed: string) => `${seed}\n`.repeat(4_000); // tens of kB each: the 64 KiB floor matters

/** Opens `name`, reads `keep` (which must hit), sets `add`, saves; the reopened pack. */
function round(dir: string, name: string, keep: readonly string[], add: Record<string, string>) {
  const pack = CachePack.open(dir, name, "salt");
  for (const input of keep) expect(pack.get(input), input).toBeDefined();
  for (const [input, text] of Object.entries(add)) pack.set(input, text);
  pack.save();
  return CachePack.open(dir, name, "salt");
}

describe("appending packs", () => {
  it("reads back every entry after several appends, without rewriting the file", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/append.json");
    const texts: Record<string, string> = {};
    for (let index = 0; index < 8; index++) texts[`input ${index}`] = big(`text ${index} \u00e9`);
    round(dir, "unit/append", [], texts);
    const inode = statSync(file).ino;
    let size = statSync(file).size;
    const inputs = Object.keys(texts);
    for (let step = 0; step < 3; step++) {
      const add = {
        [`added ${step}`]: `small ${step} \u{1F600}`,
        "lone surrogate": `\ud800 ${step}`,
      };
      const reopened = round(dir, "unit/append", inputs, add);
      inputs.push(`added ${step}`);
      Object.assign(texts, add);
      for (const [input, text] of Object.entries(texts)) expect(reopened.get(input)).toBe(text);
      expect(reopened.rejected).toBe(0);
      // appended: the same file, longer; the old header and the replaced text are dead bytes
      expect(statSync(file).ino).toBe(inode);
      expect(statSync(file).size).toBeGreaterThan(size);
      size = statSync(file).size;
    }
    // the header lists what the last run used, nothing else
    expect(packKeys(file)?.length).toBe(inputs.length + 1);
  });

  it("compacts when the dead bytes would outgrow the live ones, keeping the live entries", () => {
    expect(compactsAt(100, 150)).toBe(false);
    expect(compactsAt(100_000, 300_000)).toBe(true);
    expect(compactsAt(10, 1_000)).toBe(false); // small: not worth a rewrite
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/compact.json");
    const texts: Record<string, string> = {};
    for (let index = 0; index < 10; index++) texts[`input ${index}`] = big(`text ${index}`);
    round(dir, "unit/compact", [], texts);
    const inode = statSync(file).ino;
    // one entry kept, one replaced: the other nine are dead, far more than the live two
    const reopened = round(dir, "unit/compact", ["input 0"], { "input 1": big("replaced") });
    expect(reopened.get("input 0")).toBe(texts["input 0"]);
    expect(reopened.get("input 1")).toBe(big("replaced"));
    expect(reopened.get("input 2")).toBeUndefined();
    expect(statSync(file).ino).not.toBe(inode);
    expect(statSync(file).size).toBeLessThan(3 * big("replaced").length);
  });

  it("keeps texts longer than the read buffer exact through an append and a compaction", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/long.json");
    // encoded a chunk (2^18 characters) at a time: a surrogate pair across the first chunk's
    // end, characters of 2 and 3 bytes, over 1 MiB of UTF-8 (the read buffer) in all
    const long = (seed: string) =>
      `${seed}${"x".repeat((1 << 18) - 2)}\u{1F600}${"\u00fc\u20ac".repeat(300_000)}${seed}`;
    const lone = (seed: string) => `\ud800${seed.repeat(1 << 18)}`; // stored as its JSON string
    const texts: Record<string, string> = {
      a: long("a"),
      b: long("b"),
      c: lone("c"),
      replacement: `${long("r")}\ufffd`, // U+FFFD itself, well-formed: stored as it is
    };
    for (let index = 0; index < 4; index++) texts[`input ${index}`] = long(`${index}`);
    const first = round(dir, "unit/long", [], texts);
    for (const [input, text] of Object.entries(texts)) expect(first.get(input)).toBe(text);
    // appended: a new long text
    const inode = statSync(file).ino;
    const appended = round(dir, "unit/long", Object.keys(texts), { d: long("d") });
    expect(statSync(file).ino).toBe(inode);
    expect(appended.get("d")).toBe(long("d"));
    // compacted: two long entries kept (copied from the file as read), the rest dropped
    const compacted = round(dir, "unit/long", ["a", "c"], { e: lone("e") });
    expect(statSync(file).ino).not.toBe(inode);
    expect(compacted.get("a")).toBe(texts["a"]);
    expect(compacted.get("c")).toBe(texts["c"]);
    expect(compacted.get("e")).toBe(lone("e"));
    expect(compacted.get("b")).toBeUndefined();
    expect(compacted.rejected).toBe(0);
    expect(packKeys(file)).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
    // only the texts UTF-8 cannot carry are stored as JSON strings
    const header = readFileSync(file, "utf8").trimEnd().split("\n").at(-1) as string;
    const stored = (JSON.parse(header) as { entries: { json?: true }[] }).entries;
    expect(stored.map((entry) => entry.json === true)).toEqual([false, true, true]);
  });

  it("reads entries in any order, two large packs in turn through one buffer, each text exact", () => {
    const dir = freshDir();
    const texts = (seed: string) => {
      const made: Record<string, string> = {};
      for (let index = 0; index < 60; index++) made[`input ${index}`] = big(`${seed} ${index}`);
      return made;
    };
    const a = texts("a");
    const b = texts("b");
    round(dir, "unit/a", [], a);
    round(dir, "unit/b", [], b);
    const inputs = Object.keys(a);
    // in file order (read ahead), backwards, and every seventh: each pack's reads between the
    // other's; opened afresh each time (a text read once is kept in memory)
    const orders = [inputs, [...inputs].reverse(), inputs.filter((_, index) => index % 7 === 3)];
    for (const order of orders) {
      const packA = CachePack.open(dir, "unit/a", "salt");
      const packB = CachePack.open(dir, "unit/b", "salt");
      for (const input of order) {
        expect(packA.get(input)).toBe(a[input]);
        expect(packB.get(input)).toBe(b[input]);
      }
      expect(packA.rejected + packB.rejected).toBe(0);
    }
  });

  it("ignores a torn append and a damaged header (a miss), then writes the file whole", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/torn.json");
    round(dir, "unit/torn", [], { a: big("a"), b: "b" });
    const before = statSync(file).size;
    round(dir, "unit/torn", ["a", "b"], { c: big("c") });
    const whole = readFileSync(file);
    // the append cut short, at several places: inside the new text, inside the new header, before its newline
    for (const cut of [before + 10, whole.length - 30, whole.length - 1]) {
      writeFileSync(file, whole.subarray(0, cut));
      const torn = CachePack.open(dir, "unit/torn", "salt");
      expect(torn.get("a")).toBeUndefined();
      expect(torn.get("c")).toBeUndefined();
      expect(torn.rejected).toBeGreaterThan(0);
    }
    // a header damaged in place
    writeFileSync(
      file,
      Buffer.from(whole.toString("latin1").replace(/"format":(\d+)/, '"format":"$1"'), "latin1"),
    );
    expect(CachePack.open(dir, "unit/torn", "salt").get("a")).toBeUndefined();
    // the next save after a miss writes the file whole: readable again
    const rewritten = round(dir, "unit/torn", [], { a: "again" });
    expect(rewritten.get("a")).toBe("again");
    expect(rewritten.rejected).toBe(0);
  });

  it("does not take a header-like line of a text, left last by a torn append, for the header", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/forged.json");
    const first = CachePack.open(dir, "unit/forged", "salt");
    first.set("a", "real a");
    first.save();
    const key = first.key("a");
    // a header pointing at the first byte of the file, as an earlier header would: wrong `at`
    const second = CachePack.open(dir, "unit/forged", "salt");
    const format = /"format":(\d+)/.exec(readFileSync(file, "utf8"))?.[1];
    const forged = `${JSON.stringify({ format: Number(format), at: 0, entries: [] })}\n`;
    expect(second.get("a")).toBe("real a");
    second.set("b", `before\n${forged}after`);
    second.save();
    const whole = readFileSync(file, "utf8");
    // cut right after the forged line, as a write stopped there would leave it
    writeFileSync(file, whole.slice(0, whole.indexOf(forged) + forged.length));
    const torn = CachePack.open(dir, "unit/forged", "salt");
    expect(torn.getKey(key)).toBeUndefined();
    expect(torn.get("b")).toBeUndefined();
    expect(torn.rejected).toBeGreaterThan(0);
  });

  it("writes whole when another run changed the file since it was read", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/race.json");
    round(dir, "unit/race", [], { shared: big("shared") });
    const one = CachePack.open(dir, "unit/race", "salt");
    const two = CachePack.open(dir, "unit/race", "salt");
    expect(one.get("shared")).toBe(big("shared"));
    expect(two.get("shared")).toBe(big("shared"));
    one.set("one", "from one");
    one.save(); // appended
    const appendedInode = statSync(file).ino;
    two.set("two", "from two");
    two.save(); // the file grew since `two` read it: written whole, not appended at a stale offset
    expect(statSync(file).ino).not.toBe(appendedInode);
    const after = CachePack.open(dir, "unit/race", "salt");
    expect(after.get("shared")).toBe(big("shared"));
    expect(after.get("two")).toBe("from two");
    expect(after.get("one")).toBeUndefined();
    expect(after.rejected).toBe(0);
    // the file removed meanwhile (the folder pruned by another run): written whole, never as an empty file
    const three = CachePack.open(dir, "unit/race", "salt");
    expect(three.get("two")).toBe("from two");
    rmSync(file);
    three.set("three", "from three");
    three.save();
    const last = CachePack.open(dir, "unit/race", "salt");
    expect(last.get("two")).toBe("from two");
    expect(last.get("three")).toBe("from three");
  });

  it("a second save in one run appends to what the first wrote", () => {
    const dir = freshDir();
    const pack = CachePack.open(dir, "unit/twice", "salt");
    pack.set("a", big("a"));
    pack.save();
    pack.set("b", "b");
    pack.save();
    const reopened = CachePack.open(dir, "unit/twice", "salt");
    expect(reopened.get("a")).toBe(big("a"));
    expect(reopened.get("b")).toBe("b");
    expect(reopened.rejected).toBe(0);
    truncateSync(join(cacheDir(dir), "unit/twice.json"), 5);
    expect(CachePack.open(dir, "unit/twice", "salt").get("a")).toBeUndefined();
  });

  it("points a new entry whose text a dropped entry holds at those bytes, never a lone surrogate at U+FFFD", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/same.json");
    round(dir, "unit/same", [], { "old key": big("unchanged"), replacement: "U+FFFD \ufffd" });
    const before = statSync(file).size;
    // new keys (a whole-file entry after a structural edit), one text as it was, one whose UTF-8
    // (a lone surrogate becomes U+FFFD) equals a dropped entry's bytes but is another text
    const reopened = round(dir, "unit/same", [], {
      "new key": big("unchanged"),
      "lone surrogate": "U+FFFD \ud800",
    });
    expect(reopened.get("new key")).toBe(big("unchanged"));
    expect(reopened.get("lone surrogate")).toBe("U+FFFD \ud800");
    expect(reopened.get("old key")).toBeUndefined();
    expect(reopened.rejected).toBe(0);
    // appended without the big text again
    expect(statSync(file).size - before).toBeLessThan(1_000);
  });

  it("points a new long text (compared in chunks) at a dropped entry's bytes, over 1 MiB and under", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/same-long.json");
    // long texts are encoded a chunk at a time (2^18 characters and more): one read through the
    // shared 1 MiB buffer, one longer than it (read into a buffer of its own); multi-byte
    // characters so that chunks end inside the text's bytes, not on a round character count
    const under = "é€ ".repeat(100_000);
    const over = "ü😀\n".repeat(300_000);
    expect(under.length).toBeGreaterThanOrEqual(1 << 18);
    expect(Buffer.byteLength(over)).toBeGreaterThan(1 << 20);
    round(dir, "unit/same-long", [], { "old under": under, "old over": over });
    const before = statSync(file).size;
    const reopened = round(dir, "unit/same-long", [], { "new under": under, "new over": over });
    expect(reopened.get("new under")).toBe(under);
    expect(reopened.get("new over")).toBe(over);
    expect(reopened.get("old under")).toBeUndefined();
    expect(reopened.rejected).toBe(0);
    expect(statSync(file).size - before).toBeLessThan(1_000);
  });

  it("reads a large pack's texts only when one is asked for (a file changed meanwhile: a miss, never a wrong text)", () => {
    const dir = freshDir();
    const file = join(cacheDir(dir), "unit/lazy.json");
    const texts: Record<string, string> = {};
    // over 256 KiB: read from its end (the header) when opened
    for (let index = 0; index < 12; index++) texts[`input ${index}`] = big(`lazy ${index}`);
    round(dir, "unit/lazy", [], texts);
    expect(statSync(file).size).toBeGreaterThan(1 << 18);
    const pack = CachePack.open(dir, "unit/lazy", "salt");
    // the texts' bytes changed after the open (the header kept): not read yet, so not trusted
    const bytes = readFileSync(file);
    bytes.fill("x".charCodeAt(0), 0, 1 << 16);
    writeFileSync(file, bytes);
    expect(pack.get("input 0")).toBeUndefined();
    expect(pack.rejected).toBe(1);
    // the entries the change left alone are read as they are
    expect(pack.get("input 11")).toBe(texts["input 11"]);
    // a pack of many entries has each text read when asked for, never the file whole: emptied
    // after the first text was read, the next is a miss
    const many: Record<string, string> = {};
    for (let index = 0; index < 40; index++) many[`input ${index}`] = big(`many ${index}`);
    round(dir, "unit/many", [], many);
    const manyPack = CachePack.open(dir, "unit/many", "salt");
    expect(manyPack.get("input 0")).toBe(many["input 0"]);
    writeFileSync(join(cacheDir(dir), "unit/many.json"), "");
    expect(manyPack.get("input 39")).toBeUndefined();
    expect(manyPack.rejected).toBe(1);
    // a small pack is read whole when opened, as before
    round(dir, "unit/small", [], { small: "small text" });
    const small = CachePack.open(dir, "unit/small", "salt");
    writeFileSync(join(cacheDir(dir), "unit/small.json"), "");
    expect(small.get("small")).toBe("small text");
  });

  it("writes a list of buffers longer than one writev takes (1,024 on Linux), empty ones among them, in order", () => {
    const buffers = Array.from({ length: 3_000 }, (_, index) =>
      Buffer.from(index % 7 === 0 ? "" : `piece ${index};`),
    );
    const file = join(freshDir(), "many");
    const fd = openSync(file, "w");
    try {
      writeAllv(fd, buffers);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file)).toStrictEqual(Buffer.concat(buffers));
  });
});
