/**
 * Parts of a file printed apart from it: the file is printed by ts-morph with a numbered slot
 * (`__PART_SLOT_<n>__`) where each part stands, and each slot is then replaced by its part's text,
 * made (or taken from the per-part cache, cache/cached-parts.ts) as the writer would lay it out.
 * ts-morph's writer costs about 0.1 s per megabyte (it tracks strings and comments character by
 * character); splicing costs a scan of the small printed file.
 */

const SLOT = /__PART_SLOT_(\d+)__/g;

/** The slot of part `index`. */
export const partSlot = (index: number): string => `__PART_SLOT_${index}__`;

/** Slots of another name (a printer's own, which must not meet an emitter's: ts/source-file.ts). */
export const TEXT_SLOTS = {
  slot: (index: number): string => `__PRINTED_TEXT_${index}__`,
  pattern: /__PRINTED_TEXT_(\d+)__/g,
};

/**
 * `printed` with slot n replaced by `texts[n]`; undefined unless each slot stands in it exactly
 * once and no other (spec text that looks like a slot: the caller then prints the file whole).
 */
export function fillPartSlots(
  printed: string,
  texts: readonly string[],
  slots: RegExp = SLOT,
): string | undefined {
  const seen = new Uint8Array(texts.length);
  let ok = true;
  const filled = printed.replace(slots, (_all, digits: string) => {
    const index = Number(digits);
    if (!(index < texts.length) || seen[index] === 1) ok = false;
    else seen[index] = 1;
    return texts[index] ?? "";
  });
  return ok && seen.every((flag) => flag === 1) ? filled : undefined;
}
