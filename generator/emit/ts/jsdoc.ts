/**
 * JSDoc from spec text. Spec descriptions are untrusted: `*\/` would end the comment early
 * and let the rest of the text run as code, so it is escaped; `@` at a line start would
 * become a tag, so it is escaped too.
 */
import type { JSDocStructure, JSDocTagStructure, OptionalKind } from "ts-morph";

export function escapeDocText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\*\//g, "*\\/")
    .replace(/^(\s*)@/gm, "$1\\@")
    .trim();
}

export interface DocInput {
  readonly summary?: string | undefined;
  readonly description?: string | undefined;
  readonly tags?: readonly { readonly name: string; readonly text?: string }[];
}

export function jsDoc(input: DocInput): OptionalKind<JSDocStructure>[] {
  const paragraphs = [input.summary, input.description]
    .filter((part): part is string => typeof part === "string" && part.trim().length > 0)
    .map(escapeDocText);
  const unique = paragraphs.filter((part, index) => paragraphs.indexOf(part) === index);
  const tags: OptionalKind<JSDocTagStructure>[] = (input.tags ?? []).map((tag) => ({
    tagName: tag.name,
    ...(tag.text ? { text: escapeDocText(tag.text) } : {}),
  }));
  if (unique.length === 0 && tags.length === 0) return [];
  return [{ description: unique.join("\n\n"), tags }];
}
