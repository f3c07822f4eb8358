/**
 * What the API sends on its own: the callbacks of an operation (`callbacks`, OpenAPI 3.0/3.1) and
 * the webhooks of the document (`webhooks`, 3.1), and the OpenAPI version of the document itself.
 * The roles are reversed (the API calls the client), so a removed callback or webhook or one of
 * its operations is breaking (receivers that rely on it are no longer called), a new one is minor
 * (receivers may have to accept it), and a changed operation is reported for review as a minor
 * change (its request is what the client receives). Moving to another OpenAPI version is a row of
 * its own: tools that read the spec must support it.
 */
import type { OperationInfo } from "./operations.js";
import { ChangeSink, type RawChange } from "./raw-change.js";
import { deref, isObject, jsonEqual, type Json, type JsonObject } from "./refs.js";
import type { Side } from "./report.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** A callback's or webhook's operations, `METHOD <expression>` → operation (resolved). */
function operationsOf(doc: Json, node: Json, expression?: string): Map<string, JsonObject> {
  const result = new Map<string, JsonObject>();
  const resolved = deref(doc, node).node;
  if (!isObject(resolved)) return result;
  const items: [string, Json][] =
    expression === undefined ? Object.entries(resolved) : [[expression, resolved]];
  for (const [key, rawItem] of items) {
    const item = deref(doc, rawItem).node;
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = deref(doc, item[method]).node;
      if (isObject(operation)) result.set(`${method.toUpperCase()} ${key}`, operation);
    }
  }
  return result;
}

function diffNamed(
  baseDoc: Json,
  headDoc: Json,
  before: Json,
  after: Json,
  scope: {
    readonly side: Side;
    readonly location: string;
    readonly kind: "callback" | "webhook";
    readonly prefix: string;
  },
  single: boolean,
): RawChange[] {
  const out: RawChange[] = [];
  const oldMap = isObject(before) ? before : {};
  const newMap = isObject(after) ? after : {};
  const names = [...new Set([...Object.keys(oldMap), ...Object.keys(newMap)])].sort();
  for (const name of names) {
    const sink = new ChangeSink(
      { side: scope.side, location: scope.location, path: `${scope.prefix}${name}` },
      out,
    );
    const what = `${scope.kind} ${name}`;
    if (!(name in newMap)) {
      sink.breaking(
        `${scope.kind}-removed`,
        `${what} removed: clients that receive it are no longer called`,
      );
      continue;
    }
    if (!(name in oldMap)) {
      sink.compatible(
        `${scope.kind}-added`,
        "minor",
        `new ${what}: the API may now call clients with it`,
      );
      continue;
    }
    const oldOps = operationsOf(baseDoc, oldMap[name], single ? undefined : name);
    const newOps = operationsOf(headDoc, newMap[name], single ? undefined : name);
    for (const key of [...new Set([...oldOps.keys(), ...newOps.keys()])].sort()) {
      const at = sink.at(key);
      const oldOp = oldOps.get(key);
      const newOp = newOps.get(key);
      if (newOp === undefined)
        at.breaking(
          `${scope.kind}-operation-removed`,
          `${what}: ${key} removed: receivers that rely on it are no longer called`,
        );
      else if (oldOp === undefined)
        at.compatible(
          `${scope.kind}-operation-added`,
          "minor",
          `${what}: new ${key}: receivers may have to accept it`,
        );
      else if (!jsonEqual(withoutProse(oldOp), withoutProse(newOp)))
        at.compatible(
          `${scope.kind}-operation-changed`,
          "minor",
          `${what}: ${key} changed: review what the API now sends (the client receives its request body)`,
        );
    }
  }
  return out;
}

/** An operation without its descriptions and summaries (documentation is not a contract change). */
function withoutProse(node: Json): Json {
  if (Array.isArray(node)) return node.map(withoutProse);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(
        ([key]) =>
          key !== "description" && key !== "summary" && key !== "example" && key !== "examples",
      )
      .map(([key, value]) => [key, withoutProse(value)]),
  );
}

/** The callbacks of one operation. */
export function diffCallbacks(
  baseDoc: Json,
  headDoc: Json,
  before: OperationInfo,
  after: OperationInfo,
): RawChange[] {
  return diffNamed(
    baseDoc,
    headDoc,
    before.operation.callbacks,
    after.operation.callbacks,
    { side: "operation", location: before.key, kind: "callback", prefix: "callbacks." },
    true,
  );
}

/** The document's webhooks (OpenAPI 3.1) and its `openapi` version. */
export function diffDocumentEvents(base: Json, head: Json): RawChange[] {
  const baseDoc = isObject(base) ? base : {};
  const headDoc = isObject(head) ? head : {};
  const out = diffNamed(
    base,
    head,
    baseDoc.webhooks,
    headDoc.webhooks,
    { side: "document", location: "#/webhooks", kind: "webhook", prefix: "" },
    false,
  );
  const [from, to] = [String(baseDoc.openapi ?? ""), String(headDoc.openapi ?? "")];
  if (from !== to) {
    const minorOf = (version: string) => version.split(".").slice(0, 2).join(".");
    const sink = new ChangeSink({ side: "document", location: "#/openapi", path: "" }, out);
    sink.compatible(
      "openapi-version-changed",
      minorOf(from) === minorOf(to) ? "patch" : "minor",
      minorOf(from) === minorOf(to)
        ? `OpenAPI ${from} → ${to}: a patch of the specification, no change in meaning`
        : `OpenAPI ${from} → ${to}: schemas follow another dialect (3.1: JSON Schema 2020-12, \`nullable\` becomes a type), so every tool that reads the spec must support ${to}; the contract itself is compared field by field`,
      { before: from, after: to },
    );
  }
  return out;
}
