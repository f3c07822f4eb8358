/**
 * Transform plans: where in a value the opt-in transforms apply (templates/client/transforms.ts
 * reads them): `format: date-time` strings (→ `Date`) and `format: int64` integers (→ `bigint`),
 * through properties, `additionalProperties`, `items`, `allOf`/`oneOf`/`anyOf` branches and
 * `$ref`s. A component schema with a transform somewhere inside is a named plan, referred to as
 * `{ r: name }` (so recursive schemas stay finite); one without any is left out, and so are the
 * references to it, so a plan only describes the paths that change.
 */
import type { TransformPlan, TransformPlans } from "../../templates/client/transforms.js";
import { isObject } from "./json-pointer.js";

const COMPONENT_PREFIX = "#/components/schemas/";
const BRANCHES = ["allOf", "oneOf", "anyOf"] as const;

export interface TransformPlanner {
  /** The named plans (by component name) that `{ r }` refers to. */
  readonly plans: TransformPlans;
  /** The plan of a schema, `undefined` when no transform applies anywhere in it. */
  planOf(schema: unknown): TransformPlan | undefined;
}

/** The planner of a document's schemas; `read` resolves a `$ref` that is not a component (`undefined` when it cannot). */
export function transformPlanner(
  components: Readonly<Record<string, unknown>>,
  read: (ref: string) => unknown = () => undefined,
): TransformPlanner {
  const active = activeComponents(components, read);
  const planOf = (schema: unknown, inlining: readonly string[] = []): TransformPlan | undefined => {
    if (!isObject(schema)) return undefined;
    const parts: TransformPlan[] = [];
    const ref = schema.$ref;
    if (typeof ref === "string") {
      const name = componentName(ref);
      if (name !== undefined) {
        if (active.has(name)) parts.push({ r: name });
      } else if (!inlining.includes(ref)) {
        const inlined = planOf(read(ref), [...inlining, ref]);
        if (inlined !== undefined) parts.push(inlined);
      }
    }
    const leaf = leafOf(schema);
    if (leaf !== undefined) return leaf;
    const node: { p?: Record<string, TransformPlan>; a?: TransformPlan; i?: TransformPlan } = {};
    if (isObject(schema.properties)) {
      for (const [key, property] of Object.entries(schema.properties)) {
        const plan = planOf(property, inlining);
        if (plan !== undefined) (node.p ??= {})[key] = plan;
      }
    }
    const additional = planOf(schema.additionalProperties, inlining);
    if (additional !== undefined) node.a = additional;
    const items = planOf(schema.items, inlining);
    if (items !== undefined) node.i = items;
    if (Object.keys(node).length > 0) parts.push(node);
    for (const keyword of BRANCHES) {
      const branches = schema[keyword];
      if (!Array.isArray(branches)) continue;
      for (const branch of branches) {
        const plan = planOf(branch, inlining);
        if (plan !== undefined) parts.push(plan);
      }
    }
    if (parts.length === 0) return undefined;
    return parts.length === 1 ? parts[0] : { b: parts };
  };
  const plans: Record<string, TransformPlan> = {};
  for (const name of Object.keys(components)) {
    if (!active.has(name)) continue;
    const plan = planOf(components[name]);
    if (plan !== undefined) plans[name] = plan;
  }
  return { plans, planOf: (schema) => planOf(schema) };
}

/** `date-time` for a string of that format, `int64` for an integer of that format. */
function leafOf(schema: Readonly<Record<string, unknown>>): TransformPlan | undefined {
  const types = typeof schema.type === "string" ? [schema.type] : schema.type;
  const allows = (type: string) => !Array.isArray(types) || types.includes(type);
  if (schema.format === "date-time" && allows("string")) return "date-time";
  if (schema.format === "int64" && (allows("integer") || allows("number"))) return "int64";
  return undefined;
}

function componentName(ref: string): string | undefined {
  if (!ref.startsWith(COMPONENT_PREFIX)) return undefined;
  const name = ref.slice(COMPONENT_PREFIX.length);
  return name.includes("/") ? undefined : name;
}

/** The components with a transform somewhere inside, through the components they refer to. */
function activeComponents(
  components: Readonly<Record<string, unknown>>,
  read: (ref: string) => unknown,
): Set<string> {
  const direct = new Set<string>();
  const refersTo = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries(components)) {
    const refs = new Set<string>();
    const visit = (node: unknown, inlining: readonly string[]): void => {
      if (Array.isArray(node)) return node.forEach((item) => visit(item, inlining));
      if (!isObject(node)) return;
      if (leafOf(node) !== undefined) direct.add(name);
      const ref = node.$ref;
      if (typeof ref === "string") {
        const target = componentName(ref);
        if (target !== undefined) refs.add(target);
        else if (!inlining.includes(ref)) visit(read(ref), [...inlining, ref]);
      }
      for (const [key, child] of Object.entries(node)) {
        if (key === "properties" && isObject(child))
          Object.values(child).forEach((v) => visit(v, inlining));
        else if (key === "additionalProperties" || key === "items") visit(child, inlining);
        else if ((BRANCHES as readonly string[]).includes(key)) visit(child, inlining);
      }
    };
    visit(schema, []);
    refersTo.set(name, refs);
  }
  const active = new Set(direct);
  for (let changed = true; changed;) {
    changed = false;
    for (const [name, refs] of refersTo) {
      if (active.has(name)) continue;
      if ([...refs].some((ref) => active.has(ref))) {
        active.add(name);
        changed = true;
      }
    }
  }
  return active;
}
