/**
 * types.ts one member at a time: openapi-typescript's transform (`transformSchema`) works per
 * object (a path item, a webhook, one component), and TypeScript's printer prints each statement
 * and each member of a multi-line type on lines of its own, so the file is the concatenation of
 * what each member prints. This module knows how that file is laid out (openapi-typescript 7's
 * private behaviour, hence here): which members there are ({@link typesUnits}), what one member
 * prints when it is transformed alone ({@link printUnit}: its lines in `paths`, `webhooks` or
 * `components`, its entries in the `operations` footer, the helper types it needs), and how the
 * printed parts are put together in the order the whole transform prints them
 * ({@link assembleTypes}). Anything this module does not expect (a section that is not an
 * object, a footer declaration it does not know, a printed statement of another shape) throws
 * {@link UnexpectedLayout}, and the caller prints the whole document instead.
 * test/generator/types-by-member.test.ts checks, on the pet store, the vendored hard specs and
 * corpus specs, that the assembled text is byte for byte the whole transform's: an update of
 * openapi-typescript or TypeScript that changes any of this fails there.
 */
import type ts from "typescript";
import type { GlobalContext } from "openapi-typescript";
import { astToString, openapiTypescriptInternals } from "./openapi-typescript.js";

/** The layout is not the one this module knows: print the whole document instead. */
export class UnexpectedLayout extends Error {}

type Json = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The top-level declarations openapi-typescript prints, in its order. */
const ROOTS = ["paths", "webhooks", "components", "$defs"] as const;
/** The component kinds `transformComponentsObject` types, in its order. */
const KINDS = ["schemas", "responses", "parameters", "requestBodies", "headers", "pathItems"];

/** One member of types.ts: a path item, a webhook, one component, or the whole `$defs`. */
export interface TypesUnit {
  readonly root: (typeof ROOTS)[number];
  /** The component kind (`schemas`, ...), for a component. */
  readonly kind?: string;
  /** The path, webhook or component name; undefined for `$defs`. */
  readonly name?: string;
  readonly value: unknown;
}

/** What one unit prints. */
export interface UnitText {
  /** Its lines inside its root's declaration ("" when it prints none); `$defs`: the declaration. */
  readonly member: string;
  /**
   * The footer declarations it needs, in the order it first needs them: `operations` (with the
   * text of its members: the unit's operations) or a helper type (`WithRequired`, whole).
   */
  readonly footer: readonly { readonly name: string; readonly text: string }[];
}

/** The units of a prepared document, in the order the transform visits them. */
export function typesUnits(schema: Json): TypesUnit[] {
  const units: TypesUnit[] = [];
  for (const root of ROOTS) {
    const section = schema[root];
    if (section === undefined || section === null) continue;
    if (!isPlainObject(section)) throw new UnexpectedLayout(`${root} is not an object`);
    if (root === "$defs") units.push({ root, value: section });
    else if (root === "components") {
      for (const kind of KINDS) {
        const items = section[kind];
        if (items === undefined || items === null) continue;
        if (!isPlainObject(items))
          throw new UnexpectedLayout(`components.${kind} is not an object`);
        for (const [name, value] of Object.entries(items)) units.push({ root, kind, name, value });
      }
    } else for (const [name, value] of Object.entries(section)) units.push({ root, name, value });
  }
  return units;
}

/** The document the transform is given for one unit alone. */
function unitDocument(unit: TypesUnit): Json {
  if (unit.root === "$defs") return { $defs: unit.value };
  const single = { [unit.name ?? ""]: unit.value };
  return unit.root === "components"
    ? { components: { [unit.kind ?? ""]: single } }
    : { [unit.root]: single };
}

const emptyDeclaration = (name: string) => `export type ${name} = Record<string, never>;\n`;

/** `text` without `prefix` and `suffix`, which it must have. */
function between(text: string, prefix: string, suffix: string): string {
  if (
    !text.startsWith(prefix) ||
    !text.endsWith(suffix) ||
    text.length < prefix.length + suffix.length
  )
    throw new UnexpectedLayout(`unexpected declaration: ${text.slice(0, 80)}`);
  return text.slice(prefix.length, text.length - suffix.length);
}

/** The `components` declaration's lines for kinds other than `kind` (none of their members). */
const neverKinds = (kinds: readonly string[]) =>
  kinds.map((kind) => `    ${kind}: never;\n`).join("");

/**
 * What `unit` prints, transformed alone with `ctx` (whose `resolve` and discriminators are the
 * whole document's, and whose footer is the unit's own).
 */
