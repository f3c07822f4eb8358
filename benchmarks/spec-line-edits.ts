/**
 * The one-line edits a spec author makes, as text edits of a YAML or JSON spec (the file keeps
 * its layout, as in an editor): a description, one schema (a property added), one operation (a
 * query parameter added). Each takes the original text and a run number `n`, so that every run
 * changes the same line differently. A split spec (DigitalOcean's root file `$ref`s about 2,850
 * others) is edited in the first file, from the root on through its `$ref`s, that has such a line.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

export type LineEdit = (text: string, n: number) => string | undefined;

/** The text with word `n` appended to the first plain one-line value of `key`; undefined when there is none. */
function appendToFirst(key: string, text: string, n: number): string | undefined {
  const yaml = new RegExp(`^(\\s*${key}: )([^|>'"\\s][^\n]*)$`, "m");
  if (yaml.test(text))
    return text.replace(
      yaml,
      (_all, prefix: string, value: string) => `${prefix}${value} edit${n}`,
    );
  const json = new RegExp(`("${key}":\\s*")((?:[^"\\\\]|\\\\.)*)(")`);
  if (json.test(text))
    return text.replace(
      json,
      (_all, open: string, value: string, close: string) => `${open}${value} edit${n}${close}`,
    );
  return undefined;
}

/** Word `n` appended to the first plain one-line description. */
export const editDescriptionLine: LineEdit = (text, n) => appendToFirst("description", text, n);

/** A string property `edit<n>` added, on a line of its own, to the first `properties` map. */
export const editSchemaLine: LineEdit = (text, n) => {
  for (const match of text.matchAll(/^( *)properties:\n( +)(?=[A-Za-z_"'])/gm)) {
    const [all, outer = "", inner = ""] = match;
    if (inner.length <= outer.length) continue; // an empty map: not a block to add to
    const at = match.index + all.length;
    return `${text.slice(0, at)}edit${n}: { type: string }\n${inner}${text.slice(at)}`;
  }
  const json = /("properties":\s*\{)(\s*)(?=")/;
  if (json.test(text))
    return text.replace(
      json,
      (_all, open: string, space: string) =>
        `${open}${space}"edit${n}": { "type": "string" },${space}`,
    );
  return undefined;
};

/** An optional query parameter `edit<n>` added, on a line of its own, to the first `parameters` list. */
export const editParameterLine: LineEdit = (text, n) => {
  const yaml = /^( *)parameters:\n( *)- /m;
  if (yaml.test(text))
    return text.replace(
      yaml,
      (_all, outer: string, inner: string) =>
        `${outer}parameters:\n${inner}- { in: query, name: edit${n}, schema: { type: string } }\n${inner}- `,
    );
  const json = /("parameters":\s*\[)(\s*)(?=\{)/;
  if (json.test(text))
    return text.replace(
      json,
      (_all, open: string, space: string) =>
        `${open}${space}{ "name": "edit${n}", "in": "query", "schema": { "type": "string" } },${space}`,
    );
  return undefined;
};

/** Whether the spec text `$ref`s other files (then its folder is copied, not the file alone). */
export function refsOtherFiles(text: string): boolean {
  return /\$ref["']?:\s*["']?(?!#)[^\s"'#]/.test(text);
}

/** The files `path` `$ref`s, in the order they first appear. */
function referencedFiles(path: string, text: string): string[] {
  const files = new Set<string>();
  for (const match of text.matchAll(/\$ref["']?:\s*["']?([^\s"'#]+)/g)) {
    const target = match[1];
    if (target !== undefined && !/^[a-z]+:/i.test(target))
      files.add(resolve(dirname(path), target));
  }
  return [...files];
}

/**
 * The first file, from `root` on through the files it `$ref`s (breadth first, at most `limit`
 * files read), that `edit` can edit.
 */
export function editableFile(root: string, edit: LineEdit, limit = 500): string | undefined {
  const queue = [root];
  const seen = new Set(queue);
  for (let read = 0; read < queue.length && read < limit; read++) {
    const file = queue[read]!;
    if (!existsSync(file)) continue;
    const text = readFileSync(file, "utf8");
    if (edit(text, 0) !== undefined) return file;
    for (const next of referencedFiles(file, text)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return undefined;
}
