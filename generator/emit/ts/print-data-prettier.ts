/**
 * Prints a module of data constants (`import`s, then `const name: Type = <data literal>;`) in the
 * layout prettier gives it with PRETTIER_OPTIONS and the `babel-ts` parser, without loading
 * prettier: the API descriptor of the server (server-api.ts) is such a module. A data literal is
 * made of strings, numbers, booleans, null, arrays, object literals and references to code
 * (`errorShape1`, `bodyValidators.listPets$400`).
 *
 * The layout is prettier's (src/language-js/print/object.js, array.js, assignment.js, key.js):
 * - an object breaks when it does not fit, or always when it was written "expanded" (prettier
 *   keeps an object broken when its source has a newline after `{`: the emitter chooses);
 * - an array breaks when it does not fit, or always when it has more than one element and all
 *   its elements are objects (or all arrays) with more than one entry each;
 * - `key: value` follows prettier's assignment layouts: a string or member-expression value moves
 *   to its own line after `key:` when it does not fit (unless the key is shorter than 5 columns),
 *   an object, array, identifier or null breaks inside first ("fluid"), booleans and numbers never
 *   move;
 * - keys are unquoted when they are identifier names (quoteProps "as-needed"; number-like keys
 *   stay quoted with the TypeScript parsers), `__proto__` is a computed key (so it stays an own
 *   property), numeric literal keys (`200: …`) are printed as prettier prints numbers, strings are
 *   quoted as prettier quotes them, trailing commas everywhere;
 * - arrays of numbers are filled: as many numbers per line as fit.
 * {@link dataStatementDoc} lays out one `const` statement of such data, with an annotation and
 * `as`/`satisfies` after the value: print-data-statement.ts prints the emitters' other data tables
 * with it.
 *
 * What it does not know for certain (texts whose width prettier counts in ways prettier-text.ts
 * does not measure, such as emoji; non-ASCII identifier keys) makes
 * {@link printDataModule} return `undefined`: the caller then writes {@link dataModuleSource} and
 * formats it with prettier, as before. test/generator/print-data-prettier.test.ts compares both.
 */
import { canBreak, concat, fill, group, hardline, ifBreak, indent, indentIfBreak, join, line, printDoc, softline, type Doc } from "./layout-doc.js";
import { assertMeasurable, prettierNumber, prettierString, textWidth, unquotedKey, UnsupportedLayout } from "./prettier-text.js";

const PRINT_WIDTH = 100;
/** prettier's `tabWidth + 3`: a key narrower than this never has its value moved to the next line. */
const SHORT_KEY_WIDTH = 5;

export type DataValue = string | number | boolean | null | readonly DataValue[] | DataObject | DataReference;

/** A key: a string (written quoted: `"name": …`), or a number written as a numeric literal (`200: …`). */
export type DataKey = string | number;

/** An object literal; `expanded`: written with a newline after `{`, so prettier keeps it broken. */
export class DataObject {
  constructor(
    readonly entries: readonly (readonly [DataKey, DataValue])[],
    readonly expanded = false,
  ) {}
}

/** Code written as is: an identifier or a member expression (`errorShape1`, `bodyValidators.listPets$400`). */
export class DataReference {
  constructor(readonly code: string) {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/.test(code)) throw new Error(`not an identifier or member expression: ${code}`);
  }
}

function isDataArray(value: DataValue): value is readonly DataValue[] {
  return Array.isArray(value);
}

/** A reference to `code` (see {@link DataReference}). */
export function reference(code: string): DataReference {
  return new DataReference(code);
}

/**
 * JSON-like `value` (what `JSON.stringify` writes: entries whose value is undefined are left out)
 * as a data literal; objects are not expanded. Throws on anything JSON cannot write.
 */
export function jsonData(value: unknown): DataValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return value;
  }
  if (value instanceof DataObject || value instanceof DataReference) return value;
  if (Array.isArray(value)) return value.map((element: unknown) => (element === undefined ? null : jsonData(element)));
  if (typeof value === "object") {
    return new DataObject(Object.entries(value as Record<string, unknown>).flatMap(([key, entry]) => (entry === undefined ? [] : [[key, jsonData(entry)] as const])));
  }
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

/** `as T` or `satisfies T` after a value; `type` is the type's layout document (print-types-prettier.ts). */
export interface DataCast {
  readonly operator: "as" | "satisfies";
  readonly type: Doc;
}

/** `[export] const name[: type] = value[ as …][ satisfies …];`, the statement print-data-statement.ts reads back. */
export interface DataStatement {
  readonly exported?: boolean;
  readonly name: string;
  /** The annotation's layout document (a text, or what print-types-prettier.ts lays a type out as). */
  readonly type?: Doc;
  /**
   * prettier's "complex type annotation" (several type arguments, one of them generic: `A<B, C<D>>`):
   * the value then always follows `= ` (its "break-lhs" layout).
   */
  readonly complexType?: boolean;
  readonly value: DataValue;
  /** What follows the value, innermost first. */
  readonly casts?: readonly DataCast[];
}

