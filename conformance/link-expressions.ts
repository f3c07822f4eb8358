/**
 * OpenAPI runtime expressions of links (https://spec.openapis.org/oas/v3.0.3#runtime-expressions):
 * `$url`, `$method`, `$statusCode`, `$request.{path,query,header}.<name>`, `$request.body#/ptr`,
 * `$response.header.<name>`, `$response.body#/ptr`, whole or embedded in a string as `{$...}`;
 * anything else is a constant.
 */
import type { GeneratedRequest } from "./request-arbitrary.js";
import type { PreparedRequest } from "./http-request.js";
import { valueAt } from "./checks/response-checks.js";
import type { ObservedResponse } from "./sender.js";

export interface LinkContext {
  readonly generated: GeneratedRequest;
  readonly request: PreparedRequest;
  readonly response: ObservedResponse;
  readonly responseBody: unknown;
}

/** The value of an expression, or undefined when it names nothing. */
export function evaluateExpression(expression: unknown, context: LinkContext): unknown {
  if (typeof expression !== "string") return expression;
  if (expression.startsWith("$")) return evaluateOne(expression, context);
  if (!expression.includes("{$")) return expression;
  let missing = false;
  const text = expression.replace(/\{(\$[^{}]+)\}/g, (_whole, inner: string) => {
    const value = evaluateOne(inner, context);
    if (value === undefined) missing = true;
    return String(value);
  });
  return missing ? undefined : text;
}

function evaluateOne(expression: string, context: LinkContext): unknown {
  if (expression === "$url") return context.request.url;
  if (expression === "$method") return context.request.method;
  if (expression === "$statusCode") return context.response.status;
  const body = /^\$(request|response)\.body(?:#(.*))?$/.exec(expression);
  if (body !== null) {
    const source = body[1] === "request" ? context.generated.body?.value : context.responseBody;
    return body[2] === undefined || body[2] === "" ? source : valueAt(source, body[2]);
  }
  const part = /^\$(request|response)\.(path|query|header)\.(.+)$/.exec(expression);
  if (part === null) return undefined;
  const [, side, location, name] = part as unknown as [string, string, string, string];
  if (side === "response")
    return location === "header" ? (context.response.headers.get(name) ?? undefined) : undefined;
  if (location === "header")
    return context.request.headers.find(
      ([header]) => header.toLowerCase() === name.toLowerCase(),
    )?.[1];
  return (context.generated.parameters[location as "path" | "query"] as Record<string, unknown>)[
    name
  ];
}
