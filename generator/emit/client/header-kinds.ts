/**
 * The client descriptor's `responseHeaders`: for each response that declares headers, how each
 * header is parsed on the result (`HeaderKind`, from the header's schema type).
 * https://spec.openapis.org/oas/v3.0.3#header-object
 */
import type { HeaderKind } from "../../../templates/client/descriptor.js";
import type { ApiModel, OperationModel, SchemaModel } from "../../model/types.js";
import { readSchemaRef } from "../../schema/schema-refs.js";

const SCALARS: ReadonlySet<string> = new Set(["string", "integer", "number", "boolean"]);

/** Follows `$ref`s through the model (schema-refs.ts; at most `depth` hops, for cycles). */
function resolve(
  schema: SchemaModel | undefined,
  model: ApiModel,
  depth = 8,
): SchemaModel | undefined {
  if (schema === undefined || typeof schema === "boolean" || depth === 0) return schema;
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  let target: unknown;
  try {
    target = readSchemaRef(model, ref);
  } catch {
    return undefined; // the validators' emitter reports a $ref that leads nowhere
  }
  return resolve(target as SchemaModel, model, depth - 1);
}

/** The schema's single type (`["integer", "null"]` is `integer`), `undefined` when it has none or several. */
function schemaType(schema: SchemaModel | undefined): string | undefined {
  if (schema === undefined || typeof schema === "boolean") return undefined;
  const type = schema.type;
  if (typeof type === "string") return type;
  if (!Array.isArray(type)) return undefined;
  const types = type.filter((item) => item !== "null");
  return types.length === 1 && typeof types[0] === "string" ? types[0] : undefined;
}

/**
 * How a header is parsed: its scalar type, `<scalar>[]` for an array of scalars, `string` when the
 * schema gives no type; `undefined` for objects and arrays of non-scalars, which a header value
 * cannot be read as (such a header is left off the result).
 */
export function headerKind(
  schema: SchemaModel | undefined,
  model: ApiModel,
): HeaderKind | undefined {
  const resolved = resolve(schema, model);
  const type = schemaType(resolved);
  if (type === undefined) return "string";
  if (SCALARS.has(type)) return type as HeaderKind;
  if (type !== "array" || resolved === undefined || typeof resolved === "boolean") return undefined;
  const items = resolve(resolved.items as SchemaModel | undefined, model);
  const itemType = schemaType(items) ?? "string";
  return SCALARS.has(itemType) ? (`${itemType}[]` as HeaderKind) : undefined;
}

/**
 * `{ "<Header-Name>": kind }` over every response of `operation` that declares headers. A header
 * that responses declare with different kinds is left out (parsing it one way would give one of
 * them a value its type does not allow; left out, it is `undefined`, which every type allows).
 * `Content-Type` is skipped (the spec says a response header of that name is ignored).
 */
export function responseHeaderKinds(
  operation: OperationModel,
  model: ApiModel,
): Record<string, HeaderKind> | undefined {
  const byName = new Map<string, Record<string, HeaderKind>>();
  for (const response of operation.responses) {
    for (const header of response.headers) {
      if (header.name.toLowerCase() === "content-type") continue;
      const kind = headerKind(header.schema, model);
      if (kind === undefined) continue;
      const byStatus = byName.get(header.name) ?? {};
      byStatus[response.status] = kind;
      byName.set(header.name, byStatus);
    }
  }
  if (byName.size === 0) return undefined;
  const out: Record<string, HeaderKind> = {};
  for (const [name, byStatus] of byName) {
    const kinds = new Set(Object.values(byStatus));
    if (kinds.size === 1) out[name] = [...kinds][0]!;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
