/**
 * types.ts's prose as slots, so that a prose edit reuses every member's cached text
 * (types-by-member.ts) instead of transforming and printing the edited member again, which loads
 * openapi-typescript and TypeScript (about a tenth of a second) for a comment.
 *
 * openapi-typescript shows a `title`, `summary` or `description` only in a JSDoc comment
 * (`addJSDocComment`): it trims the text, puts ` *     ` after each `\n`, escapes `*\/`, and
 * TypeScript's printer writes each line of the comment trimmed, indented by the whitespace it
 * starts with. All of that depends on the text's whitespace and line breaks, nothing else. So each
 * prose string of the prepared copy is replaced, in place, by its skeleton: every line's text from
 * its first to its last non-blank character becomes a token, and the whitespace and line breaks
 * around stay as they are. The transform prints the skeleton exactly as it prints the prose, with
 * tokens in place of those texts, and {@link TypesProse.fill} puts the texts back, escaped as
 * openapi-typescript escapes them (an `*\/` cannot span a token's edge: a token's neighbours are
 * whitespace or the comment's own ` * ` prefixes). A member's cache key is the hash of its
 * skeleton, so a changed word keeps it.
 *
 * A `discriminator` object is left as it is: its `mapping` is a map of `$ref`s under any keys (a
 * key may be `description`). openapi-typescript's discriminator scan runs on the slotted document
 * (types-by-member.ts): where it copies a property's description into the enum it adds, the
 * tokens go with it and are filled where it is printed.
 *
 * A token is `\u0001`, the pack's nonce (random, made once per pack: no spec can name a token
 * that this cache will fill), the member's id, a counter, `\u0002`. A token of this nonce that
 * fill does not know, or that is not in a comment, means the shape above no longer holds (an
 * openapi-typescript update showing prose elsewhere?): {@link ProseSlotError}, and the caller
 * types a fresh copy of the document whole, without slots.
 * test/generator/types-prose-slots.test.ts checks the output against the whole transform's with
 * hostile prose (line breaks of every kind, blank and indented lines, `*\/`, tokens written into
 * examples).
 */
import { randomBytes } from "node:crypto";
import { isLiteralKey } from "../cache/without-prose.js";
import { walkObjects } from "../schema/walk-objects.js";

const OPEN = "\u0001";
const CLOSE = "\u0002";
/** The keys openapi-typescript shows in a JSDoc comment (when their value is a string). */
const PROSE_KEYS = new Set(["title", "summary", "description"]);
/**
 * A line's text from its first to its last character that is neither JavaScript whitespace (what
 * `trim` removes) nor TypeScript's (what its comment indentation counts: U+0085, U+200B too),
 * with no line break (TypeScript's: \n, \r, U+2028, U+2029) inside.
 */
const LINE_TEXT = /[^\s\u0085\u200b](?:[^\n\r\u2028\u2029]*[^\s\u0085\u200b])?/g;
const TOKEN = /\u0001([0-9a-f]{12})([0-9a-z]+\.[0-9a-z]+)\u0002/g;
const NONCE = /^[0-9a-f]{12}$/;

/** The nonce a pack `stored` (undefined when none), or a new one when that is not a nonce. */
export function proseNonceOf(stored: string | undefined): string {
  return stored !== undefined && NONCE.test(stored) ? stored : randomBytes(6).toString("hex");
}

/** A token this cache made is unknown or printed outside a comment: print without slots. */
export class ProseSlotError extends Error {}

export class TypesProse {
  /** Token body (member id, counter) → the line text it stands for. */
  readonly #texts = new Map<string, string>();
  /** Member id → its label (ids are hashes: a collision takes the next one). */
  readonly #ids = new Map<string, string>();

  constructor(readonly nonce: string) {
    if (!NONCE.test(nonce)) throw new Error(`bad prose nonce ${nonce}`);
  }

  /** Replaces the prose strings under `value` (the member `label`'s object) by skeletons. */
  slot(label: string, value: unknown): void {
    const id = this.#idOf(label);
    let counter = 0;
    const token = (text: string): string => {
      const body = `${id}.${(counter++).toString(36)}`;
      this.#texts.set(body, text);
      return `${OPEN}${this.nonce}${body}${CLOSE}`;
    };
    walkObjects(value, (object) => {
      const children: unknown[] = [];
      for (const key of Object.keys(object)) {
        const item = object[key];
        if (typeof item === "string") {
          if (PROSE_KEYS.has(key) && !item.includes(OPEN + this.nonce)) {
            object[key] = item.replace(LINE_TEXT, token);
          }
        } else if (!isLiteralKey(key) && key !== "discriminator") children.push(item);
      }
      return children;
    });
  }

  /** `text` with every token of this nonce replaced by its line text, escaped as in a comment. */
  fill(text: string): string {
    // where the comment the last token was in ends (tokens come in order: most share a comment)
    let end = -1;
    return text.replace(TOKEN, (token, nonce: string, body: string, offset: number) => {
      if (nonce !== this.nonce) return token; // not ours: a spec's own characters
      const line = this.#texts.get(body);
      if (line === undefined) throw new ProseSlotError(`unknown prose slot ${body}`);
      // inside a JSDoc comment: after its `/**`, before its end (no text in it holds `*\/`)
      if (offset > end) {
        const start = text.lastIndexOf("/**", offset);
        end = start < 0 ? -1 : text.indexOf("*/", start + 3);
        if (end < offset) throw new ProseSlotError(`prose slot ${body} printed outside a comment`);
      }
      return line.includes("*/") ? line.replaceAll("*/", "*\\/") : line;
    });
  }

  #idOf(label: string): string {
    for (let attempt = 0; ; attempt++) {
      const id = hash53(attempt === 0 ? label : `${label}\0${attempt}`).toString(36);
      const owner = this.#ids.get(id);
      if (owner === undefined) this.#ids.set(id, label);
      if (owner === undefined || owner === label) return id;
    }
  }
}

/** A 53-bit hash of `text` (two 32-bit FNV-1a-like lanes): member ids, not security. */
function hash53(text: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return (b >>> 0) * 0x200000 + ((a >>> 0) & 0x1fffff);
}
