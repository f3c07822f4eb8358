/**
 * The operations' prose in mcp.ts as slots: the tool table shows each operation's summary (the
 * tool's title, and the start of its description), its description, and its parameters' and
 * request body's descriptions (inside the input schema), all in string literals. With a cache,
 * mcp.ts is made from {@link withMcpSlots}, the model without prose in which each of these
 * texts is a placeholder (control characters around what it stands for), and
 * {@link fillMcpProse} writes each text where its placeholder is, escaped as the literal's
 * `JSON.stringify` escapes it. The placeholders stand where the texts would be, with the same
 * presence (a summary or description blank once trimmed has none, as the emitter leaves it out),
 * so an edit of an operation's prose refills the table without converting a schema or printing
 * anything with ts-morph. test/generator/server-api-prose.test.ts checks the filled file is the
 * one made from the whole model.
 *
 * A placeholder is a control character (U+0001) before its id and another (U+0002) after it,
 * which the literals print escaped (`\u0001`, `\u0002`, as `JSON.stringify` escapes them): the
 * slotted file is ASCII (Stripe's prose is not), so its 8 MB are stored, read back and filled as
 * one-byte text (a private-use character made it two-byte: twice the bytes to decode, copy and
 * scan). It is told from spec text by that escape: when the JSON of any value of the prose-free
 * model, or `fixed` (the package name, the context), holds it (the character itself, or a
 * backslash before `u0001`), there are no slots ({@link mcpProseSlots} gives undefined) and mcp.ts
 * is made from the model whole.
 *
 * This module imports no ts-morph code: filling loads neither it nor TypeScript.
 */
import type { RunCaches } from "../../cache/run-caches.js";
import type {
  ApiModel,
  OperationModel,
  ParameterLocation,
  ParameterModel,
} from "../../model/types.js";
import { piecedFile, type GeneratedFile } from "../file.js";

const OPEN = "\u0001";
const CLOSE = "\u0002";
/** How the literals print {@link OPEN} (what spec text must not hold for slots to be told from it). */
const PRINTED_OPEN = JSON.stringify(OPEN).slice(1, -1);
/** How the literals print {@link CLOSE}: a placeholder's id, between the two, holds no backslash. */
const PRINTED_CLOSE = JSON.stringify(CLOSE).slice(1, -1);

/** The text a summary or a description gives the tools: trimmed, none when blank (emit/mcp/mcp-tools.ts). */
const trimmed = (text: string | undefined): string | undefined => text?.trim() || undefined;

/** Which prose texts of the model the tools show: the ids of their slots (`summary 3`, `parameter 3 query 0`, ...). */
export interface McpSlots {
  readonly ids: readonly string[];
}

/**
 * The slots of `model`'s prose texts that the tools show (each present exactly when the text is);
 * undefined when spec text could pass for a placeholder: the JSON of a value of `bare` (the model
 * without prose) or `fixed` (the rest of what mcp.ts prints: package name, context, as JSON)
 * holding its printed opening.
 */
export function mcpProseSlots(
  model: ApiModel,
  bare: ApiModel,
  caches: RunCaches,
  fixed: string,
): McpSlots | undefined {
  if (
    fixed.includes(PRINTED_OPEN) ||
    Object.values(bare).some((value) => caches.jsonText(value).includes(PRINTED_OPEN))
  )
    return undefined;
  const ids: string[] = [];
  model.operations.forEach((operation, index) => {
    if (trimmed(operation.summary) !== undefined) ids.push(`summary ${index}`);
    if (trimmed(operation.description) !== undefined) ids.push(`description ${index}`);
    mapParameters(operation, (parameter, location, at) => {
      if (parameter.description !== undefined) ids.push(`parameter ${index} ${location} ${at}`);
      return parameter;
    });
    if (operation.requestBody?.description !== undefined) ids.push(`body ${index}`);
  });
  return { ids };
}

/**
 * `bare` (the model without prose) with a placeholder where each of `slots` is: what mcp.ts is
 * made from with a cache, a function of `bare` and `slots` alone (so what the emitter reads of
 * them is its cache key).
 */
export function withMcpSlots(bare: ApiModel, slots: McpSlots): ApiModel {
  const present = new Set(slots.ids);
  const slot = (id: string) => (present.has(id) ? `${OPEN}${id}${CLOSE}` : undefined);
  const operations = bare.operations.map((operation, index): OperationModel => ({
    ...operation,
    summary: slot(`summary ${index}`),
    description: slot(`description ${index}`),
    parameters: mapParameters(operation, (parameter, location, at) => ({
      ...parameter,
      description: slot(`parameter ${index} ${location} ${at}`),
    })),
    requestBody:
      operation.requestBody === undefined
        ? undefined
        : { ...operation.requestBody, description: slot(`body ${index}`) },
  }));
  // the other keys read through (not copied): the cache records only those the emitter reads,
  // not the spec's hash, say
  return new Proxy(bare, {
    get: (target, key) => (key === "operations" ? operations : Reflect.get(target, key)),
  });
}

/** `operation`'s parameters, each mapped by `map` (given its location and index there). */
export function mapParameters(
  operation: OperationModel,
  map: (parameter: ParameterModel, location: ParameterLocation, at: number) => ParameterModel,
): OperationModel["parameters"] {
  const mapped = (location: ParameterLocation) =>
    operation.parameters[location].map((parameter, at) => map(parameter, location, at));
  return {
    path: mapped("path"),
    query: mapped("query"),
    header: mapped("header"),
    cookie: mapped("cookie"),
  };
}

/**
 * `file` (made from {@link withMcpSlots}) with each placeholder replaced by the text of `model` it
 * stands for, as pieces (emit/file.ts `piecedFile`): the text between slots is cut from the slotted
 * file, one byte a character, and never copied into one string.
 */
export function fillMcpProse(file: GeneratedFile, model: ApiModel): GeneratedFile {
  const { content } = file;
  const pieces: string[] = [];
  let from = 0;
  for (
    let open = content.indexOf(PRINTED_OPEN);
    open >= 0;
    open = content.indexOf(PRINTED_OPEN, from)
  ) {
    const start = open + PRINTED_OPEN.length;
    const close = content.indexOf(PRINTED_CLOSE, start);
    const id = close < 0 ? "" : content.slice(start, close);
    if (close < 0 || id.includes("\\"))
      throw new Error(`mcp.ts has a prose slot at ${open} that does not close`);
    const text = proseOf(model, id);
    if (text === undefined)
      throw new Error(`mcp.ts has a prose slot (${id}) that the model has no text for`);
    // the text inside the string literal the placeholder stands in: as JSON.stringify writes it
    pieces.push(content.slice(from, open), JSON.stringify(text).slice(1, -1));
    from = close + PRINTED_CLOSE.length;
  }
  pieces.push(content.slice(from));
  return piecedFile(file.path, pieces);
}

function proseOf(model: ApiModel, id: string): string | undefined {
  const [kind, index, location, at] = id.split(" ");
  const operation = model.operations[Number(index)];
  if (operation === undefined) return undefined;
  if (kind === "summary") return trimmed(operation.summary);
  if (kind === "description") return trimmed(operation.description);
  if (kind === "body") return operation.requestBody?.description;
  if (
    kind === "parameter" &&
    location !== undefined &&
    Object.hasOwn(operation.parameters, location)
  )
    return operation.parameters[location as ParameterLocation][Number(at)]?.description;
  return undefined;
}
