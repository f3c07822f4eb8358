/**
 * The warnings `prepare()` works out from the model (routing, route keys,
 * callbacks, parameters, XML bodies, form bodies no form carries), cached like an emitter that
 * gives warnings and no files (traced-emit.ts). On Stripe they took 0.2–0.3 s of every run, most
 * of it the form shapes of unformable-bodies.ts, more than building the model. None of them shows
 * prose, so with a cache they are worked out from the prose-free model: an edit of prose, or of a
 * part of the model they never read, reuses them.
 */
import { eventWarnings } from "../model/event-warnings.js";
import { parameterWarnings } from "../model/parameter-warnings.js";
import { routeConflictWarnings } from "../model/route-conflicts.js";
import { routeKeyWarnings } from "../model/route-key-warnings.js";
import type { ApiModel } from "../model/types.js";
import { unformableBodies } from "../model/unformable-bodies.js";
import { xmlWarnings } from "../model/xml-warnings.js";
import { openScopedPack, type CacheScope } from "./cached-emitters.js";
import type { RunCaches } from "./run-caches.js";
import { tracedEmit } from "./traced-emit.js";

/** Every model warning, in the order `generate` prints them. */
function modelWarnings(model: ApiModel): string[] {
  return [
    ...routeConflictWarnings(model),
    ...routeKeyWarnings(model),
    ...eventWarnings(model),
    ...parameterWarnings(model),
    ...xmlWarnings(model),
    ...unformableBodies(model).map((body) => body.message),
  ];
}

/** The model's warnings, from the cache when what they read is unchanged (no cache: worked out). */
export async function cachedModelWarnings(
  model: ApiModel,
  scope: CacheScope,
  caches: RunCaches,
): Promise<string[]> {
  const pack = await openScopedPack("emit/warnings", scope);
  if (pack === undefined) return modelWarnings(model);
  const warnings: string[] = [];
  const inputs = { model: caches.proseFree(model) };
  await tracedEmit(
    pack,
    caches,
    inputs,
    "",
    (read, out) => {
      out.push(...modelWarnings(read.model));
      return [];
    },
    warnings,
  );
  return warnings;
}
