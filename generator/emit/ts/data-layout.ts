/**
 * Data literals (strings, numbers, booleans, null, arrays, object literals and references to
 * code) and modules of data constants, printed in our fixed layout: no width is measured, so a
 * value's layout never depends on its neighbours and an edit touches only its own lines.
 *
 * The rules:
 * - an empty object is `{}`, any other object has one `key: value,` line per entry (trailing
 *   comma), indented by 2 spaces;
 * - an array of at most {@link INLINE_ELEMENTS} scalars (strings, numbers, booleans, null,
 *   references), or of one such array, stays on its line (`["GET", "HEAD"]`, `[["ApiKeyAuth"]]`,
 *   `[]`); any other array has one element per line;
 * - keys are bare when they are identifier names, otherwise quoted with `JSON.stringify`
 *   (`__proto__` is written as a computed key, so it stays an own property); numeric keys
 *   (`200`) are written as numbers; a spread of a shared constant is a `...name,` line;
 * - strings and numbers are written by `JSON.stringify`: spec text is never evaluated as code.
 */
import { namedImportText } from "./import-layout.js";

export type DataValue =
  string | number | boolean | null | readonly DataValue[] | DataObject | DataReference;

/** A key: a string (written bare or quoted), or a number written as a numeric literal (`200: …`). */
export type DataKey = string | number;

/** An object literal: its entries, and spreads of other constants (`...headers2`) among them. */
export class DataObject {
  constructor(readonly entries: readonly (readonly [DataKey, DataValue] | DataSpread)[]) {}
}

/** `...name` in an object literal: the entries of another constant, in their order. */
export class DataSpread {
  constructor(readonly of: DataReference) {}
}

/** Code written as is: an identifier or a member expression (`errorShape1`, `bodyValidators.listPets$400`). */
export class DataReference {
  constructor(readonly code: string) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/.test(code))
      throw new Error(`not an identifier or member expression: ${code}`);
  }
}

/** A reference to `code` (see {@link DataReference}). */
export function reference(code: string): DataReference {
  return new DataReference(code);
}

/**
 * JSON-like `value` (what `JSON.stringify` writes: entries whose value is undefined are left out)
 * as a data literal. Throws on anything JSON cannot write.
 */
export function jsonData(value: unknown): DataValue {
  if (value instanceof DataObject || value instanceof DataReference) return value;
  const scalar = jsonScalar(value);
  if (scalar !== undefined) return scalar;
  if (Array.isArray(value))
    return value.map((element: unknown) => (element === undefined ? null : jsonData(element)));
  return new DataObject(
    Object.entries(value as Record<string, unknown>).flatMap(([key, entry]) =>
      entry === undefined ? [] : [[key, jsonData(entry)] as const],
    ),
  );
}

/**
 * `value` when it is a JSON scalar (null, a string, a boolean, a finite number); undefined when it
 * is an object or an array. Throws on anything else: JSON cannot write it.
 */
function jsonScalar(value: unknown): string | number | boolean | null | undefined {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return value;
  }
  if (typeof value === "object") return undefined;
  throw new Error(`not JSON data: ${typeof value}`);
}

export interface DataImport {
  /** `import * as <namespace> from`, or `import [type] { ...names } from`. */
  readonly namespace?: string;
  readonly names?: readonly string[];
  readonly typeOnly?: boolean;
  readonly from: string;
}

export interface DataConstant {
  /** A one-line JSDoc comment above the statement. */
  readonly doc?: string;
  readonly exported?: boolean;
  readonly name: string;
  readonly type: string;
  readonly value: DataValue;
}

export interface DataModule {
  readonly imports: readonly DataImport[];
  readonly constants: readonly DataConstant[];
}

const INDENT = "  ";
/** The most scalars an array written on one line holds. */
const INLINE_ELEMENTS = 10;

