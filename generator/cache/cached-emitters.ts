/**
 * The TypeScript emitters (types, client, response validation, server, query, package entries)
 * and the README, each through {@link tracedEmit}: after an edit, an emitter runs again only when
 * a part of the document or the model it read has changed. Each emitter module is imported when
 * it runs, so a run whose emitters all come from the cache loads neither TypeScript, ts-morph
 * nor openapi-typescript. Without a cache (`--no-cache`) every emitter runs.
 */
import type { EmitInput, TypesDocument } from "../emit/emitters.js";
import type { OperationModel } from "../model/types.js";
import type { GeneratedFile } from "../emit/file.js";
import type { ReadmeInput } from "../emit/package/emit-readme.js";
import {
  fillReadmeDescription,
  README_DESCRIPTION_SLOT,
} from "../emit/package/readme-description.js";
import { fillReadmeOperations } from "../emit/package/readme-operations.js";
import { computeToolHash } from "../write/inputs-hash.js";
import { CachePack, sha256Hex } from "./cache-pack.js";
import { PartCache, sharedPartKey } from "./cached-parts.js";
import type { RunCaches } from "./run-caches.js";
import { schemaBlindBody, schemaBlindView, type BlindTo } from "./schema-blind.js";
import { tracedEmit, type EmitInputs } from "./traced-emit.js";

/**
 * Where the cache is (the working directory) and which output folder it is for, with what that
 * folder already holds (write/known-hashes.ts `outputHolds`: the packs hand such files back
 * lazy); undefined: no cache.
 */
export type CacheScope =
  | {
      readonly cwd: string;
      readonly outDir: string;
      readonly outputHolds?: (path: string, origin: string) => boolean;
    }
  | undefined;

/**
 * Top-level sections of a document that openapi-typescript does not type: it types `paths`,
 * `webhooks`, `components` and `$defs`, resolving `$ref`s into any of them. The document the
 * types are made from leaves these out (unless a `$ref` points into one), so that editing them
 * reuses the types from the cache; test/generator/cached-emitters.test.ts checks that leaving
 * them out never changes types.ts.
 */
const UNTYPED_SECTIONS = ["info", "servers", "tags", "externalDocs", "security"];

/** `document` without its {@link UNTYPED_SECTIONS} (same values, no copy). */
export function typedSections(document: TypesDocument, caches: RunCaches): Record<string, unknown> {
  const kept = Object.entries(document).filter(([key]) => !UNTYPED_SECTIONS.includes(key));
  // the kept sections' texts are the ones their cache key is hashed from (traced-emit.ts): made once
  const texts = kept.map(([, value]) => caches.jsonText(value));
  const referenced = new Set(
    UNTYPED_SECTIONS.filter((section) => texts.some((text) => text.includes(`"#/${section}`))),
  );
  return Object.fromEntries(
    Object.entries(document).filter(
      ([key]) => !UNTYPED_SECTIONS.includes(key) || referenced.has(key),
    ),
  );
}

/** The pack `name` of the output folder's cache, salted with the generator's own hash; undefined without a cache. */
export async function openScopedPack(
  name: string,
  scope: CacheScope,
): Promise<CachePack | undefined> {
  if (scope === undefined) return undefined;
  const pack = CachePack.open(
    scope.cwd,
    `${name}/${sha256Hex(scope.outDir).slice(0, 24)}`,
    await computeToolHash(),
  );
  pack.outputHolds = scope.outputHolds;
  return pack;
}

const pack = (name: string, scope: CacheScope) => openScopedPack(`emit/${name}`, scope);

export async function cachedTypes(
  { scope, caches }: EmitInput,
  document: TypesDocument,
): Promise<GeneratedFile[]> {
  const typesPack = await pack("types", scope);
  // without a cache the whole document is typed: no projection (and no serialization) to pay for
  const typed = typesPack === undefined ? document : typedSections(document, caches);
  return tracedEmit(typesPack, caches, { document: typed }, "types", async (inputs) => {
    const { emitTypes } = await import("../emit/emit-types.js");
    // a plain copy of the top level: the emitter clones the document, which a proxy cannot be;
    // each path item, webhook and component printed again only when it changed (types-by-member.ts)
    return emitTypes(
      { ...inputs.document } as Record<string, unknown>,
      await pack("types-members", scope),
    );
  });
}

