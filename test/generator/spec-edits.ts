/** Specs to edit in tests: copies in a temp folder, and the one-line edits a spec author makes. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { parseDocument } from "yaml";

/** A copy of `spec`'s folder (so relative `$ref`s still resolve) in a new temp folder; returns the copy's spec path. */
export function copySpec(
  spec: string,
  prefix = "spec-edit-",
): { readonly dir: string; readonly spec: string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(dirname(spec), join(dir, "spec"), {
    recursive: true,
    filter: (source) => !source.includes("node_modules"),
  });
  return { dir, spec: join(dir, "spec", basename(spec)) };
}

/** Edits the YAML or JSON document at `path` in place (comments and layout of YAML kept). */
export function editSpec(path: string, edit: (document: Record<string, unknown>) => void): void {
  const text = readFileSync(path, "utf8");
  if (path.endsWith(".json")) {
    const document = JSON.parse(text) as Record<string, unknown>;
    edit(document);
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
    return;
  }
  const document = parseDocument(text, { uniqueKeys: false });
  const plain = document.toJS({ maxAliasCount: -1 }) as Record<string, unknown>;
  edit(plain);
  writeFileSync(path, JSON.stringify(plain, null, 2)); // JSON is YAML: the spec stays readable by every loader
}

type Operation = Record<string, unknown> & {
  operationId?: string;
  description?: string;
  summary?: string;
};

/** The operations of a document, in spec order, with their path and method. */
export function operationsOf(
  document: Record<string, unknown>,
): { path: string; method: string; operation: Operation }[] {
  const result: { path: string; method: string; operation: Operation }[] = [];
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of ["get", "put", "post", "delete", "options", "head", "patch", "trace"]) {
      const operation = item?.[method];
      if (operation && typeof operation === "object")
        result.push({ path, method, operation: operation as Operation });
    }
  }
  return result;
}

/** Appends `word` to the description of the `index`-th operation (adding one when it has none), else of `info`. */
export function editDescription(
  document: Record<string, unknown>,
  index: number,
  word: string,
): void {
  const operations = operationsOf(document);
  // a spec whose operations are all in other files ($ref'd path items): the API's description
  const target = (operations[index % Math.max(operations.length, 1)]?.operation ??
    (document.info ??= {})) as Operation;
  target.description = `${target.description ?? "An operation."} ${word}`;
}

/** Adds `maxLength: <n>` to the first string property of the first component schema that has one. */
export function editSchema(document: Record<string, unknown>, n: number): boolean {
  const schemas = ((document.components as Record<string, unknown> | undefined)?.schemas ??
    {}) as Record<string, Record<string, unknown>>;
  for (const schema of Object.values(schemas)) {
    const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
    for (const property of Object.values(properties)) {
      if (property && property.type === "string" && property.$ref === undefined) {
        property.maxLength = n;
        return true;
      }
    }
  }
  return false;
}

/** Adds a GET operation `<id>` at `/<id>` answering 200 with a small JSON object. */
export function addOperation(document: Record<string, unknown>, id: string): void {
  const paths = (document.paths ??= {}) as Record<string, unknown>;
  paths[`/${id}`] = {
    get: {
      operationId: id,
      summary: `The ${id} operation`,
      responses: {
        "200": {
          description: "ok",
          content: {
            "application/json": {
              schema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
            },
          },
        },
      },
    },
  };
}
