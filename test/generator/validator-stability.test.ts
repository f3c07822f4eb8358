/**
 * Small changes give small diffs in the precompiled validators: adding one operation (with a new
 * component schema, placed first in the spec so that everything after it would shift under
 * numbered names) adds that operation's validator code and exports and changes no other line.
 *
 * Both specs are generated into temp folders; each validator module is cut into its top-level
 * blocks (an import, a module-level definition with the function body that follows it, an export),
 * keyed by the name it defines. Every block of the original output must come back byte for byte
 * and in the same order; every new block must be the new operation's: its exports, and the
 * definitions that only its exports reach.
 */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { generate } from "../../generator/generate.js";

const ROOT = join(import.meta.dirname, "../..");
const NEW_OPERATION = "getPhoto";
const MODULES = [
  "validators/bodies.js",
  "validators/parameters.js",
  "validators/response-headers.js",
];
const DECLARATIONS = MODULES.map((path) => path.replace(/\.js$/, ".d.ts"));

const PHOTO_SCHEMA = {
  type: "object",
  required: ["id", "url"],
  properties: {
    id: { type: "integer", format: "int64", minimum: 1 },
    url: { type: "string", format: "uri", maxLength: 2048 },
    caption: { type: "string", maxLength: 200 },
    petStatus: { $ref: "#/components/schemas/PetStatus" },
    tags: {
      type: "array",
      uniqueItems: true,
      items: { type: "object", properties: { name: { type: "string", enum: ["cute", "blurry"] } } },
    },
  },
};

const PHOTO_OPERATION = {
  get: {
    operationId: NEW_OPERATION,
    tags: ["Pets"],
    summary: "Get a photo",
    description: "Returns one photo.",
    parameters: [
      {
        name: "photoId",
        in: "path",
        required: true,
        schema: { type: "integer", format: "int64", minimum: 1 },
      },
      {
        name: "size",
        in: "query",
        required: false,
        schema: { type: "string", enum: ["small", "large"] },
      },
    ],
    responses: {
      "200": {
        description: "The photo.",
        headers: {
          "X-Photo-Version": {
            description: "Its version.",
            schema: { type: "integer", minimum: 0 },
          },
        },
        content: { "application/json": { schema: { $ref: "#/components/schemas/Photo" } } },
      },
      "404": {
        description: "No such photo.",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  },
};

let work: string;
const before = new Map<string, string>();
const after = new Map<string, string>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "validator-stability-"));
  const text = await readFile(join(ROOT, "spec/openapi.yaml"), "utf8");
  const document = parseDocument(text);
  await writeFile(join(work, "before.yaml"), text);
  // The new path first, the new component first: every later name would shift if names were numbered.
  const paths = document.get("paths") as { items: unknown[] };
  const schemas = document.getIn(["components", "schemas"]) as { items: unknown[] };
  const pathPair = document.createPair("/photos/{photoId}", PHOTO_OPERATION);
  const schemaPair = document.createPair("Photo", PHOTO_SCHEMA);
  paths.items.unshift(pathPair);
  schemas.items.unshift(schemaPair);
  await writeFile(join(work, "after.yaml"), document.toString());
  for (const [name, files] of [
    ["before", before],
    ["after", after],
  ] as const) {
    const outDir = join(work, `out-${name}`);
    await generate({
      specPath: join(work, `${name}.yaml`),
      outDir,
      apiName: "PetStore",
      cwd: work,
    });
    for (const path of [...MODULES, ...DECLARATIONS])
      files.set(path, await readFile(join(outDir, path), "utf8"));
  }
}, 120_000);