/** `emit(inputs)` through the emit cache's pack `name`, keyed by what it read and by `fixed` (the context). */
async function traced<I extends EmitInputs>(
  name: string,
  { scope, caches, context }: EmitInput,
  inputs: I,
  emit: (inputs: I) => Promise<readonly GeneratedFile[]>,
  fixed = JSON.stringify(context),
): Promise<GeneratedFile[]> {
  return tracedEmit(await pack(name, scope), caches, inputs, fixed, emit);
}

/**
 * mcp.ts and entry/mcp.ts, with the warnings about tools left out (cached with the files: working
 * them out converts every tool's schemas, seconds on a large spec). The tool table shows the
 * operations' prose (summaries, descriptions, parameter and body descriptions) and converts
 * schemas with the validators' rule, which drops `description` and `title`: with a cache it is
 * made from the model without prose in which the operations' prose are placeholders
 * (emit/mcp/mcp-prose-slots.ts), filled from the model afterwards, so an edit of an operation's
 * or a schema's description reuses it without ts-morph (test/generator/server-api-prose.test.ts
 * checks the files are the same either way).
 */
export async function cachedMcp(input: EmitInput, packageName: string): Promise<GeneratedFile[]> {
  // the package name is printed in MCP_API: part of the key, like the context
  const fixed = JSON.stringify([input.context, packageName]);
  const emitMcp = async () => (await import("../emit/mcp/emit-mcp.js")).emitMcp;
  if (input.scope === undefined)
    return (await emitMcp())(input.model, input.context, packageName, input.warnings);
  const prose = await import("../emit/mcp/mcp-prose-slots.js");
  const bare = proseFreeModel(input);
  const slots = prose.mcpProseSlots(input.model, bare, input.caches, fixed);
  const mcpPack = await pack("mcp", input.scope);
  // on a miss (a structural edit) each tool is made again only when its operation changed, or
  // a value of the model its schemas are converted with (`source`'s, the same as the emitter's);
  // the parts' pack (8.8 MB on Stripe) is read only then
  const emit = async (model: EmitInput["model"], source: object, warnings: string[]) => {
    const partsPack = await pack("mcp-parts", input.scope);
    if (partsPack === undefined)
      return (await emitMcp())(model, input.context, packageName, warnings);
    // the version is read by every tool; the schemas and ref targets by reach (model/schema-reach.ts)
    const parts = new PartCache(
      partsPack,
      sharedPartKey(input.caches, source, ["openapiVersion"], fixed),
    );
    const { SchemaReach } = await import("../model/schema-reach.js");
    // the same instance as the mocks' parts (the same prose-free model): hashed once
    const reach = input.caches.derived(
      source,
      "schema reach",
      () => new SchemaReach(source as EmitInput["model"]),
    );
    const reads = {
      tool: (operation: OperationModel) => reach.fingerprint([operation]),
      definitions: (names: readonly string[]) => reach.schemasFingerprint(names),
    };
    const files = (await emitMcp())(model, input.context, packageName, warnings, {
      parts,
      reads,
    });
    parts.save();
    return files;
  };
  if (slots === undefined) {
    const inputs = mcpInputs(input);
    return tracedEmit(
      mcpPack,
      input.caches,
      inputs,
      fixed,
      (read, warnings) => emit(read.model, inputs.model, warnings),
      input.warnings,
    );
  }
  // keyed by the prose-free model (its hashes shared with the other emitters) and the slots
  const files = await tracedEmit(
    mcpPack,
    input.caches,
    { model: bare, slots },
    fixed,
    (read, warnings) => emit(prose.withMcpSlots(read.model, read.slots), bare, warnings),
    input.warnings,
  );
  return files.map((file) => prose.fillMcpProse(file, input.model));
}

