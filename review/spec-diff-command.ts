/**
 * The `spec:diff` command: parses arguments, reads both sides, diffs, prints the chosen format and
 * returns the exit code. I/O goes through `io` so tests can run it in-process.
 */
import { parseArgs } from "node:util";
import { toIsoDate } from "./dates.js";
import { MIN_NOTICE_MONTHS } from "../lint/deprecation-policy.js";
import { diffSpecs } from "./diff-specs.js";
import { formatJson } from "./format-json.js";
import { formatGithub } from "./format-github.js";
import { formatMarkdown } from "./format-markdown.js";
import { formatText } from "./format-text.js";
import { DEFAULT_SPEC_PATH, readSpec } from "./read-spec.js";
import type { Report } from "./report.js";
import { locationPointer, type Locator } from "./source-locator.js";
import { SpecReadError } from "./spec-read-error.js";

export const EXIT = {
  ok: 0,
  /** A breaking change without a major bump of info.version. */
  breaking: 1,
  usage: 2,
  /** A spec could not be read (missing file, unknown revision, bad YAML, unresolved $ref). */
  unreadable: 3,
} as const;

export const USAGE = `Usage: npm run spec:diff -- <base> [options]

Compares the contract at <base> with the working spec and classifies every change.

  <base>                    a git revision (origin/main, HEAD~1, v1.2.0) or a spec file
  --head <file|revision>    the spec to check (default ${DEFAULT_SPEC_PATH})
  --spec-path <path>        the spec's path inside a git revision, from the repository
                            root (default ${DEFAULT_SPEC_PATH}); files it $refs come along
  --format text|markdown|json|github
                            terminal summary (default), pull-request comment, machine output,
                            GitHub Actions annotations (one per finding, on its line)
  --link-base <url>         markdown: link each file:line to <url>/<file>#L<line>
                            (e.g. https://github.com/owner/repo/blob/<sha>)
  --today YYYY-MM-DD        the date the sunset policy is evaluated at (default: today, UTC)
  -h, --help                this text

The deprecation policy (x-deprecated-since, an x-sunset at least ${MIN_NOTICE_MONTHS} months after the
announcement) is lint's: lint/deprecation-policy.js; a breach fails whatever the version says.

Exit codes: 0 no breaking change, or breaking changes with a major bump of info.version
            1 breaking change(s) without a major bump of info.version, or a policy breach
            2 usage error
            3 a spec could not be read
A missing minor/patch bump is reported but does not fail.
`;

const FORMATTERS: Record<string, (report: Report, linkBase: string | undefined) => string> = {
  text: formatText,
  markdown: (report, linkBase) =>
    formatMarkdown(report, linkBase === undefined ? {} : { linkBase }),
  json: formatJson,
  github: formatGithub,
};

export interface CommandIo {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** The default for --today. */
  readonly now?: () => Date;
}

class UsageError extends Error {}

export async function runSpecDiff(argv: readonly string[], io: CommandIo): Promise<number> {
  let options: ParsedOptions;
  try {
    options = parseOptions(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.stderr(`spec:diff: ${error.message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (options.help) {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  try {
    const specPath = options.specPath ?? DEFAULT_SPEC_PATH;
    const base = await readSpec(options.base, { cwd: io.cwd, specPath });
    const head = await readSpec(options.head, { cwd: io.cwd, specPath });
    const report = locateChanges(
      diffSpecs(base.document, head.document, {
        today: options.today,
        baseLabel: base.label,
        headLabel: head.label,
      }),
      head.locate,
      base.locate,
    );
    io.stdout(options.format(report));
    return report.verdict === "fail" ? EXIT.breaking : EXIT.ok;
  } catch (error) {
    if (!(error instanceof SpecReadError)) throw error;
    io.stderr(error.format("spec:diff"));
    return EXIT.unreadable;
  }
}

/** Gives every change the `file:line:column` of its location: in the head spec, else in the base (a removal). */
export function locateChanges(report: Report, ...locators: readonly Locator[]): Report {
  const changes = report.changes.map((change) => {
    const pointer = locationPointer(change.location);
    if (pointer === undefined) return change;
    // A field of a component schema (`name`, `owner.id`) is pointed at as its property when it can be.
    const field =
      pointer.startsWith("#/components/schemas/") && /^[\w-]+(\.[\w-]+)*$/.test(change.field)
        ? `${pointer}/properties/${change.field.split(".").join("/properties/")}`
        : undefined;
    for (const candidate of field === undefined ? [pointer] : [field, pointer]) {
      for (const locate of locators) {
        const at = locate(candidate);
        if (at !== undefined) return { ...change, at };
      }
    }
    return change;
  });
  return { ...report, changes };
}

interface ParsedOptions {
  readonly help: boolean;
  readonly base: string;
  readonly head: string;
  readonly specPath: string | undefined;
  readonly format: (report: Report) => string;
  readonly today: string;
}

function parseOptions(argv: readonly string[], io: CommandIo): ParsedOptions {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      head: { type: "string" },
      "spec-path": { type: "string" },
      format: { type: "string" },
      "link-base": { type: "string" },
      today: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const help = values.help === true;
  if (help)
    return {
      help,
      base: "",
      head: "",
      specPath: undefined,
      format: formatText,
      today: "",
    };
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? "missing <base> (a git revision or a spec file)"
        : `expected one <base>, got ${positionals.length}`,
    );
  const formatter = FORMATTERS[values.format ?? "text"];
  if (!formatter)
    throw new UsageError(
      `--format must be text, markdown, json or github, not ${JSON.stringify(values.format)}`,
    );
  const linkBase = values["link-base"];
  const format = (report: Report) => formatter(report, linkBase);
  let today: string;
  try {
    today = toIsoDate(values.today ?? (io.now ?? (() => new Date()))());
  } catch {
    throw new UsageError(
      `--today must be a real date YYYY-MM-DD, not ${JSON.stringify(values.today)}`,
    );
  }
  return {
    help,
    base: positionals[0] as string,
    head: values.head ?? DEFAULT_SPEC_PATH,
    specPath: values["spec-path"],
    format,
    today,
  };
}
