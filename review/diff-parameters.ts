/**
 * Request side: the parameters of one operation, keyed by location and name (`query.limit`,
 * `path.petId`, `header.x-trace`; header names case-insensitive).
 */
import type { DiffContext } from "./diff-context.js";
import { diffSchema } from "./diff-schema.js";
import type { OperationInfo } from "./operations.js";
import { ChangeSink } from "./raw-change.js";
import type { RawChange, Scope } from "./raw-change.js";
import { deref, isComponentPointer, isObject, show } from "./refs.js";
import type { JsonObject } from "./refs.js";

interface Parameter {
  readonly label: string;
  readonly node: JsonObject;
  readonly pointer: string | undefined;
}

export function diffParameters(
  ctx: DiffContext,
  base: OperationInfo,
  head: OperationInfo,
): RawChange[] {
  const before = parameterMap(ctx.baseDoc, base.parameters);
  const after = parameterMap(ctx.headDoc, head.parameters);
  const out: RawChange[] = [];
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const key of keys) {
    const oldParam = before.get(key);
    const newParam = after.get(key);
    if (oldParam && newParam) {
      if (isComponentPointer(oldParam.pointer) && oldParam.pointer === newParam.pointer) {
        const location = oldParam.pointer;
        out.push(
          ...ctx.once(`parameter ${location}`, () =>
            compareParameter(ctx, oldParam, newParam, {
              side: "request",
              location,
              path: oldParam.label,
            }),
          ),
        );
      } else {
        out.push(
          ...compareParameter(ctx, oldParam, newParam, {
            side: "request",
            location: base.key,
            path: oldParam.label,
          }),
        );
      }
      continue;
    }
    const sink = new ChangeSink(
      { side: "request", location: base.key, path: (oldParam ?? newParam)?.label ?? key },
      out,
    );
    if (oldParam) {
      sink.breaking(
        "parameter-removed",
        oldParam.node.in === "path"
          ? "path parameter removed"
          : `${String(oldParam.node.in)} parameter removed: clients that send it lose its effect, and generated clients drop it`,
      );
    } else if (newParam?.node.required === true) {
      sink.breaking(
        "required-parameter-added",
        "new required parameter: existing requests lack it",
      );
    } else {
      sink.compatible("parameter-added", "minor", "new optional parameter");
    }
  }
  return out;
}

function compareParameter(
  ctx: DiffContext,
  before: Parameter,
  after: Parameter,
  scope: Scope,
): RawChange[] {
  const out: RawChange[] = [];
  const sink = new ChangeSink(scope, out);
  const wasRequired = before.node.required === true;
  const isRequired = after.node.required === true;
  if (!wasRequired && isRequired)
    sink.breaking(
      "parameter-made-required",
      "optional parameter made required: requests that omit it are rejected",
    );
  else if (wasRequired && !isRequired)
    sink.compatible("parameter-made-optional", "patch", "required parameter made optional");
  if (before.node.deprecated !== true && after.node.deprecated === true)
    sink.deprecation("parameter-deprecated", "parameter deprecated");
  for (const key of ["style", "explode", "allowReserved"] as const) {
    if (before.node[key] !== after.node[key]) {
      sink.breaking(
        `parameter-${key}-changed`,
        `${key} changed from ${show(before.node[key])} to ${show(after.node[key])}: the wire format changes`,
        {
          before: before.node[key],
          after: after.node[key],
        },
      );
    }
  }
  out.push(...diffSchema(ctx, schemaOf(before.node), schemaOf(after.node), scope));
  return out;
}

function parameterMap(doc: unknown, nodes: readonly unknown[]): Map<string, Parameter> {
  const result = new Map<string, Parameter>();
  for (const raw of nodes) {
    const { node, pointer } = deref(doc, raw);
    if (!isObject(node) || typeof node.name !== "string" || typeof node.in !== "string") continue;
    const name = node.in === "header" ? node.name.toLowerCase() : node.name;
    result.set(`${node.in}.${name}`, { label: `${node.in}.${node.name}`, node, pointer });
  }
  return result;
}

/** The parameter's schema, or the schema of its first `content` entry. */
function schemaOf(parameter: JsonObject): unknown {
  if (parameter.schema !== undefined) return parameter.schema;
  const content = isObject(parameter.content) ? Object.values(parameter.content)[0] : undefined;
  return isObject(content) ? content.schema : undefined;
}