/** The module in prettier's layout, or `undefined` when that is not known for certain (see above). */
export function printDataModule(module: DataModule): string | undefined {
  try {
    return printDoc(moduleDoc(module), PRINT_WIDTH);
  } catch (error) {
    if (error instanceof UnsupportedLayout) return undefined;
    throw error;
  }
}

/** Why {@link printDataModule} returns `undefined` for `module`, or `undefined` when it does not. */
export function unsupportedDataReason(module: DataModule): string | undefined {
  try {
    moduleDoc(module);
    return undefined;
  } catch (error) {
    if (error instanceof UnsupportedLayout) return error.message;
    throw error;
  }
}

/**
 * The module as valid TypeScript source, not formatted (prettier's input when the printer
 * declines): the same statements, with each expanded object's first key on a line of its own.
 */
export function dataModuleSource(module: DataModule): string {
  const statements = [...module.imports.map(importText), ...(module.imports.length > 0 && module.constants.length > 0 ? [""] : [])];
  for (const constant of module.constants) {
    if (constant.doc !== undefined) statements.push(docComment(constant.doc));
    statements.push(`${constant.exported === true ? "export " : ""}const ${constant.name}: ${constant.type} = ${dataSource(constant.value)};`);
  }
  return `${statements.join("\n")}\n`;
}

/** `value` as source text, on one line except after the `{` of expanded objects. */
export function dataSource(value: DataValue): string {
  if (value instanceof DataReference) return value.code;
  if (value instanceof DataObject) {
    const entries = value.entries.map(([key, entry]) => `${keySource(key)}: ${dataSource(entry)}`);
    if (entries.length === 0) return "{}";
    return value.expanded ? `{\n${entries.map((entry) => `${entry},\n`).join("")}}` : `{ ${entries.join(", ")} }`;
  }
  if (isDataArray(value)) return `[${value.map(dataSource).join(", ")}]`;
  return JSON.stringify(value);
}

/** A key as source: `"name"`, `200`, or `["__proto__"]` (a `__proto__:` key would set the object's prototype). */
function keySource(key: DataKey): string {
  if (typeof key === "number") return numberKeySource(key);
  return key === "__proto__" ? `[${JSON.stringify(key)}]` : JSON.stringify(key);
}

function numberKeySource(key: number): string {
  if (!Number.isFinite(key) || key < 0) throw new Error(`not a numeric literal key: ${key}`);
  return String(key);
}

