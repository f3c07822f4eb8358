/**
 * The validators (Ajv standalone code, a costly emitter) and the mocks from the cache
 * when the spec changed only in prose: the key is the document and the model without their
 * string `description` and `summary` texts (which no validator contains; a test edits a
 * description and checks the validators' bytes; see without-prose.ts), salted with the
 * generator's own hash.
 */
import type { EmitContext, GeneratedFile } from "../emit/file.js";
import type { ApiModel } from "../model/types.js";
import { openScopedPack, type CacheScope } from "./cached-emitters.js";
import { proseFree } from "./without-prose.js";

interface CachedValidators {
  readonly files: readonly GeneratedFile[];
  readonly warnings: readonly string[];
}

export async function cachedValidators(
  document: Record<string, unknown>,
  model: ApiModel,
  context: EmitContext,
  warnings: string[],
  where: CacheScope,
): Promise<GeneratedFile[]> {
  // Ajv is loaded only when the validators are not in the cache
  const emit = async (into: string[]) => (await import("../emit/validators/emit-validators.js")).emitValidators(document, model, context, into);
  return cachedProseFree("validators", document, model, context, warnings, where, emit);
}

/**
 * The mocks (data drawn from every response schema and checked with Ajv: on large specs the
 * costliest emitter) cached the same way: mocks.ts shows no description or summary of the spec.
 */
export async function cachedMocks(
  document: Record<string, unknown>,
  model: ApiModel,
  context: EmitContext,
  warnings: string[],
  where: CacheScope,
): Promise<GeneratedFile[]> {
  const emit = async (own: string[]) => (await import("../emit/mocks/emit-mocks.js")).emitMocks(document, model, context, own);
  return cachedProseFree("mocks", document, model, context, warnings, where, emit);
}

/** `emit()`'s files (and warnings) from the pack `name`, keyed by the prose-free document, model and context. */
async function cachedProseFree(
  name: string,
  document: Record<string, unknown>,
  model: ApiModel,
  context: EmitContext,
  warnings: string[],
  where: CacheScope,
  emit: (warnings: string[]) => Promise<GeneratedFile[]>,
): Promise<GeneratedFile[]> {
  const pack = await openScopedPack(name, where);
  if (pack === undefined) return emit(warnings);
  const input = proseFreeInput(document, model, context);
  const cached = parse(pack.get(input));
  if (cached !== undefined) {
    warnings.push(...cached.warnings);
    pack.save();
    return [...cached.files];
  }
  const own: string[] = [];
  const files = await emit(own);
  warnings.push(...own);
  pack.set(input, JSON.stringify({ files, warnings: own } satisfies CachedValidators));
  pack.save();
  return files;
}

/** The last key text computed, per document: the validators and the mocks share it (on a large spec it costs a tenth of a second or more). */
const lastInput = new WeakMap<Record<string, unknown>, { readonly model: ApiModel; readonly context: EmitContext; readonly input: string }>();

/** The document, the model (without the spec's hash) and the context, without prose, as JSON. */
function proseFreeInput(document: Record<string, unknown>, model: ApiModel, context: EmitContext): string {
  const last = lastInput.get(document);
  if (last !== undefined && last.model === model && last.context === context) return last.input;
  const { specHash: _specHash, ...modelWithoutHash } = proseFree(model);
  const input = JSON.stringify([proseFree(document), modelWithoutHash, context]);
  lastInput.set(document, { model, context, input });
  return input;
}

function parse(text: string | undefined): CachedValidators | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as Partial<CachedValidators>;
    const filesOk = Array.isArray(value.files) && value.files.every((file) => typeof file?.path === "string" && typeof file.content === "string");
    const warningsOk = Array.isArray(value.warnings) && value.warnings.every((warning) => typeof warning === "string");
    return filesOk && warningsOk ? (value as CachedValidators) : undefined;
  } catch {
    return undefined;
  }
}
