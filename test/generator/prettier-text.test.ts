/**
 * The leaves of the types.ts printer (generator/emit/ts/prettier-text.ts) against prettier
 * itself: the width of every character the printer measures, string literals, numbers and keys.
 */
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../generator/emit/format.js";
import { assertMeasurable, prettierNumber, prettierString, textWidth, unquotedKey, UnsupportedLayout } from "../../generator/emit/ts/prettier-text.js";

const format = (source: string) => prettier.format(source, { ...PRETTIER_OPTIONS, parser: "babel-ts" });

function measurable(text: string): boolean {
  try {
    assertMeasurable(text);
    return true;
  } catch (error) {
    if (error instanceof UnsupportedLayout) return false;
    throw error;
  }
}

describe("prettier-text", () => {
  it("counts every character it measures as prettier does, and declines the others", () => {
    let measured = 0;
    const wrong: string[] = [];
    for (let code = 0; code <= 0x3ffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCodePoint(code);
      if (!measurable(character)) continue;
      measured++;
      if (textWidth(character) !== prettier.util.getStringWidth(character)) wrong.push(code.toString(16));
    }
    expect(wrong).toEqual([]);
    expect(measured).toBeGreaterThan(100_000);
    for (const text of ["plain ascii", "café crème", "日本語のテキスト", "mixed 字 and é\u0301"]) expect(textWidth(text)).toBe(prettier.util.getStringWidth(text));
    for (const text of ["🐶", "©\uFE0F", "a\u200Db"]) expect(measurable(text)).toBe(false);
  });

  it("quotes and escapes string literals as prettier does", async () => {
    const raws = ['"plain"', '"it\'s"', '"say \\"hi\\""', '"\\"a\\" and \'b\'"', '"\\"\\"\'"', '"back\\\\slash \\\\\\""', '"tab\\tnew\\nline"', '"\\u00e9\\u2028"', '""'];
    for (const raw of raws) expect(`type T = ${prettierString(raw)};\n`, raw).toBe(await format(`type T = ${raw};`));
  });

  it("writes numbers as prettier does, and declines the forms it does not know", async () => {
    for (const value of [0, 7, 200, 0.5, 1.25, 1e21, 1.5e-7, 123456789012]) {
      const text = String(value);
      expect(`type T = ${prettierNumber(text)};\n`, text).toBe(await format(`type T = ${text};`));
    }
    for (const text of ["0x1F", "1_000", "1.50", ".5"]) expect(() => prettierNumber(text), text).toThrow(UnsupportedLayout);
  });

  it("unquotes keys exactly where prettier does", async () => {
    for (const raw of ['"name"', '"$ref"', '"_x1"', '"application/json"', '"200"', '"1st"', '"with space"', '"caf\\u00E9"', '"a-b"']) {
      const key = unquotedKey(raw) ?? raw;
      expect(`interface X {\n  ${key}: 1;\n}\n`, raw).toBe(await format(`interface X { ${raw}: 1 }`));
    }
    expect(() => unquotedKey('"café"')).toThrow(UnsupportedLayout);
  });
});
