/**
 * Writes form field shapes (generator/model/form-fields.ts) into the API descriptor (server-api.ts).
 * A shape that several fields share (Stripe repeats `expand`, addresses, metadata in hundreds of
 * operations) is written once, as `const formShapeN: FormFieldShape`, and referred to by name: the
 * file stays smaller and the type checker checks each shared literal once.
 */
import type { FormFieldShape } from "../../../templates/server/core/descriptor.js";
import { DataObject, jsonData, reference, type DataValue } from "../ts/data-layout.js";

/** Shapes whose literal is shorter than this are written inline even when repeated. */
const MIN_SHARED_LENGTH = 60;

function children(shape: FormFieldShape): FormFieldShape[] {
  return [
    ...Object.values(shape.properties ?? {}),
    ...(shape.additionalProperties ? [shape.additionalProperties] : []),
    ...(shape.items ? [shape.items] : []),
  ];
}

export class FormShapeWriter {
  private readonly counts = new Map<string, number>();
  private readonly names = new Map<string, string>();
  /** The shared shapes, children before the shapes that use them. */
  readonly constants: { readonly name: string; readonly value: DataValue }[] = [];

  constructor(shapes: Iterable<FormFieldShape>) {
    const count = (shape: FormFieldShape): void => {
      const text = JSON.stringify(shape);
      this.counts.set(text, (this.counts.get(text) ?? 0) + 1);
      children(shape).forEach(count);
    };
    for (const shape of shapes) count(shape);
  }

  /** `shape` as a data literal: an object literal, or a reference to a shared constant. */
  write(shape: FormFieldShape): DataValue {
    const json = JSON.stringify(shape);
    const known = this.names.get(json);
    if (known !== undefined) return reference(known);
    const entries: [string, DataValue][] = [];
    for (const [name, value] of Object.entries(shape)) {
      if (value === undefined) continue;
      if (name === "properties") {
        entries.push([
          name,
          new DataObject(
            Object.entries(value as Record<string, FormFieldShape>).map(([property, child]) => [
              property,
              this.write(child),
            ]),
          ),
        ]);
      } else if (name === "additionalProperties" || name === "items") {
        entries.push([name, this.write(value as FormFieldShape)]);
      } else {
        entries.push([name, jsonData(value)]);
      }
    }
    const value = new DataObject(entries);
    if (json.length < MIN_SHARED_LENGTH || (this.counts.get(json) ?? 0) < 2) return value;
    const name = `formShape${this.constants.length + 1}`;
    this.names.set(json, name);
    this.constants.push({ name, value });
    return reference(name);
  }

  /** `{ "field": shape, ... }` for a form's top-level fields. */
  writeFields(fields: Readonly<Record<string, FormFieldShape>>): DataObject {
    return new DataObject(Object.entries(fields).map(([name, shape]) => [name, this.write(shape)]));
  }
}