/**
 * zod.ts, with its warnings (what a Zod schema cannot say), cached like the others. It shows no
 * description or summary of the spec, so with a cache it is made from the model without prose, and a prose edit (a schema's description: on Stripe, 0.8 s of a warm edit) reuses
 * it without loading ts-morph (test/generator/server-api-prose.test.ts checks the file and the
 * warnings are the same either way). On a miss (a structural edit) each component's schema and
 * each operation's entry is made again only when its converted schema changed (pack
 * "zod-parts": the parts' keys cover all they read, emit/zod/emit-zod.ts).
 */
export async function cachedZod(input: EmitInput): Promise<GeneratedFile[]> {
  const fixed = JSON.stringify(input.context);
  return tracedEmit(
    await pack("zod", input.scope),
    input.caches,
    { model: proseFreeModel(input) },
    fixed,
    async (read, warnings) => {
      const { emitZod } = await import("../emit/zod/emit-zod.js");
      // the parts' pack is read only on a miss
      const partsPack = await pack("zod-parts", input.scope);
      if (partsPack === undefined) return emitZod(read.model, input.context, warnings);
      const parts = new PartCache(partsPack, sharedPartKey(input.caches, read.model, [], fixed));
      const files = emitZod(read.model, input.context, warnings, parts);
      parts.save();
      return files;
    },
    input.warnings,
  );
}

/**
 * What the MCP emitter is given when its prose cannot be slots (emit/mcp/mcp-prose-slots.ts):
 * without a cache the model whole; with one the model with prose-free component schemas and ref
 * targets (its operations keep their prose, which the tools show).
 */
export function mcpInputs({ model, scope, caches }: EmitInput): {
  readonly model: EmitInput["model"];
} {
  if (scope === undefined) return { model };
  const { schemas, refTargets } = caches.proseFree(model);
  return { model: { ...model, schemas, refTargets } };
}

/**
 * client.ts, raw-client.ts and operations.ts (the per-operation functions over the client core:
 * pay for what you use). The only prose they show is the operations' docs, printed as slots
 * (emit/ts/operation-doc-slots.ts): with a cache the files are made from the model without prose
 * and their slots filled from the model, so an edit of an operation's description or summary
 * fills the slots again without ts-morph (test/generator/operation-doc-slots.test.ts checks the
 * files are the same either way).
 */
export const cachedClient = (input: EmitInput): Promise<GeneratedFile[]> =>
  withDocSlots(
    "client",
    input,
    async (model) => {
      const parts = await operationParts("operations-parts", input);
      const files = [
        ...(await import("../emit/client/emit-client.js")).clientTemplates(model, input.context),
        (await import("../emit/client/emit-operations.js")).operationsTemplate(
          model,
          input.context,
          parts?.store,
          parts?.reads,
        ),
      ];
      parts?.store.save();
      return files;
    },
    async () => (await import("../emit/client/client-doc-slots.js")).fillClientDocs,
  );

/**
 * The model's values left out of an operation part's shared key: those its own key covers (its
 * operation and the schemas it reaches), and the spec's hash, which every edit changes and no
 * emitter prints.
 */
const OPERATION_PART_OWN = new Set(["operations", "schemas", "refTargets", "specHash"]);

/**
 * Per-operation parts of an emitter (pack `name`; undefined without a cache). The store's shared
 * key covers the context and every value of `model` but its operations, schemas and hash (the
 * security schemes, the API's security, ...); each part's key, `reads(operation)`, covers its
 * operation; what it read of the schemas and ref targets is kept with it and checked
 * (emit/client/schema-reads.ts). An operation's edit misses its own part, a schema's edit only
 * the parts that read that schema. The emitter must be given the model without prose
 * ({@link proseFreeModel}), whose operations these keys are made of.
 */
