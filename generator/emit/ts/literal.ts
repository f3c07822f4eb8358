/**
 * Values written into generated source. Everything from the spec goes through JSON.stringify,
 * which always yields a valid, inert JavaScript literal: no spec text is ever evaluated as code.
 */
import type { WriterFunction } from "ts-morph";

export function literal(value: unknown): string {
  return JSON.stringify(value);
}

/** A JS property key: bare when it is a plain identifier, else a quoted string. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/** An object literal whose values are already source text (e.g. other literals). */
export function objectWriter(entries: readonly (readonly [string, string | WriterFunction])[]): WriterFunction {
  return (writer) => {
    writer.write("{").indent(() => {
      for (const [key, value] of entries) {
        writer.write(`${propertyKey(key)}: `);
        if (typeof value === "string") writer.write(value);
        else value(writer);
        writer.write(",").newLine();
      }
    });
    writer.write("}");
  };
}
