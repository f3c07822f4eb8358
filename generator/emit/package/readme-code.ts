/**
 * The README's TypeScript examples, formatted as TypeScript files are (format.ts) before the
 * README is formatted as markdown, which leaves code blocks as they are: the same bytes prettier's
 * markdown printed when it formatted them itself, without loading its TypeScript parser.
 */
import type { CachePack } from "../../cache/cache-pack.js";
import { formatSource } from "../format.js";

/** A fenced TypeScript block at the start of a line, as emit-readme.ts's `fence` writes it. */
const TYPESCRIPT_BLOCK = /^```ts\n([\s\S]*?)\n```$/gm;

/** `cache`: the README's format pack (the examples' entries sit beside the README's; their texts never meet). */
export async function formatReadmeCode(markdown: string, cache?: CachePack): Promise<string> {
  const blocks = [...markdown.matchAll(TYPESCRIPT_BLOCK)];
  const formatted = await Promise.all(blocks.map(async (block) => (await formatSource("example.ts", `${block[1]!}\n`, cache)).trimEnd()));
  let index = 0;
  return markdown.replace(TYPESCRIPT_BLOCK, () => `\`\`\`ts\n${formatted[index++]!}\n\`\`\``);
}
