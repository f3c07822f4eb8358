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
import type { GeneratedFile } from "../file.js";
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
const SLOT_LINE = /^( *)\/\*\* \u0001([a-z]+) ([^\u0002\n]+)\u0002 \*\/\n/gm;

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
  const byName = new Map(model.operations.map((operation) => [operation.name, operation]));
  const filled = new Set<string>();
  let count = 0;
  const result = text.replace(SLOT_LINE, (_line, indent: string, kind: string, name: string) => {
    const operation = byName.get(name);
    const recipe = Object.hasOwn(recipes, kind) ? recipes[kind] : undefined;
    if (operation === undefined || recipe === undefined)
      throw new Error(
        `a doc slot names ${kind} ${name}, which this file's recipes or model do not have`,
      );
    filled.add(`${kind} ${name}`);
    count++;
    return jsDoc(recipe(operation, model.operations))
      .map((doc) => `${indent}${docBlock(doc, indent)}\n`)
      .join("");
  });
  if (count !== slots || filled.size !== slots)
    throw new Error(
      `found ${count} doc slots where ${slots} were printed: generator/emit/ts/operation-doc-slots.ts does not know their shape (a ts-morph update?)`,
    );
  return result;
}

/** `file` with its `slots` operation doc slots (one per operation, or none) filled with each operation's own doc. */
export function fillOperationDocs(
  file: GeneratedFile,
  model: ApiModel,
  slots: number,
): GeneratedFile {
  return {
    path: file.path,
    content: fillDocSlots(file.content, model, slots, { operation: OPERATION_DOC }),
  };
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
