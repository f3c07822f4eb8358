/**
 * Values written into generated source. Everything from the spec goes through JSON.stringify
 * (see data-layout.ts), which always yields a valid, inert JavaScript literal: no spec text is
 * ever evaluated as code.
 */
import type { WriterFunction } from "ts-morph";
import { jsonDataText, keyText } from "./data-layout.js";

/**
 * `value` (JSON data) as a literal in the fixed layout: objects one entry per line (data-layout.ts),
 * each line after the first starting with `indent` (what `indentCode` would make of it, at once).
 */
export function literal(value: unknown, indent = ""): string {
  return jsonDataText(value, indent);
}

/** A JS property key: bare when it is a plain identifier, else a quoted string. */
export function propertyKey(name: string): string {
  return keyText(name);
}

/**
 * An object literal of `key: code` entries (code already source text, possibly several lines),
 * in the fixed layout: `{}` when empty, else one entry per line, each line of a value indented
 * one level more.
 */
export function objectCode(entries: readonly (readonly [string, string])[]): string {
  if (entries.length === 0) return "{}";
  return `{\n${entries.map(([key, code]) => `  ${propertyKey(key)}: ${indentCode(code)},\n`).join("")}}`;
}

/**
 * A union type in the fixed layout: one member alone on its line; several each on a line of its
 * own after a leading `| `, starting on the line below (`type A =\n  | B\n  | C`), a member's
 * later lines indented under its first.
 */
export function unionCode(members: readonly string[]): string {
  if (members.length <= 1) return members[0] ?? "never";
  return `\n${members.map((member) => `  | ${indentCode(indentCode(member))}`).join("\n")}`;
}

/** `[export] type name = type;` with the type laid out by {@link unionCode} (no space left after `=`). */
export function typeAliasCode(
  name: string,
  members: readonly string[],
  options: { readonly exported?: boolean; readonly doc?: string } = {},
): string {
  const doc = options.doc === undefined ? "" : `/** ${options.doc.replace(/\*\//g, "*\\/")} */\n`;
  const union = unionCode(members);
  return `${doc}${options.exported === true ? "export " : ""}type ${name} =${union.startsWith("\n") ? "" : " "}${union};`;
}

/** An object type literal of `name: type` members (names already written as keys), one member per line. */
export function typeLiteralCode(members: readonly string[]): string {
  if (members.length === 0) return "{}";
  return `{\n${members.map((member) => `  ${indentCode(member)};\n`).join("")}}`;
}

/** `code` with every line after the first indented one level (2 spaces). */
export function indentCode(code: string): string {
  return code.replace(/\n/g, "\n  ");
}

/** An object literal whose values are already source text (e.g. other literals), one entry per line. */
export function objectWriter(
  entries: readonly (readonly [string, string | WriterFunction])[],
): WriterFunction {
  return (writer) => {
    if (entries.length === 0) {
      writer.write("{}");
      return;
    }
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
