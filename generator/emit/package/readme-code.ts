/**
 * The README's TypeScript examples, formatted as TypeScript files are (format.ts) before the
 * README is formatted as markdown, which leaves code blocks as they are: the same bytes prettier's
 * markdown printed when it formatted them itself, without loading its TypeScript parser.
 *
 * The examples are formatted together, as one text cut at separator comment lines: prettier
 * formats top-level statements each on its own (keeping the blank lines written between them),
 * so each example comes out as it would alone, and what no printer of ours knows costs one prettier
 * call instead of one per example (each call costs a millisecond or two of set-up). Examples that
 * could read differently once joined (starting or ending with a blank line, ending without `;` or
 * `}`, holding the separator) are formatted one by one, as are all of them should the cut not
 * give one text per example.
 */
import type { CachePack } from "../../cache/cache-pack.js";
import { formatSource } from "../format.js";

/** A fenced TypeScript block at the start of a line, as emit-readme.ts's `fence` writes it. */
const TYPESCRIPT_BLOCK = /^```ts\n([\s\S]*?)\n```$/gm;
/** The line the joined examples are cut at. */
const SEPARATOR = "// @@petstore-generator-readme-example";

/** `cache`: the README's format pack (the examples' entries sit beside the README's; their texts never meet). */
export async function formatReadmeCode(markdown: string, cache?: CachePack): Promise<string> {
  const blocks = readmeExamples(markdown);
  if (blocks.length === 0) return markdown;
  const formatted = await formatExamples(blocks, cache);
  let index = 0;
  return markdown.replace(TYPESCRIPT_BLOCK, () => `\`\`\`ts\n${formatted[index++]!}\n\`\`\``);
}

/** The README's TypeScript examples, as written (unformatted). */
export function readmeExamples(markdown: string): string[] {
  return [...markdown.matchAll(TYPESCRIPT_BLOCK)].map((block) => block[1]!);
}

async function formatExamples(blocks: readonly string[], cache: CachePack | undefined): Promise<string[]> {
  if (blocks.length > 1 && blocks.every(joinable)) {
    const joined = await formatSource("example.ts", blocks.map((block) => `${block}\n`).join(`${SEPARATOR}\n`), cache);
    const parts = joined.split(`${SEPARATOR}\n`);
    if (parts.length === blocks.length) return parts.map((part) => part.trimEnd());
  }
  return Promise.all(blocks.map(async (block) => (await formatSource("example.ts", `${block}\n`, cache)).trimEnd()));
}

/** Whether an example formats the same joined to others: no blank first or last line, a last line of code that ends a statement, no separator of its own. */
function joinable(block: string): boolean {
  const lines = block.split("\n");
  const lastCode = [...lines].reverse().find((line) => !/^\s*(\/\/|$)/.test(line));
  return lines[0]!.trim() !== "" && lines[lines.length - 1]!.trim() !== "" && !block.includes(SEPARATOR) && lastCode !== undefined && /[;}]\s*(\/\/.*)?$/.test(lastCode);
}