async function operationParts(
  name: string,
  input: EmitInput,
): Promise<{ store: PartCache; reads: (operation: OperationModel) => string } | undefined> {
  const partsPack = await pack(name, input.scope);
  if (partsPack === undefined) return undefined;
  // the model the emitter is given, not its traced proxy: the keys' reads are not the emitter's
  const model = proseFreeModel(input);
  const shared = Object.keys(model).filter((key) => !OPERATION_PART_OWN.has(key));
  const store = new PartCache(
    partsPack,
    sharedPartKey(input.caches, model, shared, JSON.stringify(input.context)),
  );
  // what a part reads of the schemas and ref targets is recorded with it (emit/client/schema-reads.ts)
  const reads = (operation: OperationModel) => input.caches.jsonText(operation);
  return { store, reads };
}

/**
 * Files whose only prose is in doc slots (emit/ts/operation-doc-slots.ts): `template` made from
 * the model without prose through the emit cache's pack `name`, and blind to the request bodies'
 * schemas ({@link tracedBlind}; from the model whole without a cache: no copy to pay for), then
 * each file's slots filled from the model by the function
 * `filler` loads (a module without ts-morph, so a hit loads none). `fixed`: the key's text besides
 * the model's values (the context, by default).
 */
async function withDocSlots(
  name: string,
  input: EmitInput,
  template: (model: EmitInput["model"]) => Promise<GeneratedFile[]>,
  filler: () => Promise<(file: GeneratedFile, model: EmitInput["model"]) => GeneratedFile>,
  fixed?: string,
): Promise<GeneratedFile[]> {
  const templates =
    input.scope === undefined
      ? await template(input.model)
      : await tracedBlind(name, input, {}, template, fixed);
  const fill = await filler();
  return templates.map((file) => fill(file, input.model));
}

/**
 * validate.ts and entry/*.ts show no description or summary of the spec: with a cache they are
 * made from the model without prose, like server-api.ts (test/generator/server-api-prose.test.ts
 * checks the files are the same either way), so an operation's description edit reuses them.
 * validate.ts reads of a body or a response only its media types and whether each has a schema,
 * and nothing of the parameters, so an edit inside one, or a parameter's, reuses it too
 * ({@link tracedBlind}).
 */
export const cachedResponseValidation = async (input: EmitInput): Promise<GeneratedFile[]> => {
  const emit = async (model: EmitInput["model"]) =>
    (await import("../emit/client/emit-response-validation.js")).emitResponseValidation(
      model,
      input.context,
    );
  return input.scope === undefined
    ? emit(input.model)
    : tracedBlind("response-validation", input, { responses: true, parameters: true }, emit);
};

/**
 * `emit(model)`'s files through the emit cache's pack `name`, keyed by what it read of the model
 * without prose; when that changed, looked for again in pack `<name>-blind`, keyed by what it read
 * of the model's view blind to the request bodies' (and the responses') schemas
 * (schema-blind.ts: an emitter given the view must print what it prints from the model, which
 * test/generator/schema-blind.test.ts checks on every layout spec). So an edit inside an
 * operation's own body schema (DigitalOcean's request bodies are files of their own) reuses the
 * files of the emitters that only name or count those schemas. The view is only made on the first
 * key's miss: its text is not shared with the other emitters (hashing it took about 35 ms on
 * DigitalOcean), where the model's is.
 */
async function tracedBlind(
  name: string,
  input: EmitInput,
  blind: BlindTo,
  emit: (model: EmitInput["model"]) => Promise<readonly GeneratedFile[]>,
  fixed?: string,
): Promise<GeneratedFile[]> {
  const model = proseFreeModel(input);
  return traced(
    name,
    input,
    { model },
    (read) =>
      traced(
        `${name}-blind`,
        input,
        { model: schemaBlindView(model, read.model, blind, input.caches) },
        (view) => emit(view.model),
        fixed,
      ),
    fixed,
  );
}

/** The model without prose when there is a cache to key (without one: the model, no copy to pay for). */
function proseFreeModel({ model, scope, caches }: EmitInput): EmitInput["model"] {
  return scope === undefined ? model : caches.proseFree(model);
}

/**
 * server.ts, made like the client's files: its only prose is the handler methods' docs, printed
 * as slots (emit/ts/operation-doc-slots.ts) and filled from the model.
 */