export async function printUnit(unit: TypesUnit, ctx: GlobalContext): Promise<UnitText> {
  const { transformSchema } = await openapiTypescriptInternals();
  const print = await astToString();
  const typescript = (await import("typescript")).default;
  const nodes = transformSchema(unitDocument(unit) as never, ctx);
  const root = ROOTS.indexOf(unit.root);
  const own = print([nodes[root] as ts.Node]);
  let member: string;
  if (unit.root === "$defs") member = own;
  else if (own === emptyDeclaration(unit.root)) member = "";
  else if (unit.root === "components") {
    const at = KINDS.indexOf(unit.kind ?? "");
    member = between(
      own,
      `export interface components {\n${neverKinds(KINDS.slice(0, at))}    ${unit.kind ?? ""}: {\n`,
      `    };\n${neverKinds(KINDS.slice(at + 1))}}\n`,
    );
  } else member = between(own, `export interface ${unit.root} {\n`, "}\n");
  for (const [index, other] of ROOTS.entries()) {
    const node = nodes[index];
    // the other roots are absent from the unit's document: their empty declaration, not printed
    if (index !== root && !(node && isEmptyDeclaration(typescript, node, other)))
      throw new UnexpectedLayout(`${other} printed for a unit of ${unit.root}`);
  }
  const footer: { name: string; text: string }[] = [];
  for (const node of nodes.slice(ROOTS.length)) {
    if (isEmptyDeclaration(typescript, node, "operations")) continue; // no operations
    footer.push(footerEntry(typescript, node, print([node])));
  }
  return { member, footer };
}

/** `export type <name> = Record<string, never>` as the transform makes it for an absent root. */
function isEmptyDeclaration(typescript: typeof ts, node: ts.Node, name: string): boolean {
  return (
    typescript.isTypeAliasDeclaration(node) &&
    node.name.text === name &&
    typescript.isTypeReferenceNode(node.type) &&
    typescript.isIdentifier(node.type.typeName) &&
    node.type.typeName.text === "Record"
  );
}

function footerEntry(
  typescript: typeof ts,
  node: ts.Node,
  text: string,
): { name: string; text: string } {
  if (typescript.isInterfaceDeclaration(node) && node.name.text === "operations")
    return { name: "operations", text: between(text, "export interface operations {\n", "}\n") };
  if (typescript.isTypeAliasDeclaration(node) && node.name.text === "WithRequired")
    return { name: "WithRequired", text };
  throw new UnexpectedLayout(`unexpected footer declaration: ${text.slice(0, 80)}`);
}

/**
 * types.ts as the whole transform prints it, from what each unit of `units` printed (`texts`, in
 * the same order) and which roots the document has.
 */
export function assembleTypes(
  schema: Json,
  units: readonly TypesUnit[],
  texts: readonly UnitText[],
): string {
  const out: string[] = [];
  const members = (select: (unit: TypesUnit) => boolean) =>
    units.map((unit, index) => (select(unit) ? (texts[index]?.member ?? "") : "")).join("");
  for (const root of ["paths", "webhooks"] as const) {
    const inner = isPlainObject(schema[root]) ? members((unit) => unit.root === root) : "";
    out.push(inner === "" ? emptyDeclaration(root) : `export interface ${root} {\n${inner}}\n`);
  }
  const components = schema.components;
  if (!isPlainObject(components)) out.push(emptyDeclaration("components"));
  else {
    out.push("export interface components {\n");
    for (const kind of KINDS) {
      const inner = members((unit) => unit.root === "components" && unit.kind === kind);
      out.push(inner === "" ? `    ${kind}: never;\n` : `    ${kind}: {\n${inner}    };\n`);
    }
    out.push("}\n");
  }
  const defs = members((unit) => unit.root === "$defs");
  out.push(defs === "" ? emptyDeclaration("$defs") : defs);
  const order: string[] = [];
  const helpers = new Map<string, string>();
  const operations: string[] = [];
  for (const text of texts) {
    for (const entry of text.footer) {
      if (!order.includes(entry.name)) order.push(entry.name);
      if (entry.name === "operations") operations.push(entry.text);
      else if (!helpers.has(entry.name)) helpers.set(entry.name, entry.text);
    }
  }
  for (const name of order)
    out.push(
      name === "operations"
        ? `export interface operations {\n${operations.join("")}}\n`
        : (helpers.get(name) ?? ""),
    );
  if (!order.includes("operations")) out.push(emptyDeclaration("operations"));
  return out.join("");
}
