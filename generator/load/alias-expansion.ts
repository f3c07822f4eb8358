/**
 * YAML aliases that expand past any spec's size: an alias bomb.
 *
 * js-yaml gives an alias the object its anchor names, so `l1: &l1 [*l0, *l0]`, thirty levels deep,
 * parses into a few dozen objects that every walk of the document (Redocly's bundle, the model,
 * JSON) visits 2^30 times: the generator never finished. The document is measured as the walks
 * would see it, each shared object counted where it stands (its size computed once), and refused
 * past {@link MAX_EXPANDED_VALUES}. Only a text with an anchor (`&name`) is measured: without one,
 * nothing is shared.
 */
import { GeneratorError } from "../errors.js";

/** More values than any real spec holds when its aliases are expanded (Stripe's bundled document: about 93,000). */
export const MAX_EXPANDED_VALUES = 5_000_000;

/**
 * Whether `source` (a YAML text, or its UTF-8 bytes) may hold an anchor: `&` then a name, after
 * whitespace, the text's start or a flow indicator (`[`, `{`, `,`). The bytes are searched as they
 * are, each byte as the character Latin-1 reads it (a byte of a longer UTF-8 character is never
 * `&`): Stripe's 3.7 MB, all read on every run, are not decoded for this.
 */
export function hasAnchor(source: string | Uint8Array): boolean {
  const text = typeof source === "string" ? source : undefined;
  const bytes = typeof source === "string" ? undefined : source;
  const at = (index: number): number => text?.charCodeAt(index) ?? (bytes?.[index] as number);
  const next = (from: number): number =>
    text?.indexOf("&", from) ?? (bytes?.indexOf(AMPERSAND, from) as number);
  for (let index = next(0); index >= 0 && index + 1 < source.length; index = next(index + 1)) {
    const before = index === 0 ? undefined : at(index - 1);
    if ((before === undefined || opensAnchor(before)) && !endsName(at(index + 1))) return true;
  }
  return false;
}

const AMPERSAND = 0x26;

/** A character after which an anchor may start: whitespace or a flow indicator. */
function opensAnchor(code: number): boolean {
  return isSpace(code) || code === 0x5b || code === 0x7b || code === 0x2c;
}

/** A character no anchor name starts with: whitespace, `,`, `[`, `]`, `{`, `}`. */
function endsName(code: number): boolean {
  return (
    isSpace(code) ||
    code === 0x2c ||
    code === 0x5b ||
    code === 0x5d ||
    code === 0x7b ||
    code === 0x7d
  );
}

const SPACE = /\s/;

/** Whitespace as a regular expression's `\s` reads it (line ends, U+00A0 and U+2028 included). */
function isSpace(code: number): boolean {
  return SPACE.test(String.fromCharCode(code));
}

/**
 * Throws when `parsed`, read from the YAML `source` (its text or its bytes) at `where`, expands to
 * more than {@link MAX_EXPANDED_VALUES} values.
 */
export function refuseAliasBomb(parsed: unknown, source: string | Uint8Array, where: string): void {
  if (!hasAnchor(source)) return;
  const values = expandedValues(parsed, MAX_EXPANDED_VALUES);
  if (values <= MAX_EXPANDED_VALUES) return;
  throw new GeneratorError(
    "invalidSpec",
    `The spec's YAML aliases expand to more than ${MAX_EXPANDED_VALUES.toLocaleString("en-US")} values (an alias that repeats other aliases multiplies at every level)`,
    {
      where,
      hint: "Write a shared part once and point at it with $ref, or drop the aliases that repeat other aliases.",
    },
  );
}

/**
 * How many values `root` holds with every shared object counted where it stands, up to `cap` + 1
 * (a cycle counts once: the loader reports cycles). Walked without recursion: a document may be
 * deeper than the stack.
 */
export function expandedValues(root: unknown, cap: number): number {
  if (root === null || typeof root !== "object") return 1;
  const sizes = new Map<object, number>(); // finished objects; -1 while an object is being walked
  const walking: { node: object; children: unknown[]; next: number; total: number }[] = [];
  const enter = (node: object) => {
    sizes.set(node, -1);
    walking.push({ node, children: Object.values(node), next: 0, total: 1 });
  };
  enter(root);
  for (;;) {
    const top = walking[walking.length - 1];
    if (top === undefined) return sizes.get(root) ?? 1;
    if (top.total > cap) return cap + 1;
    if (top.next < top.children.length) {
      const child = top.children[top.next++];
      if (child === null || typeof child !== "object") top.total += 1;
      else {
        const known = sizes.get(child);
        if (known === undefined) enter(child);
        else top.total += known === -1 ? 1 : known;
      }
      continue;
    }
    walking.pop();
    const total = Math.min(top.total, cap + 1);
    sizes.set(top.node, total);
    const parent = walking[walking.length - 1];
    if (parent !== undefined) parent.total += total;
  }
}
