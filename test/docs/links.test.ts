/** Every relative link and anchor in README.md and docs/ resolves. */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  anchorsOf,
  documentationFiles,
  headingSlug,
  linksIn,
  relativeLinks,
  relativeToRoot,
  ROOT,
} from "./markdown.js";

/** The links of `file` (relative to the root) that lead nowhere; `markdown` defaults to its text. */
function brokenLinks(file: string, markdown = readFileSync(join(ROOT, file), "utf8")): string[] {
  const broken: string[] = [];
  for (const link of linksIn(markdown, file)) {
    const [pathPart = "", anchor] = link.target.split("#", 2);
    const self = join(ROOT, file);
    const target = pathPart === "" ? self : resolve(dirname(self), decodeURI(pathPart));
    const where = `${file}:${link.line}: ${link.target}`;
    if (!existsSync(target)) {
      broken.push(`${where} (no file ${relativeToRoot(target)})`);
      continue;
    }
    if (anchor === undefined || anchor === "") continue;
    if (statSync(target).isDirectory() || !target.endsWith(".md")) {
      broken.push(`${where} (an anchor into a file that is not markdown)`);
    } else if (!anchorsOf(target === self ? markdown : readFileSync(target, "utf8")).has(anchor)) {
      broken.push(`${where} (no heading with anchor #${anchor} in ${relativeToRoot(target)})`);
    }
  }
  return broken;
}

describe("documentation links", () => {
  it("builds anchors as GitHub does", () => {
    expect(headingSlug("The generator CLI: `npm run generate`")).toBe(
      "the-generator-cli-npm-run-generate",
    );
    expect(headingSlug("Corpus results (2026-11-22)")).toBe("corpus-results-2026-11-22");
    expect([...anchorsOf("# A\n## A\n```\n# not a heading\n```\n")]).toEqual(["a", "a-1"]);
    expect(anchorsOf('### <a id="rule-x"></a>house/rule-x\n').has("rule-x")).toBe(true);
  });

  it("finds a broken link and a broken anchor, and nothing in code or external URLs", () => {
    const text = [
      "# Title",
      "[a](docs/missing.md) and [b](#nowhere) and [c](#title) and `[d](ignored.md)`",
      "[e](https://example.org) [f](docs/architecture.md#the-pipeline-that-is-not-there)",
      "```md",
      "[g](in-a-block.md)",
      "```",
    ].join("\n");
    expect(brokenLinks("README.md", text)).toEqual([
      "README.md:2: docs/missing.md (no file docs/missing.md)",
      "README.md:2: #nowhere (no heading with anchor #nowhere in README.md)",
      "README.md:3: docs/architecture.md#the-pipeline-that-is-not-there (no heading with anchor #the-pipeline-that-is-not-there in docs/architecture.md)",
    ]);
  });

  it.each(documentationFiles())("%s: every relative link and anchor resolves", (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it("README.md links every page of docs/ and stays short", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const linked = new Set(relativeLinks("README.md").map((link) => link.target.split("#")[0]));
    const pages = documentationFiles().filter((file) => file.startsWith("docs/"));
    expect(pages.filter((page) => !linked.has(page))).toEqual([]);
    expect(readme.split("\n").length).toBeLessThanOrEqual(160);
  });
});
