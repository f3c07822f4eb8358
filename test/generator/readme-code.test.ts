/**
 * The README's TypeScript examples are formatted as TypeScript before the README is formatted as
 * markdown with embedded code left alone (generator/emit/package/readme-code.ts, format.ts): the
 * result is what prettier's markdown printed when it formatted the examples itself.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { format } from "prettier";
import { describe, expect, it } from "vitest";
import { formatSource, PRETTIER_OPTIONS } from "../../generator/emit/format.js";
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

  it("formats the examples joined exactly as it formats each alone (redeclarations, trailing comments, comment-only endings), and one by one when joining could change them", async () => {
    const examples = [
      'import { createClient } from "x";\nconst api = createClient({baseUrl: "http://localhost:8080", retries: 3, timeoutMs: 10_000, headers: {a: "b"}})',
      "const api = createClient({}); // a comment after code\nif (api) { console.log(api) } else console.error('none')",
      "interface Caller { readonly name: string }\nconst handler = { listPets() { return { status: 200, body: [] } } };\n// a comment on the last line",
      "export default handler;",
      "let value = compute()\n(value)", // no `;` at the end of the last line: formatted alone
    ];
    const alone = async (block: string) => (await formatSource("example.ts", `${block}\n`)).trimEnd();
    const markdown = examples.map((example) => `\`\`\`ts\n${example}\n\`\`\``).join("\n\n");
    const expected = (await Promise.all(examples.map(alone))).map((example) => `\`\`\`ts\n${example}\n\`\`\``).join("\n\n");
    expect(await formatReadmeCode(markdown)).toBe(expected);
    // the same with every example joinable
    const joinable = examples.slice(0, 4);
    const joinedMarkdown = joinable.map((example) => `\`\`\`ts\n${example}\n\`\`\``).join("\n\n");
    const joinedExpected = (await Promise.all(joinable.map(alone))).map((example) => `\`\`\`ts\n${example}\n\`\`\``).join("\n\n");
    expect(await formatReadmeCode(joinedMarkdown)).toBe(joinedExpected);
  });
});
