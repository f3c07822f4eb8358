/**
 * The emitters, as one table the pipeline runs in order (generate.ts): each gets the same
 * {@link EmitInput} (the model, never the document) and returns its files; the types emitter
 * alone is handed the document too ({@link TypesDocument}). `headed` files get the static
 * "generated, do not edit" header (emit/header.ts) above their content; the runtime copy,
 * package.json and the README do not (the templates carry their own header; JSON has no
 * comments; the README says it in prose).
 *
 * The cached emitters (cache/) run an emitter only when a part of the input it read has
 * changed since the last run; without a cache (`scope` undefined) every emitter runs.
 */
import {
  cachedClient,
  cachedMcp,
  cachedZod,
  cachedPackageEntries,
  cachedQuery,
  cachedResponseValidation,
  cachedServer,
  cachedServerApi,
  cachedTransforms,
  cachedTypes,
  type CacheScope,
} from "../cache/cached-emitters.js";
import { cachedMocks, cachedValidators } from "../cache/cached-validators.js";
import type { RunCaches } from "../cache/run-caches.js";
import type { ApiModel } from "../model/types.js";
import { emitRuntime } from "./emit-runtime.js";
import { packageName } from "./package/package-meta.js";
import type { EmitContext, GeneratedFile } from "./file.js";
import { emitPackageFiles } from "./package/emit-package.js";

/**
 * The bundled spec, given to the types emitter alone: types.ts is openapi-typescript's transform
 * of the document itself (issue 36), so it cannot be printed from the model. Every other emitter
 * reads the model only (DESIGN principle 2): what they need of the document (schema `$ref`
 * targets, `info.license`, `servers`) the model carries (model/types.ts).
 */
export type TypesDocument = Readonly<Record<string, unknown>>;

/** What every emitter is given. */
export interface EmitInput {
  readonly model: ApiModel;
  readonly context: EmitContext;
  /** The npm name of generated/package.json, as asked for (undefined: made from the API name). */
  readonly packageName: string | undefined;
  /** Whether the spec has a changelog beside it (listed in package.json's `files`). */
  readonly hasChangelog: boolean;
  /** Where an emitter's cache lives; undefined: no cache. */
  readonly scope: CacheScope;
  /** What this run has computed once for several emitters (owned by the run, never by a module). */
  readonly caches: RunCaches;
  /** What the generated code cannot enforce: emitters add to it. */
  readonly warnings: string[];
}

export interface Emitter {
  readonly name: string;
  /** Whether the files get the generated header. */
  readonly headed: boolean;
  /** `typesDocument`: for the types emitter only ({@link TypesDocument}); the others never take it. */
  emit(
    input: EmitInput,
    typesDocument: TypesDocument,
  ): Promise<readonly GeneratedFile[]> | readonly GeneratedFile[];
}

export const EMITTERS: readonly Emitter[] = [
  { name: "types", headed: true, emit: (input, document) => cachedTypes(input, document) },
  { name: "client", headed: true, emit: (input) => cachedClient(input) },
  { name: "response validation", headed: true, emit: (input) => cachedResponseValidation(input) },
  { name: "server", headed: true, emit: (input) => cachedServer(input) },
  { name: "server API", headed: true, emit: (input) => cachedServerApi(input) },
  { name: "validators", headed: true, emit: (input) => cachedValidators(input) },
  { name: "query", headed: true, emit: (input) => cachedQuery(input) },
  { name: "mocks", headed: true, emit: (input) => cachedMocks(input) },
  { name: "package entries", headed: true, emit: (input) => cachedPackageEntries(input) },
  { name: "zod", headed: true, emit: (input) => cachedZod(input) },
  { name: "transforms", headed: true, emit: (input) => cachedTransforms(input) },
  {
    name: "mcp",
    headed: true,
    emit: (input) => cachedMcp(input, packageName(input.context.apiName, input.packageName)),
  },
  { name: "runtime", headed: false, emit: () => emitRuntime() },
  { name: "package", headed: false, emit: (input) => emitPackageFiles(input) },
];