/** The module: its imports, a blank line, then each constant (`[export] const name: Type = value;`). */
export function printDataModule(module: DataModule): string {
  const lines = module.imports.map(importText);
  if (module.imports.length > 0 && module.constants.length > 0) lines.push("");
  for (const constant of module.constants) {
    if (constant.doc !== undefined) lines.push(docComment(constant.doc));
    lines.push(
      `${constant.exported === true ? "export " : ""}const ${constant.name}: ${constant.type} = ${dataText(constant.value)};`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** `value` in the fixed layout; lines after the first are indented relative to the first line's start. */
export function dataText(value: DataValue, indent = ""): string {
  return jsonDataText(value, indent);
}

/**
 * {@link dataText} of {@link jsonData}`(value)`, written straight from `value` (a DataValue, or
 * JSON-like data holding DataValues) without converting it first. The text is made in one list of
 * pieces joined once: a literal nested `n` deep was copied `n` times when each level joined its
 * own lines (Stripe's MCP tables, 8 MB of schemas, about 0.1 s).
 */
export function jsonDataText(value: unknown, indent = ""): string {
  const pieces: string[] = [];
  writeData(pieces, value, indent);
  return pieces.join("");
}

function writeData(out: string[], value: unknown, indent: string): void {
  const scalar = jsonScalar(value);
  if (scalar !== undefined) {
    out.push(JSON.stringify(scalar));
    return;
  }
  if (value instanceof DataReference) {
    out.push(value.code);
    return;
  }
  if (value instanceof DataObject) {
    writeEntries(out, value.entries, indent);
    return;
  }
  if (Array.isArray(value)) {
    if (inlineScalars(value) <= INLINE_ELEMENTS) {
      out.push("[");
      value.forEach((element: unknown, index) => {
        if (index > 0) out.push(", ");
        writeData(out, element === undefined ? null : element, "");
      });
      out.push("]");
      return;
    }
    const inner = indent + INDENT;
    out.push("[\n");
    for (const element of value as unknown[]) {
      out.push(inner);
      writeData(out, element === undefined ? null : element, inner);
      out.push(",\n");
    }
    out.push(indent, "]");
    return;
  }
  // JSON's object: its own enumerable entries, those whose value is undefined left out
  const entries = Object.entries(value as object).filter(([, entry]) => entry !== undefined);
  writeEntries(out, entries, indent);
}

function writeEntries(
  out: string[],
  entries: readonly (readonly [DataKey, unknown] | DataSpread)[],
  indent: string,
): void {
  if (entries.length === 0) {
    out.push("{}");
    return;
  }
  const inner = indent + INDENT;
  out.push("{\n");
  for (const entry of entries) {
    if (entry instanceof DataSpread) out.push(inner, "...", entry.of.code, ",\n");
    else {
      out.push(inner, keyText(entry[0]), ": ");
      writeData(out, entry[1], inner);
      out.push(",\n");
    }
  }
  out.push(indent, "}");
}

/** How many scalars `array` holds (through a sole nested array), or Infinity when it is not written on one line. */
function inlineScalars(array: readonly unknown[]): number {
  if (array.length === 1 && Array.isArray(array[0])) return inlineScalars(array[0] as unknown[]);
  if (
    array.length > INLINE_ELEMENTS ||
    array.some(
      (element) =>
        Array.isArray(element) ||
        (typeof element === "object" && element !== null && !(element instanceof DataReference)),
    )
  )
    return Infinity;
  return array.length;
}

/** A key as source: `name`, `"x-name"`, `200`, or `["__proto__"]` (a `__proto__:` key would set the object's prototype). */
export function keyText(key: DataKey): string {
  if (typeof key === "number") {
    if (!Number.isSafeInteger(key) || key < 0) throw new Error(`not a numeric literal key: ${key}`);
    return String(key);
  }
  if (key === "__proto__") return `[${JSON.stringify(key)}]`;
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

function docComment(text: string): string {
  if (/[\r\n\u2028\u2029]|\*\//.test(text))
    throw new Error(`a one-line comment cannot hold ${JSON.stringify(text)}`);
  return `/** ${text} */`;
}

function importText(entry: DataImport): string {
  if (entry.namespace !== undefined)
    return `import ${entry.typeOnly === true ? "type " : ""}* as ${entry.namespace} from ${JSON.stringify(entry.from)};`;
  return namedImportText(entry.names ?? [], entry.from, entry.typeOnly === true);
}
