/**
 * JSON Schemas for MCP tools, from the schema model through the validators' conversion
 * (generator/schema/to-json-schema.ts: one OpenAPI → JSON Schema rule for the whole generator).
 * MCP needs each schema self-contained: a component `$ref` becomes `#/$defs/<Name>` and the
 * components it reaches are converted into the root's `$defs`.
 */
import { createHash } from "node:crypto";
import { isObject } from "../../model/resolve-ref.js";
import type { ApiModel, SchemaModel } from "../../model/types.js";
import { componentSchemaName, readSchemaRef } from "../../schema/schema-refs.js";
import { API_SCHEMA_ID, toJsonSchema } from "../../schema/to-json-schema.js";
import { sha256Hex } from "../../cache/text-hash.js";

const COMPONENT_REF = `${API_SCHEMA_ID}#/components/schemas/`;

export interface SchemaConverter {
  /** The converted schema, its component refs rewritten to `#/$defs/<Name>`; names reached are added to `reached`. */
  convert(schema: SchemaModel | undefined, reached: Set<string>): unknown;
  /** `$defs` for the components reached (and those they reach), in code-unit order. */
  definitions(reached: Set<string>): Record<string, unknown> | undefined;
  /**
   * The converted schemas of `names`, in their order: {@link definitions} of a set already closed
   * (every component each refers to among them) and sorted, without working out closures again.
   */
  closedDefinitions(names: readonly string[]): Record<string, unknown>;
  /** The names of {@link definitions}' components, in the same order (no schema copied). */
  definitionNames(reached: Set<string>): string[];
  /** The component a schema is a bare `$ref` to, if it is one. */
  component(schema: SchemaModel | undefined): string | undefined;
  /** A component's own schema, as the spec writes it. */
  componentSchema(name: string): SchemaModel | undefined;
  /**
   * `make()`, and what it read of the model's values besides the components it refers to: the ids
   * of the values a conversion read (a ref inlined or a discriminator's branch read for its tag,
   * `v <ref>`; a component's own schema, `s <name>`), sorted. What the components reached read
   * to be converted is not among them (see {@link readsDigest}).
   */
  recording<T>(make: () => T): { readonly result: T; readonly reads: string[] };
  /**
   * A digest of what a tool made by {@link recording} depends on through the model: the values
   * `reads` names, and the component refs of each of `names` (the components its schemas reach,
   * whose names are all the tool shows of them). Equal digests, same tool: a tool's part is reused
   * when its operation and this digest are the same (emit-mcp.ts).
   */
  readsDigest(reads: readonly string[], names: readonly string[]): string;
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
  // the ids read by the conversions under way in `recording`, outside the components' own
  let recorded: Set<string> | undefined;
  const options = {
    refs: model,
    read: (ref: string) => {
      recorded?.add(`v ${ref}`);
      return readSchemaRef(model, ref);
    },
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
      // what a component's conversion reads is covered by its refs (readsDigest), not recorded
      const outer = recorded;
      recorded = undefined;
      try {
        converted = { schema: convert(model.schemas[name], refs), refs: [...refs] };
      } finally {
        recorded = outer;
      }
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
  // each value read hashed once per converter (per run), each component's refs written once
  const digests = new Map<string, string>();
  // tools share their components (one output component's closure, say): each list digested once,
  // each component's line written once (after a schema edit every tool's digest is worked out)
  const refsDigests = new Map<string, string>();
  const refsLines = new Map<string, string>();
  const refsLine = (name: string): string => {
    let line = refsLines.get(name);
    if (line === undefined) {
      line = `${name}=${JSON.stringify([...componentOf(name).refs].sort())}\n`;
      refsLines.set(name, line);
    }
    return line;
  };
  const refsDigest = (names: readonly string[]): string => {
    const key = names.join("\0");
    let digest = refsDigests.get(key);
    if (digest === undefined) {
      digest = createHash("sha256").update(names.map(refsLine).join("")).digest("hex");
      refsDigests.set(key, digest);
    }
    return digest;
  };
  function valueDigest(id: string): string {
    let digest = digests.get(id);
    if (digest === undefined) {
      let text: string;
      try {
        const value = id.startsWith("s ")
          ? model.schemas[id.slice(2)]
          : readSchemaRef(model, id.slice(2));
        text = `=${JSON.stringify(value) ?? "undefined"}`;
      } catch (error) {
        text = `!${String(error)}`;
      }
      digest = sha256Hex(text);
      digests.set(id, digest);
    }
    return digest;
  }
  return {
    convert,
    definitions(reached) {
      const names = definitionNames(reached);
      if (names.length === 0) return undefined;
      return Object.fromEntries(names.map((name) => [name, componentOf(name).schema]));
    },
    closedDefinitions: (names) =>
      Object.fromEntries(names.map((name) => [name, componentOf(name).schema])),
    definitionNames,
    component(schema) {
      if (!isObject(schema) || typeof schema.$ref !== "string") return undefined;
      return componentSchemaName(schema.$ref);
    },
    componentSchema: (name) => {
      recorded?.add(`s ${name}`);
      return model.schemas[name];
    },
    recording(make) {
      const outer = recorded;
      const reads = new Set<string>();
      recorded = reads;
      try {
        return { result: make(), reads: [...reads].sort() };
      } finally {
        recorded = outer;
      }
    },
    readsDigest(reads, names) {
      const hash = createHash("sha256");
      for (const id of reads) hash.update(`${id}=${valueDigest(id)}\n`);
      return hash.update(refsDigest(names)).digest("hex");
    },
  };
}
