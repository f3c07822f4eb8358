/**
 * formatSource: TypeScript through prettier's `babel-ts` parser, with prettier's `typescript`
 * parser as the fallback for what Babel refuses; other files by extension; validators untouched.
 */
import { describe, expect, it } from "vitest";
import { formatSource } from "../../generator/emit/format.js";

describe("formatSource", () => {
  it("formats TypeScript with the pinned options", async () => {
    expect(await formatSource("a.ts", "const a = {b:1,'c':[1,2,]} as const")).toBe('const a = { b: 1, c: [1, 2] } as const;\n');
  });

  it("falls back to the typescript parser when Babel refuses a file TypeScript accepts", async () => {
    // Babel rejects a repeated __proto__ key (an early error in JavaScript); TypeScript parses it
    expect(await formatSource("a.ts", "let x = {__proto__: 1, __proto__: 2}")).toBe("let x = { __proto__: 1, __proto__: 2 };\n");
  });

  it("still fails on code neither parser accepts", async () => {
    await expect(formatSource("a.ts", "x = 1 ++")).rejects.toThrow();
  });

  it("formats JSON and Markdown, and leaves other files (validators) as they are", async () => {
    expect(await formatSource("p.json", '{"a":1}')).toBe('{ "a": 1 }\n');
    expect(await formatSource("r.md", "#  Title\n* item")).toBe("# Title\n\n- item\n");
    expect(await formatSource("v.js", "const  a=1")).toBe("const  a=1");
  });
});
