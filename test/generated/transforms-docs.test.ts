/**
 * A client created with the option `transforms` keeps each method's documentation: an editor's
 * hover over `api.getPetById` shows the operation's summary as on the plain client (the transformed
 * client type is mapped over the client's own keys, generated/transforms.ts).
 */
import { Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { ROOT } from "../generator/cli-helper.js";

const CONSUMER = `import { createPetStoreClient } from "../../generated/client.js";
const base = { baseUrl: "http://127.0.0.1:1" };
const plain = createPetStoreClient(base);
const transformed = createPetStoreClient({ ...base, transforms: { dates: true, int64: "bigint" } });
plain.getPetById;
transformed.getPetById;
transformed.getOrder;
`;

/** The documentation an editor shows on hover at the `n`th occurrence of `text`. */
function hover(project: Project, path: string, text: string, n = 0): string {
  let at = -1;
  for (let i = 0; i <= n; i++) at = CONSUMER.indexOf(text, at + 1);
  const info = project
    .getLanguageService()
    .compilerObject.getQuickInfoAtPosition(path, at + text.length - 1);
  return (info?.documentation ?? []).map((part) => part.text).join("");
}

describe("the transformed client's documentation", () => {
  it("shows each method's summary, as the plain client does", () => {
    const project = new Project({
      tsConfigFilePath: `${ROOT}/tsconfig.json`,
      skipAddingFilesFromTsConfig: true,
    });
    const path = `${ROOT}/test/generated/consumer-docs.ts`;
    project.createSourceFile(path, CONSUMER);
    const plain = hover(project, path, "plain.getPetById");
    expect(plain).not.toBe("");
    expect(hover(project, path, "transformed.getPetById")).toBe(plain);
    expect(hover(project, path, "transformed.getOrder")).toMatch(/\S/);
  }, 60_000);
});
