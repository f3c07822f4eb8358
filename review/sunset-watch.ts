/**
 * `npm run sunsets`: which deprecated operations reach their `x-sunset` soon, or have passed it,
 * for the scheduled run on main (.github/workflows/sunset-watch.yml): lint only warns about them,
 * so that the date does not turn every open pull request red on the day; this report is where a
 * maintainer learns it is time to remove an operation.
 *
 *   tsx review/sunset-watch.ts [--spec spec/openapi.yaml] [--within 30] [--today YYYY-MM-DD]
 *                              [--format text|markdown|github]
 *
 * `github` prints workflow commands (`::warning file=…,line=…::`) so each due operation is an
 * annotation on the spec's line. Exit codes: 0 none has passed its sunset, 1 one has (remove it),
 * 2 usage, 3 the spec could not be read.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parseIsoDay } from "../lint/deprecation-policy.js";
import { toIsoDate } from "./dates.js";
import { collectOperations } from "./operations.js";
import { DEFAULT_SPEC_PATH, readSpec } from "./read-spec.js";
import { locationPointer } from "./source-locator.js";
import { SpecReadError } from "./spec-read-error.js";

export interface DueOperation {
  readonly operation: string;
  readonly operationId: string | undefined;
  readonly sunset: string;
  /** Days until the sunset (negative: passed). */
  readonly daysLeft: number;
  readonly replacedBy: string | undefined;
  /** `file:line:column` of the operation, when found. */
  readonly at: string | undefined;
}

/** The deprecated operations whose sunset is at most `within` days ahead (or passed), soonest first. */
export function dueOperations(
  document: unknown,
  today: string,
  within: number,
  locate: (pointer: string) => string | undefined = () => undefined,
): DueOperation[] {
  const day = parseIsoDay(today) ?? 0;
  const due: DueOperation[] = [];
  for (const info of collectOperations(document).values()) {
    const { operation } = info;
    const sunset = parseIsoDay(operation["x-sunset"]);
    if (operation.deprecated !== true || sunset === undefined || sunset - day > within) continue;
    const pointer = locationPointer(info.key);
    due.push({
      operation: info.key,
      operationId: typeof operation.operationId === "string" ? operation.operationId : undefined,
      sunset: String(operation["x-sunset"]),
      daysLeft: sunset - day,
      replacedBy:
        typeof operation["x-replaced-by"] === "string" ? operation["x-replaced-by"] : undefined,
      at: pointer === undefined ? undefined : locate(`${pointer}/x-sunset`),
    });
  }
  return due.sort((a, b) => a.daysLeft - b.daysLeft || (a.operation < b.operation ? -1 : 1));
}

function sentence(due: DueOperation): string {
  const name =
    due.operationId === undefined ? due.operation : `${due.operationId} (${due.operation})`;
  const when =
    due.daysLeft > 0
      ? `reaches its sunset on ${due.sunset}, in ${due.daysLeft} day${due.daysLeft === 1 ? "" : "s"}`
      : due.daysLeft === 0
        ? `reaches its sunset today (${due.sunset}): it answers 410 from now`
        : `passed its sunset on ${due.sunset}: it answers 410; remove it from the spec (a minor change)`;
  return `${name} ${when}${due.replacedBy === undefined ? "" : `; clients move to ${due.replacedBy}`}`;
}

export function formatDue(due: readonly DueOperation[], format: string, within: number): string {
  if (format === "github") {
    return due
      .map((item) => {
        const [file, line] = (item.at ?? "").split(":");
        const where = file ? ` file=${file},line=${line ?? 1}` : "";
        return `::${item.daysLeft <= 0 ? "error" : "warning"}${where},title=Sunset::${sentence(item)}\n`;
      })
      .join("");
  }
  if (due.length === 0)
    return `No deprecated operation reaches its sunset within ${within} days.\n`;
  if (format === "markdown") {
    return [
      `### 🕓 ${due.length} operation${due.length === 1 ? "" : "s"} at or near the sunset (window: ${within} days)`,
      "",
      ...due.map(
        (item) => `- ${sentence(item)}${item.at === undefined ? "" : ` (\`${item.at}\`)`}`,
      ),
      "",
    ].join("\n");
  }
  return due
    .map((item) => `${sentence(item)}${item.at === undefined ? "" : `\n  at ${item.at}`}\n`)
    .join("");
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        spec: { type: "string", default: DEFAULT_SPEC_PATH },
        within: { type: "string", default: "30" },
        today: { type: "string" },
        format: { type: "string", default: "text" },
      },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`sunsets: ${(error as Error).message}\n`);
    return 2;
  }
  const within = Number(values.within);
  if (
    !Number.isInteger(within) ||
    within < 0 ||
    !["text", "markdown", "github"].includes(values.format)
  ) {
    process.stderr.write(
      "sunsets: --within takes a whole number of days, --format text, markdown or github\n",
    );
    return 2;
  }
  let today: string;
  try {
    today = toIsoDate(values.today ?? new Date());
  } catch {
    process.stderr.write(
      `sunsets: --today must be a real date YYYY-MM-DD, not ${JSON.stringify(values.today)}\n`,
    );
    return 2;
  }
  try {
    const spec = await readSpec(values.spec, { cwd: process.cwd(), specPath: values.spec });
    const due = dueOperations(spec.document, today, within, spec.locate);
    process.stdout.write(formatDue(due, values.format, within));
    return due.some((item) => item.daysLeft <= 0) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof SpecReadError)) throw error;
    process.stderr.write(error.format("sunsets"));
    return 3;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
