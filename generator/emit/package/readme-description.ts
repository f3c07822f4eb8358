/**
 * The README's one piece of the spec's prose that is not in a table: the API's description (its
 * first paragraph). Apart from emit-readme.ts, which loads ts-morph for its code examples, so that
 * the cache can put a new description into a README it keeps (cache/cached-emitters.ts) without
 * loading it.
 */

/** The description's first paragraph: markdown (as OpenAPI says), with HTML neutralized. */
export function firstParagraph(description: string | undefined): string[] {
  const paragraph = description
    ?.replace(/\r\n?/g, "\n")
    .trim()
    .split(/\n\s*\n/)[0]
    ?.trim();
  return paragraph
    ? [paragraph.replace(/^#+\s*/, "").replace(/[<>]/g, (character) => `\\${character}`)]
    : [];
}

/**
 * A description that renders as itself, a block of its own: the README is made with it and
 * {@link fillReadmeDescription} then puts the real description's block in its place.
 */
export const README_DESCRIPTION_SLOT = "\uE010the API's description\uE011";

/**
 * `template` (a README rendered with {@link README_DESCRIPTION_SLOT} as the description) with the
 * block `description` renders in the slot's place (none when it renders none); undefined when the
 * slot is not exactly one block of it (spec text holding it: render the README whole instead).
 */
export function fillReadmeDescription(
  template: string,
  description: string | undefined,
): string | undefined {
  const slot = `\n\n${README_DESCRIPTION_SLOT}\n\n`;
  const at = template.indexOf(slot);
  if (at < 0 || template.indexOf(README_DESCRIPTION_SLOT, at + slot.length) >= 0) return undefined;
  if (template.lastIndexOf(README_DESCRIPTION_SLOT, at) >= 0) return undefined;
  const block = firstParagraph(description)
    .map((paragraph) => `\n\n${paragraph}`)
    .join("");
  return `${template.slice(0, at)}${block}\n\n${template.slice(at + slot.length)}`;
}
