/** Request side: the request body of one operation (presence, requiredness, media types, schema). */
import type { DiffContext } from "./diff-context.js";
import { diffSchema } from "./diff-schema.js";
import { bodyPath, contentOf } from "./media.js";
import type { OperationInfo } from "./operations.js";
import { ChangeSink } from "./raw-change.js";
import type { RawChange, Scope } from "./raw-change.js";
import { deref, isComponentPointer, isObject } from "./refs.js";
import type { JsonObject } from "./refs.js";

export function diffRequestBody(
  ctx: DiffContext,
  base: OperationInfo,
  head: OperationInfo,
): RawChange[] {
  const before = deref(ctx.baseDoc, base.operation.requestBody);
  const after = deref(ctx.headDoc, head.operation.requestBody);
  const out: RawChange[] = [];
  const oldBody = isObject(before.node) ? before.node : undefined;
  const newBody = isObject(after.node) ? after.node : undefined;
  if (!oldBody && !newBody) return out;
  const sink = new ChangeSink({ side: "request", location: base.key, path: "body" }, out);
  if (oldBody && !newBody) {
    sink.breaking(
      "body-removed",
      "request body removed: clients that send one are no longer understood",
    );
  } else if (!oldBody && newBody) {
    if (newBody.required === true)
      sink.breaking("required-body-added", "new required request body: existing requests lack it");
    else sink.compatible("body-added", "minor", "new optional request body");
  } else if (oldBody && newBody) {
    if (isComponentPointer(before.pointer) && before.pointer === after.pointer) {
      const location = before.pointer;
      out.push(
        ...ctx.once(`requestBody ${location}`, () =>
          compareBodies(ctx, oldBody, newBody, { side: "request", location, path: "" }),
        ),
      );
    } else {
      out.push(
        ...compareBodies(ctx, oldBody, newBody, { side: "request", location: base.key, path: "" }),
      );
    }
  }
  return out;
}

function compareBodies(
  ctx: DiffContext,
  before: JsonObject,
  after: JsonObject,
  scope: Scope,
): RawChange[] {
  const out: RawChange[] = [];
  const sink = new ChangeSink(scope, out).at("body");
  if (before.required !== true && after.required === true)
    sink.breaking(
      "body-made-required",
      "optional request body made required: requests without one are rejected",
    );
  else if (before.required === true && after.required !== true)
    sink.compatible("body-made-optional", "patch", "request body made optional");
  const oldMedia = contentOf(before);
  const newMedia = contentOf(after);
  for (const [mediaType, media] of oldMedia) {
    const next = newMedia.get(mediaType);
    if (!next) {
      sink.breaking(
        "media-type-removed",
        `media type ${mediaType} no longer accepted: clients sending it get 415`,
        { before: mediaType },
      );
      continue;
    }
    out.push(
      ...diffSchema(ctx, media.schema, next.schema, {
        ...scope,
        path: bodyPath(scope.path, mediaType),
      }),
    );
  }
  for (const mediaType of newMedia.keys()) {
    if (!oldMedia.has(mediaType))
      sink.compatible("media-type-added", "minor", `media type ${mediaType} now accepted`, {
        after: mediaType,
      });
  }
  return out;
}