export async function cachedServer(input: EmitInput): Promise<GeneratedFile[]> {
  // the one fact the template takes from the component schemas, in the key instead of them: a
  // schema edit reuses the template (the handler types name schemas, they do not show them);
  // traced itself, so that a run that changed none of what it reads does not work it out
  const [fact] =
    input.scope === undefined
      ? []
      : await traced(
          "server-transformable",
          input,
          { model: proseFreeModel(input) },
          async (read) => {
            const { isTransformable } = await import("../emit/transforms/operation-transforms.js");
            return [{ path: "transformable", content: String(isTransformable(read.model)) }];
          },
        );
  const transformable = fact === undefined ? undefined : fact.content === "true";
  return withDocSlots(
    "server",
    input,
    // each operation's handler types a part keyed by the operation (emit/server/emit-server.ts)
    (model) =>
      withOwnParts("server", input, async (parts) =>
        (await import("../emit/server/emit-server.js")).serverTemplate(
          model,
          input.context,
          parts,
          transformable,
        ),
      ),
    async () => {
      const { fillOperationDocs } = await import("../emit/ts/operation-doc-slots.js");
      return (file, model) => fillOperationDocs(file, model, model.operations.length);
    },
    JSON.stringify([input.context, transformable ?? null]),
  );
}

/**
 * `emit`'s files made with the parts of pack `<name>-parts` (none without a cache), each keyed by
 * what the emitter says it reads and nothing of the model besides: for parts that read their own
 * operation only.
 */
async function withOwnParts(
  name: string,
  input: EmitInput,
  emit: (parts: PartCache | undefined) => Promise<GeneratedFile[]>,
): Promise<GeneratedFile[]> {
  const partsPack = await pack(`${name}-parts`, input.scope);
  const parts = partsPack && new PartCache(partsPack, sharedPartKey(input.caches, {}, [], name));
  const files = await emit(parts);
  parts?.save();
  return files;
}

/**
 * query.ts, made like the client's files: its only prose is in doc slots (emit/query/query-docs.ts).
 * On a miss each operation's factory is a part keyed by its own structure (pack `query-parts`).
 */
export const cachedQuery = (input: EmitInput): Promise<GeneratedFile[]> =>
  withDocSlots(
    "query",
    input,
    (model) =>
      withOwnParts("query", input, async (parts) =>
        (await import("../emit/query/emit-query.js")).queryTemplates(model, input.context, parts),
      ),
    async () => (await import("../emit/query/query-docs.js")).fillQueryDocs,
  );

/**
 * server-api.ts, the API descriptor: it shows no description or summary, so with a cache it is
 * made from the model without them (without-prose.ts), and an edit of prose
 * (an operation's description, say) reuses it; the emitter never sees prose, so no prose can go
 * stale in it. Without a cache it gets them whole (no copies to pay for; a test checks that the
 * file is the same either way).
 */
export async function cachedServerApi(input: EmitInput): Promise<GeneratedFile[]> {
  const emit = async (model: EmitInput["model"]) => {
    const { emitServerApi } = await import("../emit/server/emit-server-api.js");
    return [emitServerApi(model)];
  };
  // blind to the request bodies' schemas, not the responses' (it describes the errors by them)
  return input.scope === undefined
    ? emit(input.model)
    : tracedBlind("server-api", input, {}, emit, "");
}

/** What the package entries and the bin's scaffold read of an operation (emit-entries.ts, emit-scaffold.ts). */
const ENTRIES_OPERATION_FIELDS = [
  "name",
  "typeName",
  "operationId",
  "method",
  "path",
  "tags",
  "stability",
  "requestBody",
  "pagination",
] as const satisfies readonly (keyof OperationModel)[];

/**
 * `model` as the package entries read it: each component schema's name with an empty schema, and
 * each operation's {@link ENTRIES_OPERATION_FIELDS} only (test/generator/entries-cache.test.ts
 * checks the entries are the whole model's on every layout spec).
 */
