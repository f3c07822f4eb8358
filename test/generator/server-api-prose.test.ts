/**
 * server-api.ts, validate.ts and entry/*.ts are cached by the document and the model without prose
 * (cache/cached-emitters.ts): that is only right if they never show a description or summary;
 * mcp.ts by the model without prose, the operations' prose as slots filled afterwards
 * (emit/mcp/mcp-prose-slots.ts; else with only the component schemas without prose); zod.ts and transforms.ts by the model without prose; README.md by the
 * model without the prose it does not show (all but the API's description and the operations'
 * summaries).
 * For the pet store, every fixture spec and the corpus subset (with ../shared), the file made from the prose-free inputs is the file
 * made from the whole ones, and stripping prose really changes the inputs there (so the check
 * compares something).
 */
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { mcpInputs, readmeModel } from "../../generator/cache/cached-emitters.js";
import { RunCaches } from "../../generator/cache/run-caches.js";
import type { EmitInput } from "../../generator/emit/emitters.js";
import type { ApiModel } from "../../generator/model/types.js";
import { emitMcp } from "../../generator/emit/mcp/emit-mcp.js";
import {
  fillReadmeDescription,
  README_DESCRIPTION_SLOT,
} from "../../generator/emit/package/readme-description.js";
import {
  fillMcpProse,
  mapParameters,
  mcpProseSlots,
  withMcpSlots,
} from "../../generator/emit/mcp/mcp-prose-slots.js";
import { mcpTools } from "../../generator/emit/mcp/mcp-tools.js";
import { emitResponseValidation } from "../../generator/emit/client/emit-response-validation.js";
import { emitPackageEntries } from "../../generator/emit/package/emit-entries.js";
import { exampleBaseUrl, packageLicense } from "../../generator/emit/package/package-meta.js";
import { renderReadme } from "../../generator/emit/package/emit-readme.js";
import {
  fillReadmeOperations,
  README_OPERATIONS_SLOT,
} from "../../generator/emit/package/readme-operations.js";
import { emitTransforms } from "../../generator/emit/transforms/emit-transforms.js";
import { emitServerApi } from "../../generator/emit/server/emit-server-api.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { emitZod } from "../../generator/emit/zod/emit-zod.js";
import { buildModel } from "../../generator/model/build-model.js";
import { ROOT } from "./cli-helper.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS, loadLayoutSpec } from "./layout-specs.js";

/** What mcp.ts is made from with a cache: the prose-free model with the operations' prose as slots. */
/** The pet store's model, the run's caches and the README's other inputs. */
async function petStoreReadme() {
  const { document, specHash } = await loadSpec(`${ROOT}spec/openapi.yaml`, ROOT);
  const model = buildModel(document, specHash);
  const readme = {
    baseUrl: exampleBaseUrl(model.servers),
    context: { apiName: "Api", specPath: "spec.yaml" },
    packageName: "api",
    version: "1.0.0",
    license: packageLicense(model.license, []),
  };
  return { model, caches: new RunCaches(), readme };
}

function slottedModel(model: ApiModel, caches: RunCaches): ApiModel {
  const slots = mcpProseSlots(model, caches.proseFree(model), caches, "");
  if (slots === undefined) throw new Error("no spec text here looks like a placeholder");
  return withMcpSlots(caches.proseFree(model), slots);
}

