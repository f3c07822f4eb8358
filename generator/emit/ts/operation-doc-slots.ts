/**
 * An operation's JSDoc (its summary, description, deprecation and stability: the only spec prose
 * client.ts, operations.ts and query.ts show) as a slot: the emitter prints a one-line
 * placeholder comment naming a kind of doc and the operation, and {@link fillDocSlots} replaces
 * each with the doc the kind's recipe makes from the operation, laid out as ts-morph lays out a
 * JSDoc structure (`/**`, one ` * ` line per line of text, ` *\/`, at the placeholder's
 * indentation). The emitters fill their own output, so every run, cached or not, prints these
 * docs this one way; with a cache, the text around the slots is made from the model without
 * prose (cache/cached-emitters.ts), so an edit of an operation's prose fills the slots again
 * without printing anything with ts-morph. test/generator/operation-doc-slots.test.ts checks the
 * layout against ts-morph's, hostile prose included, and that the files are the same either way.
 *
 * This module imports no ts-morph code (types only): filling loads neither it nor TypeScript.
 */
import type { JSDocStructure, OptionalKind } from "ts-morph";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { piecedFile, type GeneratedFile } from "../file.js";
import { operationDoc, replacementName } from "../operation-docs.js";
import { jsDoc, type DocInput } from "./jsdoc.js";

/**
 * Control characters around a slot's kind and operation name (a generated name, which may have any
 * letter); no escaped doc text has a line of a slot's shape (a doc's `*\/` is escaped), and the
 * slotted text is made from the model without prose. ASCII ones, so that a slotted file of ASCII
 * code is ASCII too: stored, read back from the cache and filled as a one-byte string (private-use
 * characters made each of them two-byte: twice the memory, and a slower decode and replace).
 */
const OPEN = "\u0001";
const CLOSE = "\u0002";

/** How a slot kind's doc is made from its operation (and the model's operations, for names). */
export type DocRecipe = (
  operation: OperationModel,
  operations: readonly OperationModel[],
) => DocInput;

/** An operation's own doc: what the client's methods and functions show. */
export const OPERATION_DOC: DocRecipe = (operation, operations) =>
  operationDoc(operation, replacementName(operation, operations));

/** The placeholder doc of `operation` for a slot of `kind` (a key of the recipes it is filled with). */
export function docSlot(kind: string, operation: OperationModel): OptionalKind<JSDocStructure>[] {
  return [{ description: `${OPEN}${kind} ${operation.name}${CLOSE}` }];
}

/**
 * `text` with every doc slot replaced by its operation's doc from `model`, made by the recipe of
 * its kind; `slots` is how many the file has (the emitter's rule: one per operation, or none). A
 * different count means the slots were printed in a shape this module does not know (a ts-morph
 * update?): an error, never a file with placeholders in it.
 */
export function fillDocSlots(
  text: string,
  model: ApiModel,
  slots: number,
  recipes: Readonly<Record<string, DocRecipe>>,
): string {
  return docSlotPieces(text, model, slots, recipes).join("");
}

/**
 * {@link fillDocSlots} as the pieces of the filled text (emit/file.ts `piecedFile`): the text
 * between slots cut from `text`, and each doc. Slot lines are found by their opening, not by a
 * pattern tried at every line (that was most of DigitalOcean's 60 ms of filling).
 */
function docSlotPieces(
  text: string,
  model: ApiModel,
  slots: number,
  recipes: Readonly<Record<string, DocRecipe>>,
): string[] {
  const byName = new Map(model.operations.map((operation) => [operation.name, operation]));
  const filled = new Set<string>();
  let count = 0;
  const pieces: string[] = [];
  let from = 0;
  // a slot's line is searched no further: the next search starts where it ends
  for (
    let at = text.indexOf(SLOT_OPEN);
    at >= 0;
    at = text.indexOf(SLOT_OPEN, Math.max(from, at + 1))
  ) {
    const slot = slotAt(text, at);
    if (slot === undefined) continue;
    const { indent, kind, name, end } = slot;
    const operation = byName.get(name);
    const recipe = Object.hasOwn(recipes, kind) ? recipes[kind] : undefined;
    if (operation === undefined || recipe === undefined)
      throw new Error(
        `a doc slot names ${kind} ${name}, which this file's recipes or model do not have`,
      );
    filled.add(`${kind} ${name}`);
    count++;
    pieces.push(text.slice(from, at - indent.length));
    for (const doc of jsDoc(recipe(operation, model.operations)))
      pieces.push(`${indent}${docBlock(doc, indent)}\n`);
    from = end;
  }
  pieces.push(text.slice(from));
  if (count !== slots || filled.size !== slots)
    throw new Error(
      `found ${count} doc slots where ${slots} were printed: generator/emit/ts/operation-doc-slots.ts does not know their shape (a ts-morph update?)`,
    );
  return pieces;
}

