/**
 * Compares two JSON schemas on the request or the response side. The same edit has opposite
 * effects on the two sides: narrowing what a request accepts breaks callers, widening what a
 * response may contain breaks readers. Field paths: `name`, `items[]`, `tags{}` (additional
 * properties), relative to the schema component the node came from (its location) when both
 * versions take it from the same component, else relative to the enclosing location.
 */
import type { DiffContext } from "./diff-context.js";
import { ChangeSink, within } from "./raw-change.js";
import type { RawChange, Scope } from "./raw-change.js";
import { deref, isComponentPointer, isObject, jsonEqual, show } from "./refs.js";
import type { JsonObject } from "./refs.js";

/** Compares two schema nodes (`$ref`s allowed) at `scope` (side `request` or `response`). */
export function diffSchema(
  ctx: DiffContext,
  baseNode: unknown,
  headNode: unknown,
  scope: Scope,
): RawChange[] {
  const out: RawChange[] = [];
  walk(ctx, baseNode, headNode, scope, new Set(), out);
  return out;
}

function walk(
  ctx: DiffContext,
  baseNode: unknown,
  headNode: unknown,
  scope: Scope,
  stack: Set<string>,
  out: RawChange[],
): void {
  const base = deref(ctx.baseDoc, baseNode);
  const head = deref(ctx.headDoc, headNode);
  if (isComponentPointer(base.pointer) && base.pointer === head.pointer) {
    const location = base.pointer;
    out.push(
      ...ctx.once(`schema ${scope.side} ${location}`, () => {
        const inner: RawChange[] = [];
        compare(ctx, base.node, head.node, { side: scope.side, location, path: "" }, stack, inner);
        return inner;
      }),
    );
    return;
  }
  const pair = `${base.pointer ?? "-"} ${head.pointer ?? "-"}`;
  const viaRef = base.pointer !== undefined || head.pointer !== undefined;
  if (viaRef) {
    if (stack.has(pair)) return;
    stack.add(pair);
  }
  compare(ctx, base.node, head.node, scope, stack, out);
  if (viaRef) stack.delete(pair);
}

function compare(
  ctx: DiffContext,
  baseNode: unknown,
  headNode: unknown,
  scope: Scope,
  stack: Set<string>,
  out: RawChange[],
): void {
  const sink = new ChangeSink(scope, out);
  const request = scope.side === "request";
  if (!isObject(baseNode) || !isObject(headNode)) {
    if (!jsonEqual(baseNode, headNode))
      sink.breaking("schema-replaced", "schema replaced by one of another kind", {
        before: baseNode,
        after: headNode,
      });
    return;
  }
  const base = flattenAllOf(ctx.baseDoc, baseNode, new Set());
  const head = flattenAllOf(ctx.headDoc, headNode, new Set());

  if (compareType(sink, base, head, request)) return;
  compareFormat(sink, base.format, head.format, request);
  compareEnum(sink, base.enum, head.enum, request);
  compareNullable(sink, base.nullable === true, head.nullable === true, request);
  compareDefault(sink, base.default, head.default, request);
  for (const limit of LIMITS) compareLimit(sink, limit, base[limit.key], head[limit.key], request);
  compareTightenOnly(sink, "pattern", base.pattern, head.pattern, request);
  compareTightenOnly(sink, "multipleOf", base.multipleOf, head.multipleOf, request);
  if (base.uniqueItems !== head.uniqueItems) {
    if (request && head.uniqueItems === true)
      sink.breaking(
        "uniqueItems-added",
        "items must now be unique: requests with duplicates are rejected",
      );
    else
      sink.compatible(
        "uniqueItems-changed",
        "patch",
        `uniqueItems ${head.uniqueItems === true ? "added" : "removed"}`,
      );
  }
  if (base.deprecated !== true && head.deprecated === true)
    sink.deprecation("field-deprecated", "field deprecated");
  else if (base.deprecated === true && head.deprecated !== true)
    sink.compatible("field-undeprecated", "patch", "deprecation withdrawn");

  compareProperties(ctx, base, head, scope, stack, out);
  compareAdditional(ctx, base.additionalProperties, head.additionalProperties, scope, stack, out);
  if (base.items !== undefined || head.items !== undefined)
    walk(ctx, base.items ?? {}, head.items ?? {}, within(scope, "[]"), stack, out);
  for (const keyword of ["oneOf", "anyOf"] as const)
    compareVariants(ctx, keyword, base[keyword], head[keyword], scope, stack, out);
}

// --- type, format, enum, nullable, default ----------------------------------------------------

