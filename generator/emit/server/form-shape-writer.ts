/**
 * Writes form field shapes (generator/model/form-fields.ts) into server.ts. A shape that several
 * fields share (Stripe repeats `expand`, addresses, metadata in hundreds of operations) is written
 * once, as `const formShapeN: FormFieldShape`, and referred to by name: the file stays smaller and
 * the type checker checks each shared literal once.
 */
import type { FormFieldShape } from "../../../templates/server/descriptor.js";
import { literal } from "../ts/literal.js";

/** Shapes whose literal is shorter than this are written inline even when repeated. */
const MIN_SHARED_LENGTH = 60;

function children(shape: FormFieldShape): FormFieldShape[] {
  return [...Object.values(shape.properties ?? {}), ...(shape.additionalProperties ? [shape.additionalProperties] : []), ...(shape.items ? [shape.items] : [])];
}

/** `"name"`, or `["__proto__"]` (a quoted `__proto__` key would set the object's prototype). */
function key(name: string): string {
  return name === "__proto__" ? `[${literal(name)}]` : literal(name);
}

export class FormShapeWriter {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();
  /** The shared shapes, children before the shapes that use them. */
  readonly constants: { readonly name: string; readonly text: string }[] = [];

  constructor(shapes: Iterable<FormFieldShape>) {
    const count = (shape: FormFieldShape): void => {
      const text = literal(shape);
      this.counts.set(text, (this.counts.get(text) ?? 0) + 1);
      children(shape).forEach(count);
    };
    for (const shape of shapes) count(shape);
  }

  /** The source text of `shape`: an object literal, or the name of a shared constant. */
  write(shape: FormFieldShape): string {
    const json = literal(shape);
    const known = this.names.get(json);
    if (known !== undefined) return known;
    const parts: string[] = [];
    for (const [name, value] of Object.entries(shape)) {
      if (value === undefined) continue;
      if (name === "properties") {
        const properties = Object.entries(value as Record<string, FormFieldShape>).map(([property, child]) => `${key(property)}: ${this.write(child)}`);
        parts.push(`properties: { ${properties.join(", ")} }`);
      } else if (name === "additionalProperties" || name === "items") {
        parts.push(`${name}: ${this.write(value as FormFieldShape)}`);
      } else {
        parts.push(`${name}: ${literal(value)}`);
      }
    }
    const text = `{ ${parts.join(", ")} }`;
    if (json.length < MIN_SHARED_LENGTH || (this.counts.get(json) ?? 0) < 2) return text;
    const name = `formShape${this.constants.length + 1}`;
    this.names.set(json, name);
    this.constants.push({ name, text });
    return name;
  }

  /** `{ "field": shape, ... }` for a form's top-level fields. */
  writeFields(fields: Readonly<Record<string, FormFieldShape>>): string {
    return `{ ${Object.entries(fields).map(([name, shape]) => `${key(name)}: ${this.write(shape)}`).join(", ")} }`;
  }
}
