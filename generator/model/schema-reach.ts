/**
 * Which schemas a part of the model can read: the transitive closure of the component schemas
 * (`model.schemas`, by name) and the other `$ref` targets (`model.refTargets`, by the ref as
 * written) reachable from some roots (an operation's parameters, bodies and responses) through
 * `$ref`s and discriminator `mapping` values (a ref, or a component's bare name), wherever they
 * stand in a schema (compositions, items, properties, ...). A per-part cache keys a part with a
 * fingerprint of what it reaches ({@link SchemaReach.fingerprint}), so that an edit of one schema
 * misses only the parts that reach it.
 *
 * Deliberately wide, never narrow: a ref into a component (`#/components/schemas/X/properties/y`)
 * reaches its target and the component `X` whole; a `mapping` value that names both a ref target
 * and a component reaches both; a ref that leads nowhere is kept by its text (its absence is part
 * of the key: the part fails or resolves the same way while it stays absent). Each value's own
 * refs are found once per instance (one instance per run and model).
 */
import { createHash } from "node:crypto";
import { isObject } from "../schema/json-pointer.js";
import { stronglyConnected } from "./strongly-connected.js";
import {
  COMPONENT_SCHEMA_PREFIX,
  componentSchemaName,
  type SchemaRefs,
} from "../schema/schema-refs.js";
import { sha256Hex } from "../cache/text-hash.js";

/** What some roots reach: component names and ref-target keys, each sorted. */
export interface Reach {
  readonly schemas: readonly string[];
  readonly refTargets: readonly string[];
  /** Refs and mapping names that lead to nothing in the model (sorted). */
  readonly missing: readonly string[];
}

/** A reached node: a component by name, or a ref target by its key. */
type Node = `schema:${string}` | `ref:${string}` | `missing:${string}`;

export class SchemaReach {
  /** Each node's own (direct) links. */
  readonly #links = new Map<Node, readonly Node[]>();
  readonly #hashes = new Map<Node, string>();

  constructor(private readonly refs: SchemaRefs) {}

