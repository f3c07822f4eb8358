/**
 * Response side: the responses of one operation by status code, their media types, headers and
 * body schemas. Field paths: `200` (the status), `200.body.name`, `200.headers.X-Total-Count`;
 * inside a shared response component the status prefix is dropped (`body`, `headers.Retry-After`).
 */
import type { DiffContext } from "./diff-context.js";
import { diffSchema } from "./diff-schema.js";
import { bodyPath, contentOf } from "./media.js";
import type { OperationInfo } from "./operations.js";
import { ChangeSink, joinPath } from "./raw-change.js";
import type { RawChange, Scope } from "./raw-change.js";
import { deref, isComponentPointer, isObject } from "./refs.js";
import type { JsonObject, Resolved } from "./refs.js";

export function diffResponses(
  ctx: DiffContext,
  base: OperationInfo,
  head: OperationInfo,
): RawChange[] {
  const before = isObject(base.operation.responses) ? base.operation.responses : {};
  const after = isObject(head.operation.responses) ? head.operation.responses : {};
  const out: RawChange[] = [];
  const statuses = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  for (const status of statuses) {
    const scope: Scope = { side: "response", location: base.key, path: status };
    const sink = new ChangeSink(scope, out);
    const success = /^2/.test(status);
    if (!Object.hasOwn(after, status)) {
      sink.breaking(
        "status-removed",
        success
          ? `success response ${status} removed: clients expecting it break`
          : `response ${status} removed: clients lose a documented outcome they may handle`,
      );
    } else if (!Object.hasOwn(before, status)) {
      sink.compatible("status-added", "minor", `new response ${status}`);
    } else {
      out.push(
        ...compareResponse(
          ctx,
          deref(ctx.baseDoc, before[status]),
          deref(ctx.headDoc, after[status]),
          scope,
          success,
        ),
      );
    }
  }
  return out;
}

function compareResponse(
  ctx: DiffContext,
  before: Resolved,
  after: Resolved,
  scope: Scope,
  success: boolean,
): readonly RawChange[] {
  if (!isObject(before.node) || !isObject(after.node)) return [];
  const oldResponse = before.node;
  const newResponse = after.node;
  if (isComponentPointer(before.pointer) && before.pointer === after.pointer) {
    const location = before.pointer;
    return ctx.once(`response ${location} ${success}`, () =>
      compareResolved(
        ctx,
        oldResponse,
        newResponse,
        { side: "response", location, path: "" },
        success,
      ),
    );
  }
  return compareResolved(ctx, oldResponse, newResponse, scope, success);
}

function compareResolved(
  ctx: DiffContext,
  before: JsonObject,
  after: JsonObject,
  scope: Scope,
  success: boolean,
): RawChange[] {
  const out: RawChange[] = [];
  compareContent(ctx, before, after, scope, success, out);
  compareHeaders(ctx, before, after, scope, out);
  return out;
}

function compareContent(
  ctx: DiffContext,
  before: JsonObject,
  after: JsonObject,
  scope: Scope,
  success: boolean,
  out: RawChange[],
): void {
  const oldMedia = contentOf(before);
  const newMedia = contentOf(after);
  const sink = new ChangeSink(scope, out).at("body");
  const added = [...newMedia.keys()].filter((mediaType) => !oldMedia.has(mediaType));
  if (oldMedia.size > 0 && newMedia.size === 0) {
    sink.breaking("body-removed", "response body removed: clients that parse it break");
    return;
  }
  for (const [mediaType, media] of oldMedia) {
    const next = newMedia.get(mediaType);
    if (next) {
      out.push(
        ...diffSchema(ctx, media.schema, next.schema, {
          ...scope,
          path: bodyPath(scope.path, mediaType),
        }),
      );
      continue;
    }
    const now = added.length > 0 ? `changed to ${added.join(", ")}` : "removed";
    sink.breaking(
      success ? "success-media-type-changed" : "media-type-removed",
      `${success ? "success response" : "response"} media type ${mediaType} ${now}: clients that parse ${mediaType} break`,
      { before: mediaType, ...(added.length > 0 ? { after: added.join(", ") } : {}) },
    );
  }
  for (const mediaType of added) {
    if (oldMedia.size === 0 || [...oldMedia.keys()].every((old) => newMedia.has(old))) {
      sink.compatible("media-type-added", "minor", `media type ${mediaType} added`, {
        after: mediaType,
      });
    }
  }
}

function compareHeaders(
  ctx: DiffContext,
  before: JsonObject,
  after: JsonObject,
  scope: Scope,
  out: RawChange[],
): void {
  const oldHeaders = headerMap(before);
  const newHeaders = headerMap(after);
  const keys = [...new Set([...oldHeaders.keys(), ...newHeaders.keys()])].sort();
  for (const key of keys) {
    const oldHeader = oldHeaders.get(key);
    const newHeader = newHeaders.get(key);
    const name = (oldHeader ?? newHeader)?.name ?? key;
    const headerScope: Scope = { ...scope, path: joinPath(scope.path, `headers.${name}`) };
    const sink = new ChangeSink(headerScope, out);
    if (oldHeader && !newHeader) {
      sink.breaking(
        "header-removed",
        `response header ${name} removed: clients that read it break`,
      );
    } else if (!oldHeader && newHeader) {
      sink.compatible("header-added", "minor", `new response header ${name}`);
    } else if (oldHeader && newHeader) {
      const oldResolved = deref(ctx.baseDoc, oldHeader.node);
      const newResolved = deref(ctx.headDoc, newHeader.node);
      if (!isObject(oldResolved.node) || !isObject(newResolved.node)) continue;
      const oldNode = oldResolved.node;
      const newNode = newResolved.node;
      if (isComponentPointer(oldResolved.pointer) && oldResolved.pointer === newResolved.pointer) {
        const location = oldResolved.pointer;
        out.push(
          ...ctx.once(`header ${location}`, () =>
            compareHeader(ctx, oldNode, newNode, { side: "response", location, path: "" }, name),
          ),
        );
      } else {
        out.push(...compareHeader(ctx, oldNode, newNode, headerScope, name));
      }
    }
  }
}

function compareHeader(
  ctx: DiffContext,
  before: JsonObject,
  after: JsonObject,
  scope: Scope,
  name: string,
): RawChange[] {
  const out: RawChange[] = [];
  const sink = new ChangeSink(scope, out);
  if (before.required === true && after.required !== true)
    sink.breaking(
      "header-made-optional",
      `response header ${name} made optional: clients can no longer rely on it`,
    );
  else if (before.required !== true && after.required === true)
    sink.compatible("header-made-required", "patch", `response header ${name} made required`);
  out.push(...diffSchema(ctx, before.schema, after.schema, scope));
  return out;
}

function headerMap(response: JsonObject): Map<string, { name: string; node: unknown }> {
  const result = new Map<string, { name: string; node: unknown }>();
  if (!isObject(response.headers)) return result;
  for (const [name, node] of Object.entries(response.headers))
    result.set(name.toLowerCase(), { name, node });
  return result;
}