/** How a slot line goes on after its indentation: `/** <OPEN>`. */
const SLOT_OPEN = `/** ${OPEN}`;
/** How a slot line ends. */
const SLOT_CLOSE = `${CLOSE} */\n`;
const KIND = /^[a-z]+$/;

/**
 * The slot whose opening is at `at`, when its line is a slot line (`<spaces>/** <OPEN><kind>
 * <name><CLOSE> *\/`, the kind in lower-case letters, the name without `CLOSE` or a newline):
 * its indentation, kind, name and where its line ends; else undefined.
 */
function slotAt(
  text: string,
  at: number,
): { indent: string; kind: string; name: string; end: number } | undefined {
  const lineStart = text.lastIndexOf("\n", at - 1) + 1;
  for (let index = lineStart; index < at; index++)
    if (text.charCodeAt(index) !== 32) return undefined;
  const close = text.indexOf(CLOSE, at + SLOT_OPEN.length);
  const newline = text.indexOf("\n", at);
  if (close < 0 || (newline >= 0 && newline < close) || !text.startsWith(SLOT_CLOSE, close))
    return undefined;
  const body = text.slice(at + SLOT_OPEN.length, close);
  const space = body.indexOf(" ");
  const kind = body.slice(0, space);
  const name = body.slice(space + 1);
  if (space <= 0 || !KIND.test(kind) || name === "") return undefined;
  return { indent: text.slice(lineStart, at), kind, name, end: close + SLOT_CLOSE.length };
}

/** `file` with its `slots` operation doc slots (one per operation, or none) filled with each operation's own doc. */
export function fillOperationDocs(
  file: GeneratedFile,
  model: ApiModel,
  slots: number,
): GeneratedFile {
  return fillDocSlotsOf(file, model, slots, { operation: OPERATION_DOC });
}

/** {@link fillDocSlots} of `file`'s content, as a pieced file (emit/file.ts `piecedFile`). */
export function fillDocSlotsOf(
  file: GeneratedFile,
  model: ApiModel,
  slots: number,
  recipes: Readonly<Record<string, DocRecipe>>,
): GeneratedFile {
  return piecedFile(file.path, docSlotPieces(file.content, model, slots, recipes));
}

/** A JSDoc structure as ts-morph's JSDoc printer writes it, its later lines at `indent`. */
export function docBlock(doc: OptionalKind<JSDocStructure>, indent: string): string {
  if (doc.description !== undefined && typeof doc.description !== "string")
    throw new Error("a doc slot's doc has a writer function: only text can be laid out here");
  const tags = (doc.tags ?? []).map((tag) => {
    if (tag.text !== undefined && typeof tag.text !== "string")
      throw new Error("a doc slot's tag has a writer function: only text can be laid out here");
    const text = tag.text ?? "";
    return `@${tag.tagName}${text.length > 0 && !/^\r?\n/.test(text) ? " " : ""}${text}`;
  });
  const description = doc.description ?? "";
  const text =
    tags.length === 0
      ? description
      : `${description}${description.length > 0 ? "\n" : ""}${tags.join("\n")}`;
  const lines = text.split(/\r?\n/);
  // one line: `/** text */` (no second space when the text is empty or ends with one)
  if (lines.length <= 1) return `/** ${text}${text === "" || text.endsWith(" ") ? "" : " "}*/`;
  const body = lines
    .slice(lines[0]?.length === 0 ? 1 : 0)
    .map((line) => `${indent} *${line.length > 0 ? ` ${line}` : ""}\n`)
    .join("");
  return `/**\n${body}${indent} */`;
}