afterAll(async () => {
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

interface Block {
  /** The name it defines or exports (`validate$Pet`, `listPets$200`), or the import line. */
  readonly key: string;
  readonly kind: "import" | "definition" | "export";
  readonly text: string;
}

/** Module-level lines: our names all hold a `$`, Ajv's local names (`_errs0`, `data1`) none. */
const TOP_LEVEL =
  /^(?:import .*|export (?:declare )?const ([\w$]+)\b.*|(?:const|function) ([A-Za-z_]+\$[\w$]*)\b.*)$/;

function blocks(text: string): Block[] {
  const result: Block[] = [];
  for (const line of text.split("\n").slice(2)) {
    // slice(2): the two header lines (they carry the spec's hash, the writer's business)
    const match = TOP_LEVEL.exec(line);
    if (match !== null) {
      const kind = line.startsWith("import")
        ? "import"
        : line.startsWith("export")
          ? "export"
          : "definition";
      result.push({ key: match[1] ?? match[2] ?? line, kind, text: line });
    } else if (result.length > 0) {
      const last = result.pop() as Block;
      result.push({ ...last, text: `${last.text}\n${line}` });
    } else {
      result.push({ key: `preamble:${line}`, kind: "import", text: line });
    }
  }
  // Blank lines separate blocks; they belong to none.
  return result.map((block) => ({ ...block, text: block.text.replace(/\n+$/, "") }));
}

/** Names `text` mentions that `defined` holds. */
function mentioned(text: string, defined: ReadonlySet<string>): string[] {
  return [...text.matchAll(/[A-Za-z_][\w$]*/g)]
    .map((match) => match[0])
    .filter((name) => defined.has(name));
}

describe("adding an operation to the spec", () => {
  it.each(MODULES)(
    "%s: keeps every existing block byte for byte and in order; adds only the new operation's",
    (path) => {
      const old = blocks(before.get(path) as string);
      const now = blocks(after.get(path) as string);
      const oldKeys = new Set(old.map((block) => block.key));
      const nowByKey = new Map(now.map((block) => [block.key, block]));
      for (const block of old) {
        expect(nowByKey.get(block.key)?.text, `${path}: ${block.key} changed`).toBe(block.text);
      }
      expect(
        now.map((block) => block.key).filter((key) => oldKeys.has(key)),
        `${path}: order of the existing blocks`,
      ).toEqual(old.map((block) => block.key));

      const added = now.filter((block) => !oldKeys.has(block.key));
      for (const block of added.filter((candidate) => candidate.kind === "export")) {
        expect(block.key, `${path}: an export that is not the new operation's`).toMatch(
          new RegExp(`^(${NEW_OPERATION}\\$|headers\\$)`),
        );
      }
      // Every added definition is reached from an added export, never from an existing block.
      const addedDefinitions = new Set(
        added.filter((block) => block.kind === "definition").map((block) => block.key),
      );
      const reached = new Set<string>();
      const queue = added
        .filter((block) => block.kind === "export")
        .flatMap((block) => mentioned(block.text, addedDefinitions));
      while (queue.length > 0) {
        const name = queue.pop() as string;
        if (reached.has(name)) continue;
        reached.add(name);
        queue.push(...mentioned((nowByKey.get(name) as Block).text, addedDefinitions));
      }
      // A function's schema constants (`schema$<function>`, `schema$<function>$<n>`) are part of it.
      const ownerReached = (name: string): boolean =>
        name.startsWith("schema$") &&
        [name, name.replace(/\$\d+$/, "")].some((candidate) =>
          reached.has(`validate$${candidate.slice("schema$".length)}`),
        );
      expect(
        [...addedDefinitions].filter((name) => !reached.has(name) && !ownerReached(name)),
        `${path}: added definitions no new export reaches`,
      ).toEqual([]);
      for (const block of old) {
        expect(
          mentioned(block.text, addedDefinitions),
          `${path}: ${block.key} uses new code`,
        ).toEqual([]);
      }
    },
  );

  it("adds the new operation's validators (the test would pass vacuously otherwise)", () => {
    const bodies = after.get("validators/bodies.js") as string;
    expect(bodies).toMatch(
      new RegExp(`^export const ${NEW_OPERATION}\\$200 = validate\\$ref\\$Photo;$`, "m"),
    );
    expect(bodies).toMatch(/^function validate\$Photo\(/m);
    expect(bodies).toMatch(/^import \{ jsonEqual \} from /m); // uniqueItems: a helper the spec did not need before
    expect(after.get("validators/parameters.js")).toMatch(
      new RegExp(`^export const ${NEW_OPERATION}\\$params = validate\\$h\\$[0-9a-f]{12};$`, "m"),
    );
    expect(before.get("validators/bodies.js")).not.toMatch(/jsonEqual/);
  });

  it.each(DECLARATIONS)("%s: only adds the new operation's declarations", (path) => {
    const oldLines = (before.get(path) as string).split("\n").slice(2);
    const newLines = (after.get(path) as string).split("\n").slice(2);
    const kept = newLines.filter((line) => oldLines.includes(line));
    expect(kept).toEqual(oldLines);
    for (const line of newLines.filter((candidate) => !oldLines.includes(candidate))) {
      expect(line).toMatch(new RegExp(`^export declare const (${NEW_OPERATION}\\$|headers\\$)`));
    }
  });
});
