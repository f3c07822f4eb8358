/**
 * Request side: the security an operation requires (its own `security`, else the root one) and
 * the definitions of the schemes it uses. Requirements are compared as sets of alternatives, each
 * alternative a set of `Scheme[scopes]`; an empty alternative (`{}`) means anonymous access.
 */
import type { DiffContext } from "./diff-context.js";
import type { OperationInfo } from "./operations.js";
import { ChangeSink } from "./raw-change.js";
import type { RawChange } from "./raw-change.js";
import { isObject, jsonEqual } from "./refs.js";

const ANONYMOUS = "(anonymous)";

interface Requirement {
  /** Normalized alternatives, e.g. `ApiKeyAuth`, `OAuth[read,write] + ApiKeyAuth`, `(anonymous)`. */
  readonly alternatives: readonly string[];
  /** The scheme names used by any alternative. */
  readonly schemes: readonly string[];
  /** Whether the requirement comes from the root `security` (no operation-level one). */
  readonly inherited: boolean;
}

export function requirementOf(doc: unknown, operation: OperationInfo): Requirement {
  const own = operation.operation.security;
  const inherited = own === undefined;
  const raw = inherited ? (isObject(doc) ? doc.security : undefined) : own;
  const list = Array.isArray(raw) ? raw.filter(isObject) : [];
  const schemes = new Set<string>();
  const alternatives = list.map((entry) => {
    const parts = Object.entries(entry).map(([scheme, scopes]) => {
      schemes.add(scheme);
      const names = Array.isArray(scopes) ? scopes.map(String).sort() : [];
      return names.length > 0 ? `${scheme}[${names.join(",")}]` : scheme;
    });
    return parts.length > 0 ? parts.sort().join(" + ") : ANONYMOUS;
  });
  return {
    alternatives: [...new Set(alternatives)].sort(),
    schemes: [...schemes].sort(),
    inherited,
  };
}

export function diffSecurity(
  ctx: DiffContext,
  base: OperationInfo,
  head: OperationInfo,
): RawChange[] {
  const before = requirementOf(ctx.baseDoc, base);
  const after = requirementOf(ctx.headDoc, head);
  const out: RawChange[] = [];
  const location = before.inherited && after.inherited ? "#/security" : base.key;
  const sink = new ChangeSink(
    { side: "request", location, path: location === base.key ? "security" : "" },
    out,
  );
  if (!jsonEqual(before.alternatives, after.alternatives)) {
    const wasOpen = before.alternatives.length === 0 || before.alternatives.includes(ANONYMOUS);
    const isOpen = after.alternatives.length === 0 || after.alternatives.includes(ANONYMOUS);
    const values = { before: before.alternatives, after: after.alternatives };
    const text = (alternatives: readonly string[]) =>
      alternatives.length > 0 ? alternatives.join(" or ") : "none";
    if (wasOpen && !isOpen) {
      sink.breaking(
        "security-added",
        `security requirement added (${text(after.alternatives)}): anonymous requests are rejected`,
        values,
      );
    } else if (
      isOpen ||
      before.alternatives.every((alternative) => after.alternatives.includes(alternative))
    ) {
      sink.compatible(
        "security-relaxed",
        "patch",
        `security relaxed from ${text(before.alternatives)} to ${text(after.alternatives)}`,
        values,
      );
    } else {
      sink.breaking(
        "security-changed",
        `security changed from ${text(before.alternatives)} to ${text(after.alternatives)}: existing credentials may be rejected`,
        values,
      );
    }
  }
  for (const scheme of before.schemes) {
    if (!after.schemes.includes(scheme)) continue;
    out.push(...ctx.once(`securityScheme ${scheme}`, () => diffScheme(ctx, scheme)));
  }
  return out;
}

/** A used scheme whose definition changed (type, header name, flows...) breaks every caller. */
function diffScheme(ctx: DiffContext, name: string): RawChange[] {
  const before = schemeOf(ctx.baseDoc, name);
  const after = schemeOf(ctx.headDoc, name);
  const out: RawChange[] = [];
  if (!before || !after) return out;
  const strip = ({ description: _description, ...rest }: Record<string, unknown>) => rest;
  if (jsonEqual(strip(before), strip(after))) return out;
  const changed = Object.keys({ ...before, ...after }).filter(
    (key) => key !== "description" && !jsonEqual(before[key], after[key]),
  );
  new ChangeSink(
    { side: "request", location: `#/components/securitySchemes/${name}`, path: "" },
    out,
  ).breaking(
    "security-scheme-changed",
    `security scheme ${name} changed (${changed.join(", ")}): clients send credentials the old way`,
    { before: strip(before), after: strip(after) },
  );
  return out;
}

function schemeOf(doc: unknown, name: string): Record<string, unknown> | undefined {
  const components = isObject(doc) ? doc.components : undefined;
  const schemes = isObject(components) ? components.securitySchemes : undefined;
  const scheme = isObject(schemes) ? schemes[name] : undefined;
  return isObject(scheme) ? scheme : undefined;
}
