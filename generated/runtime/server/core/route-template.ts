// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Path templates as the router reads them.
 *
 * - A segment is static text, one parameter filling it (`{petId}`), or a pattern mixing text and
 *   parameters (`{Sid}.json`, `download{extension}`, `{name}.{format}`). In a pattern each
 *   parameter takes at least one character and as few as the text after it allows, so
 *   `{name}.{format}` splits `a.b.c` into `a` and `b.c`.
 * - RFC 6570 operators some specs put in templates (`{.id}`, `{;id}`, `{id*}`) are not part of
 *   the parameter's name (the generator reads them the same way).
 * - A literal query in the template (`/responses/{id}?beta=true`) is a condition: the operation is
 *   chosen when the request's query has every one of those name=value pairs.
 * - A fragment (`/#Action=Describe`, `/{Bucket}#tagging`) holds route keys (route-keys.ts).
 */

export type SegmentTemplate =
  | { readonly kind: "static"; readonly text: string }
  | { readonly kind: "param"; readonly name: string }
  | {
      readonly kind: "pattern";
      /** The segment with parameter names left out (`{}.json`): equal keys route alike. */
      readonly key: string;
      readonly names: readonly string[];
      readonly matcher: RegExp;
      /** Characters of literal text: longer (more specific) patterns are tried first. */
      readonly literalLength: number;
      /** Two parameters with no text between them (`{a}{b}`): the split is a guess. */
      readonly adjacent: boolean;
    };

export interface RouteTemplate {
  readonly segments: readonly SegmentTemplate[];
  /** Literal query pairs of the template (`?beta=true` → [["beta", "true"]]). */
  readonly query: ReadonlyArray<readonly [string, string]>;
  /** The fragment without `#` (`Action=Describe`), `""` when the template has none. */
  readonly fragment: string;
}

const EXPRESSION = /\{([^{}]*)\}/g;

/** The parameter name of a template expression's inside (`.id` → `id`, `id*` → `id`). */
export function expressionName(inside: string): string {
  return inside.replace(/^[.;+#/?&]/, "").replace(/\*$/, "");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function parseSegment(segment: string, template: string): SegmentTemplate {
  if (!segment.includes("{") && !segment.includes("}")) return { kind: "static", text: segment };
  const whole = /^\{([^{}]*)\}$/.exec(segment);
  if (whole !== null) {
    const name = expressionName(whole[1] as string);
    if (name === "") throw new Error(`Empty parameter name in path template ${template}`);
    return { kind: "param", name };
  }
  const names: string[] = [];
  let source = "^";
  let key = "";
  let literalLength = 0;
  let adjacent = false;
  let last = 0;
  let previousWasParameter = false;
  for (const match of segment.matchAll(EXPRESSION)) {
    const text = segment.slice(last, match.index);
    if (text.includes("{") || text.includes("}")) {
      throw new Error(`Unbalanced braces in segment "${segment}" of path template ${template}`);
    }
    if (text === "" && previousWasParameter) adjacent = true;
    const name = expressionName(match[1] as string);
    if (name === "") throw new Error(`Empty parameter name in path template ${template}`);
    source += `${escapeRegExp(text)}([^/]+?)`;
    key += `${text}{}`;
    literalLength += text.length;
    names.push(name);
    last = match.index + match[0].length;
    previousWasParameter = true;
  }
  const tail = segment.slice(last);
  if (tail.includes("{") || tail.includes("}")) {
    throw new Error(`Unbalanced braces in segment "${segment}" of path template ${template}`);
  }
  source += `${escapeRegExp(tail)}$`;
  key += tail;
  literalLength += tail.length;
  return {
    kind: "pattern",
    key,
    names,
    matcher: new RegExp(source),
    literalLength,
    adjacent,
  };
}

/**
 * Parses a path template (`/a/{id}.json?beta=true`). Throws an `Error` saying what is wrong for a
 * template that does not start with `/` or has unbalanced braces.
 */
export function parseRouteTemplate(template: string): RouteTemplate {
  const hash = template.indexOf("#");
  const fragment = hash === -1 ? "" : template.slice(hash + 1);
  const target = hash === -1 ? template : template.slice(0, hash);
  const questionMark = target.indexOf("?");
  const path = questionMark === -1 ? target : target.slice(0, questionMark);
  if (!path.startsWith("/")) throw new Error(`Path template must start with "/": ${template}`);
  const query: [string, string][] =
    questionMark === -1 ? [] : [...new URLSearchParams(target.slice(questionMark + 1))];
  const segments = path === "/" ? [] : path.slice(1).split("/");
  return {
    segments: segments.map((segment) => parseSegment(segment, template)),
    query,
    fragment,
  };
}