/** Returns true when the type changed incompatibly (the rest of the node is then not compared). */
function compareType(
  sink: ChangeSink,
  base: JsonObject,
  head: JsonObject,
  request: boolean,
): boolean {
  const before = typesOf(base.type);
  const after = typesOf(head.type);
  if (sameSet(before, after)) return false;
  const list = (types: readonly string[] | undefined) => (types ? types.join(" | ") : "any");
  const values = { before: base.type, after: head.type };
  // request: the new type must accept every value the old one did; response: the other way round.
  const [wider, narrower] = request ? [after, before] : [before, after];
  if (accepts(wider, narrower)) {
    sink.compatible(
      "type-widened",
      "patch",
      `type ${list(before)} → ${list(after)}: ${request ? "accepts more values" : "returns a subset"}`,
      values,
    );
    return false;
  }
  sink.breaking(
    "type-changed",
    `type changed from ${list(before)} to ${list(after)}: ${request ? "requests valid before may be rejected" : "clients may receive values of an unexpected type"}`,
    values,
  );
  return true;
}

function typesOf(type: unknown): readonly string[] | undefined {
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((item): item is string => typeof item === "string");
  return undefined;
}

function sameSet(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((item) => b.includes(item));
}

/** Whether a value of any type in `narrower` is a value of some type in `wider` (undefined = any type). */
function accepts(
  wider: readonly string[] | undefined,
  narrower: readonly string[] | undefined,
): boolean {
  if (wider === undefined) return true;
  if (narrower === undefined) return false;
  return narrower.every(
    (type) => wider.includes(type) || (type === "integer" && wider.includes("number")),
  );
}

function compareFormat(sink: ChangeSink, before: unknown, after: unknown, request: boolean): void {
  if (before === after) return;
  const values = { before, after };
  if (request ? after === undefined : before === undefined) {
    sink.compatible(
      "format-relaxed",
      "patch",
      `format ${show(before)} → ${show(after)}: ${request ? "accepts more values" : "returns a subset"}`,
      values,
    );
    return;
  }
  sink.breaking(
    "format-changed",
    `format changed from ${show(before)} to ${show(after)}: ${request ? "requests valid before may be rejected" : "clients may not parse the new values"}`,
    values,
  );
}

function compareEnum(sink: ChangeSink, before: unknown, after: unknown, request: boolean): void {
  if (jsonEqual(before, after)) return;
  const baseValues = Array.isArray(before) ? before : undefined;
  const headValues = Array.isArray(after) ? after : undefined;
  if (!baseValues || !headValues) {
    const restricted = headValues !== undefined;
    if (restricted === request) {
      sink.breaking(
        restricted ? "enum-added" : "enum-removed",
        restricted
          ? `values restricted to ${show(headValues)}: requests with other values are rejected`
          : "values no longer restricted to a list: clients may receive values they do not handle",
        { before, after },
      );
    } else {
      sink.compatible(
        restricted ? "enum-added" : "enum-removed",
        "patch",
        restricted
          ? `values restricted to ${show(headValues)}`
          : "values no longer restricted to a list",
      );
    }
    return;
  }
  for (const value of baseValues) {
    if (headValues.some((other) => jsonEqual(other, value))) continue;
    sink.breaking(
      "enum-value-removed",
      request
        ? `value ${show(value)} removed: clients that send it are rejected`
        : `value ${show(value)} removed: clients (and generated types) that handle it no longer match the contract`,
      { before: value },
    );
  }
  for (const value of headValues) {
    if (baseValues.some((other) => jsonEqual(other, value))) continue;
    if (request)
      sink.compatible("enum-value-added", "minor", `value ${show(value)} added: newly accepted`, {
        after: value,
      });
    else
      sink.breaking(
        "enum-value-added",
        `value ${show(value)} added to a response: clients may receive a value they do not handle`,
        { after: value },
      );
  }
}

function compareNullable(
  sink: ChangeSink,
  before: boolean,
  after: boolean,
  request: boolean,
): void {
  if (before === after) return;
  if (request && before)
    sink.breaking(
      "nullable-removed",
      "null no longer accepted: requests sending null are rejected",
    );
  else if (!request && after)
    sink.breaking("nullable-added", "may now be null: clients may not handle null");
  else
    sink.compatible(
      after ? "nullable-added" : "nullable-removed",
      "patch",
      after ? "null now accepted" : "never null any more",
    );
}

function compareDefault(sink: ChangeSink, before: unknown, after: unknown, request: boolean): void {
  if (jsonEqual(before, after)) return;
  const values = { before, after };
  if (request && before !== undefined) {
    sink.breaking(
      after === undefined ? "default-removed" : "default-changed",
      after === undefined
        ? `default ${show(before)} removed: requests that omit the value behave differently`
        : `default changed from ${show(before)} to ${show(after)}: requests that omit the value behave differently`,
      values,
    );
    return;
  }
  sink.compatible("default-changed", "patch", `default ${show(before)} → ${show(after)}`, values);
}