function docComment(text: string): string {
  if (/[\r\n\u2028\u2029]|\*\//.test(text)) throw new Error(`a one-line comment cannot hold ${JSON.stringify(text)}`);
  return `/** ${text} */`;
}

function importText(entry: DataImport): string {
  const type = entry.typeOnly === true ? "type " : "";
  if (entry.namespace !== undefined) return `import ${type}* as ${entry.namespace} from ${JSON.stringify(entry.from)};`;
  return `import ${type}{ ${(entry.names ?? []).join(", ")} } from ${JSON.stringify(entry.from)};`;
}

function moduleDoc(module: DataModule): Doc {
  const parts: Doc[] = [];
  for (const entry of module.imports) {
    const text = importText(entry);
    assertMeasurable(text);
    // prettier breaks a long import's braces: not needed for the short imports written here
    if (textWidth(text) > PRINT_WIDTH) throw new UnsupportedLayout(`long import ${text}`);
    parts.push(text, hardline);
  }
  if (module.imports.length > 0 && module.constants.length > 0) parts.push(hardline);
  for (const constant of module.constants) {
    if (constant.doc !== undefined) {
      const comment = docComment(constant.doc);
      assertMeasurable(comment);
      parts.push(comment, hardline);
    }
    parts.push(dataStatementDoc(constant), hardline);
  }
  return parts;
}

/**
 * The statement's layout document, up to its `;` (prettier's print/variable-declaration.js and
 * assignment.js; `as`/`satisfies` as print/cast-expression.js writes them). Throws
 * UnsupportedLayout for a text whose width is not measured.
 */
export function dataStatementDoc(statement: DataStatement): Doc {
  assertMeasurable(statement.name);
  if (typeof statement.type === "string") assertMeasurable(statement.type);
  const left = statement.type === undefined ? statement.name : concat([statement.name, ": ", statement.type]);
  const options = { complexType: statement.complexType === true, casts: statement.casts ?? [] };
  return [`${statement.exported === true ? "export " : ""}const `, assignment(left, " =", statement.value, options), ";"];
}

interface AssignmentOptions {
  /** A key narrower than {@link SHORT_KEY_WIDTH}: the value never moves below it. */
  readonly shortKey?: boolean;
  readonly complexType?: boolean;
  readonly casts?: readonly DataCast[];
}

/** `left <operator> value` in the layout prettier's chooseLayout (print/assignment.js) picks. */
function assignment(left: Doc, operator: string, value: DataValue, options: AssignmentOptions = {}): Doc {
  const casts = options.casts ?? [];
  const right = casts.length === 0 ? valueDoc(value) : [valueDoc(value), ...casts.map((cast) => [` ${cast.operator} `, cast.type])];
  return assignmentDoc(left, operator, right, assignmentLayout(casts.length === 0 ? valueKind(value) : "cast", canBreak(left), options));
}

/** The layouts of prettier's print/assignment.js used here (chooseLayout picks one). */
export type AssignmentLayout = "break-after-operator" | "never-break-after-operator" | "fluid" | "break-lhs";

/** `left <operator> right` in `layout`, as prettier's printAssignment writes it. */
export function assignmentDoc(left: Doc, operator: string, right: Doc, layout: AssignmentLayout): Doc {
  switch (layout) {
    case "break-lhs":
      return group([left, operator, " ", group(right)]);
    case "break-after-operator":
      return group([group(left), operator, group(indent([line, right]))]);
    case "never-break-after-operator":
      return group([group(left), operator, " ", right]);
    case "fluid": {
      const id = Symbol("assignment");
      return group([group(left), operator, group(indent(line), { id }), indentIfBreak(right, id)]);
    }
  }
}

/**
 * prettier's choice for the values written here: a string or member expression moves below the
 * operator (unless the key is short), a boolean or number never does (unless the left side can
 * break), anything else (objects, arrays, identifiers, `value as const`) breaks inside first.
 */
function assignmentLayout(kind: ValueKind | "cast", leftCanBreak: boolean, options: AssignmentOptions): "break-lhs" | "break-after-operator" | "never-break-after-operator" | "fluid" {
  if (options.complexType === true) return "break-lhs";
  const shortKey = options.shortKey === true;
  if (!shortKey && (kind === "string" || kind === "member")) return "break-after-operator";
  if (!leftCanBreak && (shortKey || kind === "boolean" || kind === "number")) return "never-break-after-operator";
  return "fluid";
}

type ValueKind = "string" | "number" | "negative" | "boolean" | "null" | "identifier" | "member" | "object" | "array";

function valueKind(value: DataValue): ValueKind {
  if (value === null) return "null";
  if (value instanceof DataReference) return value.code.includes(".") ? "member" : "identifier";
  if (value instanceof DataObject) return "object";
  if (isDataArray(value)) return "array";
  if (typeof value === "number") return value < 0 ? "negative" : "number";
  return typeof value === "string" ? "string" : "boolean";
}

function valueDoc(value: DataValue): Doc {
  if (value === null) return "null";
  if (value instanceof DataReference) return value.code;
  if (value instanceof DataObject) return objectDoc(value);
  if (isDataArray(value)) return arrayDoc(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    // (-0 is written 0, as JSON writes it: String(-0) is "0")
    return value < 0 ? `-${prettierNumber(String(-value))}` : prettierNumber(String(value));
  }
  return stringDoc(value);
}

function stringDoc(value: string): string {
  const text = prettierString(JSON.stringify(value));
  assertMeasurable(text);
  return text;
}

function objectDoc(object: DataObject): Doc {
  if (object.entries.length === 0) return "{}";
  const properties = object.entries.map(([key, value]) => {
    const printed = keyText(key);
    return assignment(printed, ":", value, { shortKey: textWidth(printed) < SHORT_KEY_WIDTH });
  });
  return group(["{", indent([line, join([",", line], properties)]), ifBreak(","), line, "}"], { shouldBreak: object.expanded });
}

/** A key as prettier prints it from {@link keySource}. */
function keyText(key: DataKey): string {
  if (typeof key === "number") return prettierNumber(numberKeySource(key));
  if (key === "__proto__") return `[${stringDoc(key)}]`;
  // a key holding a character no identifier can hold stays quoted, whatever its other characters
  if (/^[0-9]|[^A-Za-z0-9_$\x80-\uffff]/.test(key)) return stringDoc(key);
  const bare = unquotedKey(JSON.stringify(key));
  if (bare !== undefined) return bare;
  return stringDoc(key);
}

function arrayDoc(elements: readonly DataValue[]): Doc {
  if (elements.length === 0) return "[]";
  if (elements.every((element) => typeof element === "number")) return numberArrayDoc(elements as readonly number[]);
  const shouldBreak = elements.length > 1 && (elements.every((element) => element instanceof DataObject && element.entries.length > 1) || elements.every((element) => isDataArray(element) && element.length > 1));
  return group(["[", indent([softline, join([",", line], elements.map((element) => group(valueDoc(element))))]), ifBreak(","), softline, "]"], { shouldBreak });
}

/** An array of numbers, filled as prettier fills it: as many per line as fit (print/array.js, printArrayElementsConcisely). */
function numberArrayDoc(elements: readonly number[]): Doc {
  const id = Symbol("array");
  const parts: Doc[] = [];
  elements.forEach((element, index) => {
    const last = index === elements.length - 1;
    parts.push([valueDoc(element), last ? ifBreak(",", "", id) : ","]);
    if (!last) parts.push(line);
  });
  return group(["[", indent([softline, fill(parts)]), softline, "]"], { id });
}
