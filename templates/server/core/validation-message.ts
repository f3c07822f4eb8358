// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Turns a validator's issues into one message that names the field and the rule, e.g.
 * `query.limit must be <= 100 (maximum)` or `body must have required property 'name' (required)`.
 */
import type { ValidationIssue } from "./descriptor.js";
import { plainTextTypes } from "./plain-text.js";

/** `/query/limit` → `query.limit`, `/tags/0` → `tags[0]` (JSON pointer escapes undone). */
export function fieldName(prefix: string, instancePath: string): string {
  if (instancePath === "") return prefix;
  let name = prefix;
  for (const raw of instancePath.slice(1).split("/")) {
    const segment = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (/^(0|[1-9][0-9]*)$/.test(segment)) name += `[${segment}]`;
    else name += name === "" ? segment : `.${segment}`;
  }
  return name;
}

function quoteList(values: unknown): string {
  return Array.isArray(values) ? values.map((value) => JSON.stringify(value)).join(", ") : "";
}

function ruleText(issue: ValidationIssue): string {
  const params = issue.params;
  switch (issue.keyword) {
    case "required":
      return `must have required property '${String(params["missingProperty"])}'`;
    case "additionalProperties":
      return `has unknown property '${String(params["additionalProperty"])}'`;
    case "unevaluatedProperties":
      return `has unknown property '${String(params["unevaluatedProperty"])}'`;
    case "enum":
      return `must be one of ${quoteList(params["allowedValues"])}`;
    case "const":
      return `must be ${JSON.stringify(params["allowedValue"])}`;
    case "type":
      return `must be ${Array.isArray(params["type"]) ? params["type"].join(" or ") : String(params["type"])}`;
    case "format":
      return issue.message ?? `must match format "${String(params["format"])}"`;
    case "minLength":
    case "maxLength":
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
    case "minItems":
    case "maxItems":
    case "pattern":
    default:
      return issue.message ?? "is invalid";
  }
}

/**
 * One clear message from a validator's issues (the first issue is described).
 * @param prefix the name of the validated value: `body`, `response body`, or `""` for the
 *   parameter object, whose paths already start with `/query`, `/path`, ...
 */
export function validationMessage(
  prefix: string,
  issues: readonly ValidationIssue[] | null | undefined,
): string {
  const issue = issues?.[0];
  if (issue === undefined) return `${prefix === "" ? "request" : prefix} is invalid`;
  const field = fieldName(prefix, issue.instancePath);
  // a text refused before coercion (plain-text.ts) is of the wrong type, as a type issue says
  const plain =
    issue.keyword === "pattern" ? plainTextTypes(String(issue.params["pattern"])) : undefined;
  if (plain !== undefined) return `${field === "" ? "request" : field} must be ${plain} (type)`;
  return `${field === "" ? "request" : field} ${ruleText(issue)} (${issue.keyword})`;
}
