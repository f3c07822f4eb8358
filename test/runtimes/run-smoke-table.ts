/**
 * Runs the smoke table (smoke-table.ts) over HTTP against a base URL and returns every mismatch,
 * one line each (`<row name>: <what differed>`): empty when the server met the whole table.
 */
import {
  SMOKE_TABLE,
  type BodyShape,
  type HeaderShape,
  type SmokeRow,
  type ValueShape,
} from "./smoke-table.js";

/** A row whose response takes longer has hung (e.g. a body nobody reads): a problem, not a wait. */
const ROW_TIMEOUT_MS = 10_000;

function resolvePath(row: SmokeRow, captured: ReadonlyMap<string, string>): string {
  return row.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => {
    const value = captured.get(name);
    if (value === undefined)
      throw new Error(`${row.name}: {${name}} was not captured by an earlier row`);
    return encodeURIComponent(value);
  });
}

function headerProblem(
  name: string,
  expected: HeaderShape,
  actual: string | null,
): string | undefined {
  if (expected === "<absent>")
    return actual === null
      ? undefined
      : `header ${name} should be absent, is ${JSON.stringify(actual)}`;
  if (actual === null) return `header ${name} is missing`;
  if (expected === "<present>") return undefined;
  if (typeof expected === "string")
    return actual === expected
      ? undefined
      : `header ${name} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
  return expected.test(actual)
    ? undefined
    : `header ${name} is ${JSON.stringify(actual)}, expected ${String(expected)}`;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  return typeof value;
}

function valueProblem(field: string, expected: ValueShape, actual: unknown): string | undefined {
  if (expected !== null && typeof expected === "object") {
    return typeOf(actual) === expected.type
      ? undefined
      : `body.${field} is ${JSON.stringify(actual)}, expected a ${expected.type}`;
  }
  return actual === expected
    ? undefined
    : `body.${field} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`;
}

function bodyProblems(expected: BodyShape, status: number, body: unknown): string[] {
  if ("error" in expected) {
    if (typeOf(body) !== "object")
      return [`body is ${JSON.stringify(body)}, expected the Error body`];
    const error = body as Record<string, unknown>;
    return [
      valueProblem("code", expected.error, error["code"]),
      valueProblem("status", status, error["status"]),
      valueProblem("message", { type: "string" }, error["message"]),
    ].filter((problem) => problem !== undefined);
  }
  if ("array" in expected) {
    if (!Array.isArray(body)) return [`body is ${typeOf(body)}, expected an array`];
    const min = expected.minLength ?? 0;
    return body.length >= min ? [] : [`body has ${body.length} items, expected at least ${min}`];
  }
  if (typeOf(body) !== "object") return [`body is ${JSON.stringify(body)}, expected an object`];
  const object = body as Record<string, unknown>;
  return Object.entries(expected.fields)
    .map(([field, shape]) => valueProblem(field, shape, object[field]))
    .filter((problem) => problem !== undefined);
}

/** One row: its problems (empty when it passed). */
async function runRow(
  baseUrl: string,
  row: SmokeRow,
  captured: Map<string, string>,
): Promise<string[]> {
  const url = `${baseUrl}${resolvePath(row, captured)}`;
  const init: RequestInit = { method: row.method, headers: { ...row.headers }, redirect: "manual" };
  if (row.body !== undefined)
    init.body = typeof row.body === "string" ? row.body : JSON.stringify(row.body);
  const response = await fetch(url, init);
  const text = await response.text();
  const problems: string[] = [];
  if (response.status !== row.status)
    problems.push(`status ${response.status}, expected ${row.status} (body ${text.slice(0, 200)})`);
  for (const [name, expected] of Object.entries(row.responseHeaders ?? {})) {
    const problem = headerProblem(name, expected, response.headers.get(name));
    if (problem !== undefined) problems.push(problem);
  }
  let body: unknown;
  if (row.responseBody !== undefined || row.capture !== undefined) {
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`body is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
      return problems;
    }
  }
  if (row.responseBody !== undefined)
    problems.push(...bodyProblems(row.responseBody, response.status, body));
  if (row.capture !== undefined) {
    const value = (body as Record<string, unknown> | null)?.[row.capture.field];
    if (typeof value === "string" || typeof value === "number")
      captured.set(row.capture.name, String(value));
    else
      problems.push(
        `body.${row.capture.field} (to capture as {${row.capture.name}}) is ${JSON.stringify(value)}`,
      );
  }
  return problems;
}

/**
 * Every row in order against `baseUrl` (no trailing slash, e.g. `http://127.0.0.1:4000/api/v1`).
 * A row whose request fails (connection refused, reset) stops the run with that error as a problem.
 */
export async function runSmokeTable(
  baseUrl: string,
  table: readonly SmokeRow[] = SMOKE_TABLE,
): Promise<string[]> {
  const captured = new Map<string, string>();
  const problems: string[] = [];
  for (const row of table) {
    try {
      problems.push(
        ...(await runRow(baseUrl, row, captured)).map(
          (problem) => `${row.method} ${row.path} (${row.name}): ${problem}`,
        ),
      );
    } catch (error) {
      problems.push(
        `${row.method} ${row.path} (${row.name}): request failed: ${error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error)}`,
      );
      break;
    }
  }
  return problems;
}
