/**
 * The README's TypeScript examples are formatted as TypeScript before the README is formatted as
 * markdown with embedded code left alone (generator/emit/package/readme-code.ts, format.ts): the
 * result is what prettier's markdown printed when it formatted the examples itself.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../generator/emit/format.js";
import { formatReadmeCode } from "../../generator/emit/package/readme-code.js";
import { ROOT } from "./cli-helper.js";

describe("README code examples", () => {
  it("formats each top-level ts block as TypeScript and leaves every other block as written", async () => {
    const markdown = [
      "# Title",
      "```ts",
      "const client = createClient({baseUrl: 'x', retries:3})",
      "```",
      "",
      "```json",
      '{"a":1,   "b":2}',
      "```",
      "",
      "- a list item",
      "  ```ts",
      "  const   kept = 1",
      "  ```",
    ].join("\n");
    const formatted = await formatReadmeCode(markdown);
    expect(formatted).toContain('```ts\nconst client = createClient({ baseUrl: "x", retries: 3 });\n```');
    expect(formatted).toContain('```json\n{"a":1,   "b":2}\n```');
    expect(formatted).toContain("  ```ts\n  const   kept = 1\n  ```");
  });

  it("gives the committed README the bytes prettier's markdown gives it when it formats the examples itself", async () => {
    const readme = readFileSync(join(ROOT, "generated/README.md"), "utf8");
    expect(readme.match(/^```ts$/gm)?.length ?? 0).toBeGreaterThan(5);
    expect(await format(readme, { ...PRETTIER_OPTIONS, parser: "markdown", embeddedLanguageFormatting: "auto" })).toBe(readme);
  });
});