  /** Everything reachable from `roots` (any values: operations, schemas, ...). */
  reach(roots: readonly unknown[]): Reach {
    const seen = new Set<Node>();
    const pending: Node[] = [];
    const add = (node: Node) => {
      if (!seen.has(node)) {
        seen.add(node);
        pending.push(node);
      }
    };
    for (const root of roots) for (const node of this.#linksOf(root)) add(node);
    while (pending.length > 0) {
      const node = pending.pop() as Node;
      for (const next of this.#nodeLinks(node)) add(next);
    }
    const of = (prefix: string) =>
      [...seen]
        .filter((node) => node.startsWith(prefix))
        .map((node) => node.slice(prefix.length))
        .sort();
    return { schemas: of("schema:"), refTargets: of("ref:"), missing: of("missing:") };
  }

  /** What the component `name`s reach, themselves included. */
  reachFromSchemas(names: readonly string[]): Reach {
    const roots = names.map((name) => ({ $ref: `${COMPONENT_SCHEMA_PREFIX}${escape(name)}` }));
    return this.reach(roots);
  }

  /** {@link fingerprint} of the component `name`s, themselves included. */
  schemasFingerprint(names: readonly string[]): string {
    return this.fingerprint(
      names.map((name) => ({ $ref: `${COMPONENT_SCHEMA_PREFIX}${escape(name)}` })),
    );
  }

  /**
   * A text that changes whenever a value reachable from `roots` changes (or appears, or goes
   * away): each node `roots` link to directly, with its deep hash, which covers its own value and
   * the deep hashes of all it reaches (a hash over the graph of reference cycles, each cycle
   * hashed once: see {@link #deepHash}). Small whatever the reach, and made in time linear in the
   * model once per instance.
   */
  fingerprint(roots: readonly unknown[]): string {
    const links = new Set<Node>();
    for (const root of roots) for (const node of this.#linksOf(root)) links.add(node);
    return [...links]
      .sort()
      .map((node) => `${JSON.stringify(node)}=${this.#deepHash(node)}`)
      .join("\n");
  }

  readonly #deep = new Map<Node, string>();

  /**
   * The hash of `node`'s value and of everything it reaches: the nodes are grouped into strongly
   * connected components (strongly-connected.ts), each component hashed from its members'
   * own hashes and the deep hashes of the components it links to (hashed before it: the
   * components come sinks first).
   */
  #deepHash(start: Node): string {
    const known = this.#deep.get(start);
    if (known !== undefined) return known;
    const components = stronglyConnected([start], (node) =>
      this.#nodeLinks(node).filter((next) => !this.#deep.has(next)),
    );
    for (const members of components) {
      const inside = new Set(members);
      const outside = new Set<string>();
      for (const each of members)
        for (const next of this.#nodeLinks(each))
          if (!inside.has(next)) outside.add(`${next}=${this.#deep.get(next) ?? "?"}`);
      const text = [
        ...members.map((each) => `${each}=${this.#hash(each)}`).sort(),
        "->",
        ...[...outside].sort(),
      ].join("\n");
      const hash = sha256Hex(text);
      for (const each of members) this.#deep.set(each, hash);
    }
    return this.#deep.get(start) as string;
  }

  #hash(node: Node): string {
    let hash = this.#hashes.get(node);
    if (hash === undefined) {
      const value = this.#value(node);
      const text = value === undefined ? "absent" : (JSON.stringify(value) ?? "undefined");
      hash = createHash("sha256").update(text).digest("hex");
      this.#hashes.set(node, hash);
    }
    return hash;
  }

  #value(node: Node): unknown {
    if (node.startsWith("schema:")) {
      const name = node.slice("schema:".length);
      return Object.hasOwn(this.refs.schemas, name) ? this.refs.schemas[name] : undefined;
    }
    if (node.startsWith("ref:")) {
      const ref = node.slice("ref:".length);
      return Object.hasOwn(this.refs.refTargets, ref) ? this.refs.refTargets[ref] : undefined;
    }
    return undefined;
  }

  #nodeLinks(node: Node): readonly Node[] {
    let links = this.#links.get(node);
    if (links === undefined) {
      links = this.#linksOf(this.#value(node));
      this.#links.set(node, links);
    }
    return links;
  }

  /** The nodes `value`'s own `$ref`s and mapping values lead to (not followed further). */
  #linksOf(value: unknown): Node[] {
    const links = new Set<Node>();
    const pending: unknown[] = [value];
    while (pending.length > 0) {
      const item = pending.pop();
      if (Array.isArray(item)) {
        pending.push(...item);
        continue;
      }
      if (!isObject(item)) continue;
      for (const key in item) {
        const child = item[key];
        if (key === "$ref" && typeof child === "string") this.#refNodes(child, links, false);
        else if (typeof child === "object" && child !== null) pending.push(child);
      }
      const discriminator = item.discriminator;
      if (isObject(discriminator) && isObject(discriminator.mapping))
        for (const target of Object.values(discriminator.mapping))
          if (typeof target === "string") this.#refNodes(target, links, true);
    }
    return [...links];
  }

  /** The nodes `ref` stands for; `bare`: it may be a component's bare name (a mapping value). */
  #refNodes(ref: string, into: Set<Node>, bare: boolean): void {
    let found = false;
    const component = componentSchemaName(ref);
    if (component !== undefined && Object.hasOwn(this.refs.schemas, component)) {
      into.add(`schema:${component}`);
      found = true;
    }
    if (Object.hasOwn(this.refs.refTargets, ref)) {
      into.add(`ref:${ref}`);
      found = true;
    }
    // a ref into a component (`#/components/schemas/X/properties/y`): X whole as well
    const inside = ref.startsWith(COMPONENT_SCHEMA_PREFIX)
      ? componentSchemaName(ref.split("/").slice(0, 4).join("/"))
      : undefined;
    if (inside !== undefined && Object.hasOwn(this.refs.schemas, inside))
      into.add(`schema:${inside}`);
    if (bare && Object.hasOwn(this.refs.schemas, ref)) {
      into.add(`schema:${ref}`);
      found = true;
    }
    if (!found) into.add(`missing:${ref}`);
  }
}

/** A component name as a JSON pointer token. */
function escape(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}