// --- constraints ------------------------------------------------------------------------------

interface Limit {
  readonly key: string;
  /** `upper`: tightened when lowered (max*); `lower`: tightened when raised (min*). */
  readonly bound: "upper" | "lower";
}

const LIMITS: readonly Limit[] = [
  { key: "maxLength", bound: "upper" },
  { key: "minLength", bound: "lower" },
  { key: "maximum", bound: "upper" },
  { key: "minimum", bound: "lower" },
  { key: "exclusiveMaximum", bound: "upper" },
  { key: "exclusiveMinimum", bound: "lower" },
  { key: "maxItems", bound: "upper" },
  { key: "minItems", bound: "lower" },
  { key: "maxProperties", bound: "upper" },
  { key: "minProperties", bound: "lower" },
];

function compareLimit(
  sink: ChangeSink,
  limit: Limit,
  before: unknown,
  after: unknown,
  request: boolean,
): void {
  if (jsonEqual(before, after)) return;
  const tightened = isTightened(limit, before, after);
  const verb = describeLimit(limit, before, after);
  const values = { before, after };
  if (request && tightened) {
    sink.breaking(
      `${limit.key}-tightened`,
      `${verb}: values accepted before may now be rejected`,
      values,
    );
  } else if (request) {
    sink.compatible(`${limit.key}-relaxed`, "patch", `${verb}: accepts more values`, values);
  } else {
    sink.compatible(
      `${limit.key}-${tightened ? "tightened" : "relaxed"}`,
      "patch",
      tightened
        ? `${verb}: responses stay within what clients accepted`
        : `${verb}: responses may exceed the old bound (clients that validate responses should follow)`,
      values,
    );
  }
}

function isTightened(limit: Limit, before: unknown, after: unknown): boolean {
  // OpenAPI 3.0 exclusiveMaximum/exclusiveMinimum are booleans.
  if (typeof before === "boolean" || typeof after === "boolean")
    return after === true && before !== true;
  if (typeof after !== "number") return false;
  if (typeof before !== "number") return true;
  return limit.bound === "upper" ? after < before : after > before;
}

function describeLimit(limit: Limit, before: unknown, after: unknown): string {
  if (before === undefined) return `${limit.key} ${show(after)} added`;
  if (after === undefined) return `${limit.key} ${show(before)} removed`;
  if (typeof before === "number" && typeof after === "number") {
    return `${limit.key} ${after < before ? "lowered" : "raised"} from ${before} to ${after}`;
  }
  return `${limit.key} changed from ${show(before)} to ${show(after)}`;
}

/** `pattern`, `multipleOf`: any new or changed value narrows a request; removing one widens it. */
function compareTightenOnly(
  sink: ChangeSink,
  key: string,
  before: unknown,
  after: unknown,
  request: boolean,
): void {
  if (jsonEqual(before, after)) return;
  const what =
    before === undefined
      ? `${key} ${show(after)} added`
      : after === undefined
        ? `${key} ${show(before)} removed`
        : `${key} changed from ${show(before)} to ${show(after)}`;
  if (request && after !== undefined)
    sink.breaking(`${key}-changed`, `${what}: values accepted before may now be rejected`, {
      before,
      after,
    });
  else sink.compatible(`${key}-changed`, "patch", what, { before, after });
}

// --- objects, arrays, variants ----------------------------------------------------------------

