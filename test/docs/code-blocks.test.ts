/**
 * Every `ts` code block in README.md and docs/ type-checks (strict) against the generated
 * package, imported as a consumer would (`petstore-api/client`, `petstore-api/server`, ...).
 * A block that is a fragment (it uses names it does not declare) is marked ```` ```ts fragment ````
 * and skipped.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { documentationFiles, parseMarkdown, ROOT } from "./markdown.js";

const TS_LANGUAGES = new Set(["ts", "typescript", "tsx"]);

interface CheckedBlock {
  readonly where: string;
  readonly file: string;
}

/** `paths` for the generated package's exports: `petstore-api/server` → `generated/entry/server.ts`. */
function packagePaths(): Record<string, string[]> {
  const manifest = JSON.parse(readFileSync(join(ROOT, "generated/package.json"), "utf8")) as {
    name: string;
    exports: Record<string, string | { import?: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === "string" ? target : target.import;
    if (file === undefined || !file.endsWith(".js")) continue;
    const source = join(ROOT, "generated", file.replace(/^\.\/dist\//, "").replace(/\.js$/, ".ts"));
    paths[subpath === "." ? manifest.name : `${manifest.name}${subpath.slice(1)}`] = [source];
  }
  return paths;
}

const work = mkdtempSync(join(ROOT, ".tmp-docs-blocks-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeBlocks(): CheckedBlock[] {
  const blocks: CheckedBlock[] = [];
  for (const doc of documentationFiles()) {
    parseMarkdown(readFileSync(join(ROOT, doc), "utf8")).blocks.forEach((block, index) => {
      if (!TS_LANGUAGES.has(block.language) || /\bfragment\b/.test(block.info)) return;
      const file = join(
        work,
        `${doc.replace(/[^\w]+/g, "_")}_${index}.${block.language === "tsx" ? "tsx" : "ts"}`,
      );
      // Each block is its own module, so two blocks may declare the same names.
      writeFileSync(file, `${block.code}\nexport {};\n`);
      blocks.push({ where: `${doc}:${block.line}`, file });
    });
  }
  return blocks;
}

function typeErrors(blocks: readonly CheckedBlock[]): string[] {
  const program = ts.createProgram(
    blocks.map((block) => block.file),
    {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
      types: ["node"],
      typeRoots: [join(ROOT, "node_modules/@types")],
      skipLibCheck: true,
      allowImportingTsExtensions: false,
      // ```tsx blocks (the React examples of docs/query.md and docs/mocks.md)
      jsx: ts.JsxEmit.ReactJSX,
      paths: packagePaths(),
    },
  );
  const byFile = new Map(blocks.map((block) => [block.file, block.where]));
  return ts.getPreEmitDiagnostics(program).flatMap((diagnostic) => {
    const where = diagnostic.file === undefined ? undefined : byFile.get(diagnostic.file.fileName);
    if (where === undefined)
      return [
        `(outside the blocks) ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`,
      ];
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
    const [doc, first] = where.split(":");
    return [
      `${doc}:${Number(first) + line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`,
    ];
  });
}

describe("documentation code blocks", () => {
  const blocks = writeBlocks();

  it("finds the blocks to check (README has at least two)", () => {
    expect(
      blocks.filter((block) => block.where.startsWith("README.md:")).length,
    ).toBeGreaterThanOrEqual(2);
  });

  it("type-check against the generated package", () => {
    expect(typeErrors(blocks)).toEqual([]);
  }, 120_000);

  it("report a block that does not type-check, at its line in the document", () => {
    const file = join(work, "broken.ts");
    writeFileSync(
      file,
      'import { createPetStoreClient } from "petstore-api/client";\nconst n: number = createPetStoreClient;\nexport {};\n',
    );
    expect(typeErrors([{ where: "docs/example.md:10", file }])).toEqual([
      expect.stringMatching(/^docs\/example\.md:11: Type .* is not assignable to type 'number'/),
    ]);
  }, 120_000);
});