describe("server-api.ts without prose", () => {
  it.each([...LAYOUT_SPECS, ...LAYOUT_CORPUS_SPECS].map((spec) => [relative(ROOT, spec), spec]))(
    "is the same from the prose-free model for %s",
    async (_name, spec) => {
      const { model } = await loadLayoutSpec(spec);
      const whole = emitServerApi(model);
      const caches = new RunCaches();
      const stripped = emitServerApi(caches.proseFree(model));
      expect(stripped).toEqual(whole);
      // validate.ts and entry/*.ts are made from the prose-free model too (cache/cached-emitters.ts)
      const context = { apiName: "Api", specPath: "spec.yaml" };
      expect(emitResponseValidation(caches.proseFree(model), context)).toEqual(
        emitResponseValidation(model, context),
      );
      expect(emitPackageEntries(caches.proseFree(model), context, "api")).toEqual(
        emitPackageEntries(model, context, "api"),
      );
      // mcp.ts is made from the prose-free component schemas and ref targets (cache/cached-emitters.ts)
      const scope = { cwd: ROOT, outDir: "out" };
      const read = mcpInputs({ model, scope, caches } as EmitInput);
      expect(read.model.schemas).not.toBe(model.schemas);
      expect(read.model.refTargets).not.toBe(model.refTargets);
      const mcpWarnings: string[] = [];
      expect(emitMcp(read.model, context, "api", mcpWarnings)).toEqual(
        emitMcp(model, context, "api", []),
      );
      expect(mcpWarnings).toEqual(mcpTools(model).warnings);
      // its tables put in after printing are what ts-morph's writer writes
      expect(emitMcp(model, context, "api", [])).toEqual(
        emitMcp(model, context, "api", [], { writer: true }),
      );
      // and from the prose-free model with the operations' prose as slots, filled from the model
      const slotted = slottedModel(model, caches);
      const slottedWarnings: string[] = [];
      const template = emitMcp(slotted, context, "api", slottedWarnings);
      expect(template.map((file) => fillMcpProse(file, model))).toEqual(
        emitMcp(model, context, "api", []),
      );
      expect(slottedWarnings).toEqual(mcpTools(model).warnings);
      // zod.ts (and its warnings) too, when there is a cache (cache/cached-emitters.ts)
      const zodWarnings: string[] = [];
      const zodWhole: string[] = [];
      expect(emitZod(caches.proseFree(model), context, zodWarnings)).toEqual(
        emitZod(model, context, zodWhole),
      );
      expect(zodWarnings).toEqual(zodWhole);
      // transforms.ts from the prose-free model, README.md from the model without unshown prose
      expect(emitTransforms(caches.proseFree(model), context)).toEqual(
        emitTransforms(model, context),
      );
      const readme = {
        baseUrl: exampleBaseUrl(model.servers),
        context,
        packageName: "api",
        version: "1.0.0",
        license: packageLicense(model.license, []),
      };
      expect(renderReadme({ ...readme, model: readmeModel(model, caches) })).toBe(
        renderReadme({ ...readme, model }),
      );
      // and with the API's description as a slot, filled after (cache/cached-emitters.ts)
      const readmeTemplate = renderReadme({
        ...readme,
        model: { ...readmeModel(model, caches), description: README_DESCRIPTION_SLOT },
      });
      expect(fillReadmeDescription(readmeTemplate, model.description)).toBe(
        renderReadme({ ...readme, model }),
      );
      // and from the prose-free model with the operations table as a slot too (what the cache keeps)
      const bareTemplate = renderReadme({
        ...readme,
        model: { ...caches.proseFree(model), description: README_DESCRIPTION_SLOT },
        operationsSlot: true,
      });
      const filled = fillReadmeOperations(bareTemplate, readmeModel(model, caches), "api");
      expect(filled).toBeDefined();
      expect(fillReadmeDescription(filled!, model.description)).toBe(
        renderReadme({ ...readme, model }),
      );
    },
    60_000,
  );

  it("fills mcp.ts's prose slots with hostile prose, and has no slots when spec text looks like one", async () => {
    const { document, specHash } = await loadSpec(`${ROOT}spec/openapi.yaml`, ROOT);
    const model = buildModel(document, specHash);
    const context = { apiName: "Api", specPath: "spec.yaml" };
    const hostile = [
      "ends */ evil(); /* here",
      'a `template ${literal}` and </script> \\ "quoted"',
      "line\u2028separator\u2029paragraph\r\ncarriage\rreturn \ud800 lone",
      "a slot's look: \u0001summary 0\u0002 \\u0001summary 0\\u0002 \uE002summary 0\uE003",
      "  padded\n\n",
      "",
      "   ",
    ];
    for (const [index, text] of hostile.entries()) {
      const edited: ApiModel = {
        ...model,
        operations: model.operations.map((operation) => ({
          ...operation,
          summary: index % 2 === 0 ? text : operation.summary,
          description: `${text}`,
          parameters: mapParameters(operation, (parameter) => ({
            ...parameter,
            description: text,
          })),
          requestBody:
            operation.requestBody === undefined
              ? undefined
              : { ...operation.requestBody, description: text },
        })),
      };
      const caches = new RunCaches();
      const slotted = slottedModel(edited, caches);
      const whole = emitMcp(edited, context, "api", []);
      expect(emitMcp(edited, context, "api", [], { writer: true })).toEqual(whole);
      expect(
        emitMcp(slotted, context, "api", []).map((file) => fillMcpProse(file, edited)),
      ).toEqual(whole);
      if (text.length > 2) expect(whole[0]?.content).toContain(JSON.stringify(text).slice(1, -1));
      // the slotted file (what the cache stores) is ASCII: one-byte text to store, read and fill
      for (const file of emitMcp(slotted, context, "api", []))
        expect(file.content, file.path).toMatch(/^[\x00-\x7f]*$/);
    }
    // spec text holding the placeholders' character, or the text it is printed as (the version
    // here): no slots, the model whole
    const caches = new RunCaches();
    for (const version of ["\u0001summary 0\u0002", "\\u0001summary 0\\u0002"]) {
      const forged = { ...model, version };
      expect(mcpProseSlots(forged, caches.proseFree(forged), caches, "")).toBeUndefined();
    }
    expect(mcpProseSlots(model, caches.proseFree(model), caches, '"\\u0001"')).toBeUndefined();
    expect(mcpProseSlots(model, caches.proseFree(model), caches, "")).toBeDefined();
    // spec text holding a table's placeholder: the writer writes the file whole, the same bytes
    for (const version of ["__MCP_TOOLS_TABLE__", "__MCP_DEFINITIONS_TABLE__"]) {
      const named = { ...model, version };
      const files = emitMcp(named, context, "api", []);
      expect(files).toEqual(emitMcp(named, context, "api", [], { writer: true }));
      expect(files[0]?.content).toContain(`version: ${JSON.stringify(version)}`);
      expect(files[0]?.content).toContain(
        "export const MCP_TOOLS: readonly McpToolDescriptor[] = [\n  {",
      );
    }
  });

  it("fills the README's description slot with hostile descriptions, and has none when spec text holds it", async () => {
    const { model, caches, readme } = await petStoreReadme();
    const template = renderReadme({
      ...readme,
      model: { ...readmeModel(model, caches), description: README_DESCRIPTION_SLOT },
    });
    for (const description of [
      undefined,
      "",
      "   \n\n  ",
      "## A heading\r\n\r\nsecond paragraph",
      "<script>alert(1)</script> & `code` ${x} \\ \u2028 end",
      "  padded first\nline two\n\n\nthird",
      "\uE010 private use \uE011",
    ]) {
      const whole = renderReadme({ ...readme, model: { ...model, description } });
      expect(fillReadmeDescription(template, description), JSON.stringify(description)).toBe(whole);
    }
    // spec text holding the slot (the title here): no slot, the README is rendered whole
    const forged = renderReadme({
      ...readme,
      model: {
        ...readmeModel(model, caches),
        title: README_DESCRIPTION_SLOT,
        description: README_DESCRIPTION_SLOT,
      },
    });
    expect(fillReadmeDescription(forged, model.description)).toBeUndefined();
  });

  it("fills the README's operations slot with hostile summaries, and has none when spec text holds it", async () => {
    const { model, caches, readme } = await petStoreReadme();
    const template = renderReadme({
      ...readme,
      model: caches.proseFree(model),
      operationsSlot: true,
    });
    expect(template.split(README_OPERATIONS_SLOT)).toHaveLength(2);
    expect(template).not.toContain("## Operations");
    for (const summary of [
      undefined,
      "",
      "   ",
      "A | pipe, `code`, <b>html</b> & ${x} \\ \u2028 \r\n end",
      "wide 日本語 😀 summary, much longer than any other summary in the table so far",
      "\uE012 private use \uE013",
    ]) {
      const edited = {
        ...model,
        operations: model.operations.map((operation, index) =>
          index === 1 ? { ...operation, summary } : operation,
        ),
      };
      expect(fillReadmeOperations(template, edited, "api"), JSON.stringify(summary)).toBe(
        renderReadme({
          ...readme,
          model: { ...caches.proseFree(model), operations: edited.operations },
        }),
      );
    }
    // no operations at all
    const none = { ...caches.proseFree(model), operations: [] };
    expect(
      fillReadmeOperations(
        renderReadme({ ...readme, model: none, operationsSlot: true }),
        none,
        "api",
      ),
    ).toBe(renderReadme({ ...readme, model: none }));
    // spec text holding the slot (the title here): no slot, the README is rendered whole
    const forged = renderReadme({
      ...readme,
      model: { ...caches.proseFree(model), title: README_OPERATIONS_SLOT },
      operationsSlot: true,
    });
    expect(fillReadmeOperations(forged, model, "api")).toBeUndefined();
  });

  it("strips something from the pet store (its operations have descriptions)", async () => {
    const { document, specHash } = await loadSpec(`${ROOT}spec/openapi.yaml`, ROOT);
    const model = buildModel(document, specHash);
    const caches = new RunCaches();
    expect(JSON.stringify(caches.proseFree(document)).length).toBeLessThan(
      JSON.stringify(document).length * 0.9,
    );
    expect(JSON.stringify(caches.proseFree(model))).not.toContain("Returns pets in ascending");
    const slotted = slottedModel(model, caches);
    expect(JSON.stringify(slotted)).not.toContain("Returns pets in ascending");
    expect(JSON.stringify(model)).toContain("Returns pets in ascending");
    expect(JSON.stringify(readmeModel(model, caches))).not.toContain("Returns pets in ascending");
    // what the README shows stays: the operations' summaries
    expect(readmeModel(model, caches).operations.map((operation) => operation.summary)).toEqual(
      model.operations.map((operation) => operation.summary),
    );
  });
});