function compareProperties(
  ctx: DiffContext,
  base: JsonObject,
  head: JsonObject,
  scope: Scope,
  stack: Set<string>,
  out: RawChange[],
): void {
  const request = scope.side === "request";
  const baseProps = isObject(base.properties) ? base.properties : {};
  const headProps = isObject(head.properties) ? head.properties : {};
  const baseRequired = requiredSet(base);
  const headRequired = requiredSet(head);
  const closed = base.additionalProperties === false;
  const names = [...new Set([...Object.keys(baseProps), ...Object.keys(headProps)])].sort();
  // readOnly properties are never sent in requests, writeOnly ones never returned in responses.
  const hidden = request ? "readOnly" : "writeOnly";
  const isHidden = (doc: unknown, props: JsonObject, name: string) => {
    const node = deref(doc, props[name]).node;
    return isObject(node) && node[hidden] === true;
  };
  for (const name of names) {
    const sink = new ChangeSink(within(scope, name), out);
    const inBase = Object.hasOwn(baseProps, name);
    const inHead = Object.hasOwn(headProps, name);
    const hiddenBefore = !inBase || isHidden(ctx.baseDoc, baseProps, name);
    const hiddenAfter = !inHead || isHidden(ctx.headDoc, headProps, name);
    if (hiddenBefore && hiddenAfter) continue;
    if (inBase && !inHead) {
      sink.breaking(
        "field-removed",
        request
          ? closed
            ? "field removed: the schema rejects unknown fields, so clients that still send it get 400"
            : "field removed: clients that send it lose its effect, and generated types drop it"
          : "field removed from the response: clients that read it break",
      );
    } else if (!inBase && inHead) {
      if (request && headRequired.has(name))
        sink.breaking("required-field-added", "new required field: existing requests lack it");
      else
        sink.compatible(
          "field-added",
          "minor",
          request ? "new optional field" : "new field in the response",
        );
    } else {
      const wasRequired = baseRequired.has(name);
      const isRequired = headRequired.has(name);
      if (request && !wasRequired && isRequired)
        sink.breaking(
          "field-made-required",
          "optional field made required: requests that omit it are rejected",
        );
      else if (!request && wasRequired && !isRequired)
        sink.breaking(
          "field-made-optional",
          "response field made optional: clients can no longer rely on it",
        );
      else if (wasRequired !== isRequired)
        sink.compatible(
          isRequired ? "field-made-required" : "field-made-optional",
          "patch",
          `field made ${isRequired ? "required" : "optional"}`,
        );
      walk(ctx, baseProps[name], headProps[name], sink.scope, stack, out);
    }
  }
}

function requiredSet(schema: JsonObject): Set<string> {
  return new Set(
    Array.isArray(schema.required)
      ? schema.required.filter((item): item is string => typeof item === "string")
      : [],
  );
}

function compareAdditional(
  ctx: DiffContext,
  before: unknown,
  after: unknown,
  scope: Scope,
  stack: Set<string>,
  out: RawChange[],
): void {
  if (jsonEqual(before, after)) return;
  const sink = new ChangeSink(scope, out);
  const openBefore = before !== false;
  const openAfter = after !== false;
  if (isObject(before) && isObject(after)) {
    walk(ctx, before, after, within(scope, "{}"), stack, out);
  } else if (scope.side === "request" && openBefore && !openAfter) {
    sink.breaking(
      "additional-properties-closed",
      "unknown fields are now rejected: requests with extra fields get 400",
    );
  } else if (openBefore !== openAfter || isObject(before) !== isObject(after)) {
    sink.compatible(
      "additional-properties-changed",
      "patch",
      `additionalProperties ${show(before)} → ${show(after)}`,
    );
  }
}

function compareVariants(
  ctx: DiffContext,
  keyword: "oneOf" | "anyOf",
  before: unknown,
  after: unknown,
  scope: Scope,
  stack: Set<string>,
  out: RawChange[],
): void {
  if (before === undefined && after === undefined) return;
  const baseList = Array.isArray(before) ? before : [];
  const headList = Array.isArray(after) ? after : [];
  if (baseList.length === headList.length) {
    baseList.forEach((variant, index) =>
      walk(ctx, variant, headList[index], within(scope, `${keyword}[${index}]`), stack, out),
    );
    return;
  }
  const sink = new ChangeSink(scope, out);
  const widened = headList.length > baseList.length;
  const reason = `${keyword} variants ${baseList.length} → ${headList.length}`;
  // More variants widen what a request accepts but surprise response readers; fewer do the opposite.
  if (widened === (scope.side === "request"))
    sink.compatible(`${keyword}-changed`, "minor", reason);
  else
    sink.breaking(
      `${keyword}-changed`,
      `${reason}: ${widened ? "clients may receive shapes they do not handle" : "requests valid before may be rejected"}`,
    );
}

/** Merges `allOf` members (refs resolved) into one schema view: properties merged, required united. */
function flattenAllOf(doc: unknown, schema: JsonObject, seen: Set<unknown>): JsonObject {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let merged: JsonObject = rest;
  for (const member of allOf) {
    const node = deref(doc, member).node;
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    merged = mergeSchemas(merged, flattenAllOf(doc, node, seen));
  }
  return merged;
}

function mergeSchemas(a: JsonObject, b: JsonObject): JsonObject {
  const merged: JsonObject = { ...b, ...a };
  if (isObject(a.properties) || isObject(b.properties))
    merged.properties = {
      ...(isObject(b.properties) ? b.properties : {}),
      ...(isObject(a.properties) ? a.properties : {}),
    };
  const required = [...requiredSet(a), ...requiredSet(b)];
  if (required.length > 0) merged.required = [...new Set(required)];
  return merged;
}