export function entriesModel(model: EmitInput["model"]): EmitInput["model"] {
  const operations = model.operations.map(
    (operation) =>
      Object.fromEntries(
        ENTRIES_OPERATION_FIELDS.filter((field) => operation[field] !== undefined).map((field) => [
          field,
          // whether it has a body: its schemas' edits reuse the entries
          field === "requestBody" && operation.requestBody !== undefined
            ? schemaBlindBody(operation.requestBody)
            : operation[field],
        ]),
      ) as unknown as OperationModel,
  );
  const schemas = Object.fromEntries(Object.keys(model.schemas).map((key) => [key, {}]));
  return { ...model, schemas, operations };
}

/**
 * entry/*.ts and bin/*.ts, for the package's npm name. Of the component schemas they read the
 * names only (the client entry exports a type per schema), and of the operations their names, ids,
 * routes, tags, stability and whether they have a body or pages: with a cache they are given only
 * those ({@link entriesModel}), so a schema's edit, or a parameter's, reuses them
 * (test/generator/entries-cache.test.ts checks that a schema's edit is a hit and gives the files
 * a run without a cache writes).
 */
export async function cachedPackageEntries(input: EmitInput): Promise<GeneratedFile[]> {
  const { packageName } = await import("../emit/package/package-meta.js");
  const name = packageName(input.context.apiName, input.packageName);
  const model = input.scope === undefined ? input.model : entriesModel(proseFreeModel(input));
  return traced(
    "entries",
    input,
    { model },
    async (read) =>
      (await import("../emit/package/emit-entries.js")).emitPackageEntries(
        read.model,
        input.context,
        name,
      ),
    JSON.stringify([input.context, name]),
  );
}

/**
 * README.md as rendered. The prose it shows is the API's description (its first paragraph) and
 * the operations' summaries (in the operations table): with a cache it is made from the model
 * without prose, with a placeholder for the API's description and one for the operations table,
 * whose blocks are put in after (emit/package/readme-description.ts, readme-operations.ts,
 * which load no ts-morph); so an edit of any prose, a summary included, reuses it
 * (test/generator/server-api-prose.test.ts checks the file is the same either way). Its code
 * examples cost ts-morph's and TypeScript's load, about 0.1 s.
 */
export async function cachedReadme(
  input: ReadmeInput,
  scope: CacheScope,
  caches: RunCaches,
): Promise<string> {
  const { model: whole, ...rest } = input;
  const readmePack = await pack("readme", scope);
  const render = async (model: ReadmeInput["model"], operationsSlot: boolean) => {
    const files = await tracedEmit(
      readmePack,
      caches,
      { model },
      JSON.stringify({ ...rest, operationsSlot }),
      async (inputs) => {
        const { renderReadme } = await import("../emit/package/emit-readme.js");
        const content = renderReadme({ ...rest, model: inputs.model, operationsSlot });
        return [{ path: "README.md", content }];
      },
    );
    return files[0]?.content ?? "";
  };
  if (readmePack === undefined) return render(whole, false);
  const model = readmeModel(whole, caches);
  const template = await render(
    { ...caches.proseFree(whole), description: README_DESCRIPTION_SLOT },
    true,
  );
  const withOperations = fillReadmeOperations(template, model, rest.packageName);
  return (
    (withOperations === undefined
      ? undefined
      : fillReadmeDescription(withOperations, whole.description)) ?? render(model, false)
  );
}

/** `model` without the prose the README does not show: all of it but the API's description and the operations' summaries. */
export function readmeModel(model: EmitInput["model"], caches: RunCaches): EmitInput["model"] {
  const bare = caches.proseFree(model);
  return {
    ...bare,
    description: model.description,
    operations: bare.operations.map((operation, index) => ({
      ...operation,
      summary: model.operations[index]?.summary,
    })),
  };
}

/**
 * transforms.ts: the transform plans and the client type of the option `transforms`, from the
 * model only. It shows no description or summary: with a cache it is made from the model without
 * prose, so a description edit reuses it (test/generator/server-api-prose.test.ts).
 */
export const cachedTransforms = (input: EmitInput): Promise<GeneratedFile[]> =>
  traced("transforms", input, { model: proseFreeModel(input) }, async (read) =>
    (await import("../emit/transforms/emit-transforms.js")).emitTransforms(
      read.model,
      input.context,
    ),
  );
