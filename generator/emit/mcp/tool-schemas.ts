/**
 * JSON Schemas for MCP tools, from the schema model through the validators' conversion
 * (generator/schema/to-json-schema.ts: one OpenAPI → JSON Schema rule for the whole generator).
 * MCP needs each schema self-contained: a component `$ref` becomes `#/$defs/<Name>` and the
 * components it reaches are converted into the root's `$defs`.
 */
import { isObject } from "../../model/resolve-ref.js";
import type { ApiModel, SchemaModel } from "../../model/types.js";
import { componentSchemaName } from "../../schema/schema-refs.js";
import { API_SCHEMA_ID, toJsonSchema } from "../../schema/to-json-schema.js";

const COMPONENT_REF = `${API_SCHEMA_ID}#/components/schemas/`;

export interface SchemaConverter {
  /** The converted schema, its component refs rewritten to `#/$defs/<Name>`; names reached are added to `reached`. */
  convert(schema: SchemaModel | undefined, reached: Set<string>): unknown;
  /** `$defs` for the components reached (and those they reach), in code-unit order. */
  definitions(reached: Set<string>): Record<string, unknown> | undefined;
  /** The names of {@link definitions}' components, in the same order (no schema copied). */
  definitionNames(reached: Set<string>): string[];
  /** The component a schema is a bare `$ref` to, if it is one. */
  component(schema: SchemaModel | undefined): string | undefined;
  /** A component's own schema, as the spec writes it. */
  componentSchema(name: string): SchemaModel | undefined;
}

/**
 * What of the model the converter reads (the tools read nothing else of it but their operation):
 * the keys of a tool's cached part (emit-mcp.ts, cache/cached-emitters.ts).
 */
export const CONVERTER_MODEL_KEYS = ["openapiVersion", "refTargets", "schemas"] as const;
export type ConverterModel = Pick<ApiModel, (typeof CONVERTER_MODEL_KEYS)[number]>;

/** Only the values of `model` the converter reads, so that it can read nothing else. */
export function converterModel(model: ConverterModel): ConverterModel {
  return {
    openapiVersion: model.openapiVersion,
    refTargets: model.refTargets,
    schemas: model.schemas,
  };
}

export function schemaConverter(model: ConverterModel): SchemaConverter {
  const options = {
    refs: model,
    openapi31: model.openapiVersion.startsWith("3.1"),
    formats: new Set<string>(),
    // what the conversion cannot enforce is reported once, by the validators' emitter
    warnings: [] as string[],
  };
  const rewrite = (value: unknown, reached: Set<string>): unknown => {
    if (Array.isArray(value)) return value.map((item) => rewrite(item, reached));
    if (!isObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === "$ref" && typeof item === "string" && item.startsWith(COMPONENT_REF)) {
        const name = item.slice(COMPONENT_REF.length);
        reached.add(name);
        out[key] = `#/$defs/${name}`;
      } else {
        out[key] = rewrite(item, reached);
      }
    }
    return out;
  };
  const convert = (schema: SchemaModel | undefined, reached: Set<string>): unknown =>
    rewrite(toJsonSchema(schema, options), reached);
  // each component converted once per run, with the components it refers to
  const components = new Map<string, { schema: unknown; refs: string[] }>();
  const componentOf = (name: string): { schema: unknown; refs: string[] } => {
    let converted = components.get(name);
    if (converted === undefined) {
      const refs = new Set<string>();
      converted = { schema: convert(model.schemas[name], refs), refs: [...refs] };
      components.set(name, converted);
    }
    return converted;
  };
  // each component's closure (itself and what it reaches) worked out once per run: tools share
  // most of theirs (on Stripe, working them out per tool was a fifth of mcp.ts's time)
  const closures = new Map<string, readonly string[]>();
  const closureOf = (root: string): readonly string[] => {
    let closure = closures.get(root);
    if (closure === undefined) {
      const done = new Set<string>([root]);
      const queue = [root];
      for (let at = 0; at < queue.length; at++)
        for (const next of componentOf(queue[at] as string).refs)
          if (!done.has(next)) {
            done.add(next);
            queue.push(next);
          }
      closure = queue;
      closures.set(root, closure);
    }
    return closure;
  };
  // tools reach the same sets again and again (an output that is one component, say)
  const unions = new Map<string, readonly string[]>();
  const definitionNames = (reached: Set<string>): string[] => {
    const key = [...reached].sort().join("\0");
    let union = unions.get(key);
    if (union === undefined) {
      const names = new Set<string>();
      for (const name of reached) for (const next of closureOf(name)) names.add(next);
      // code-unit order
      union = [...names].sort();
      unions.set(key, union);
    }
    return [...union];
  };
  return {
    convert,
    definitions(reached) {
      const names = definitionNames(reached);
      if (names.length === 0) return undefined;
      return Object.fromEntries(names.map((name) => [name, componentOf(name).schema]));
    },
    definitionNames,
    component(schema) {
      if (!isObject(schema) || typeof schema.$ref !== "string") return undefined;
      return componentSchemaName(schema.$ref);
    },
    componentSchema: (name) => model.schemas[name],
  };
}
