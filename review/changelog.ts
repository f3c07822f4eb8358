/**
 * The API's changelog in the Keep a Changelog 1.1.0 format: one entry per released
 * `info.version`, its changes grouped as Added, Changed, Deprecated, Removed and Security,
 * written from a spec-diff report. Pure: text in, text out.
 */
import { collectOperations } from "./operations.js";
import type { Change, Report } from "./report.js";

export type ChangelogSection = "Added" | "Changed" | "Deprecated" | "Removed" | "Security";
/** spec:diff's rule for a document that differs in nothing with a contract effect. */
const DOCUMENTATION_RULE = "document.other-changed";
const SECTION_ORDER: readonly ChangelogSection[] = [
  "Added",
  "Changed",
  "Deprecated",
  "Removed",
  "Security",
];

const PREAMBLE = (title: string): string =>
  [
    "# Changelog",
    "",
    `All notable changes to the contract of ${title} are listed here, newest first. The format is`,
    "based on [Keep a Changelog](https://keepachangelog.com/en/1.1.0/) and the API follows",
    "[Semantic Versioning](https://semver.org/spec/v2.0.0.html): a major version for a breaking",
    "change, a minor one for additions and deprecations, a patch for documentation.",
    "",
  ].join("\n");

/** Which section a change belongs to (breaking changes stay in theirs, marked **Breaking**). */
export function changelogSection(change: Change): ChangelogSection {
  const rule = change.rule;
  if (/security|auth/.test(rule) || change.location === "#/security") return "Security";
  if (change.severity === "deprecation" || /-deprecated$/.test(rule)) return "Deprecated";
  if (/removed|withdrawn/.test(rule)) return "Removed";
  if (/added/.test(rule) && change.severity === "non-breaking") return "Added";
  return "Changed";
}

export interface EntryInput {
  readonly version: string;
  /** YYYY-MM-DD */
  readonly date: string;
  /** The report between the last release and this one; `undefined` for the first release. */
  readonly report: Report | undefined;
  /** The released (head) document: operations, sunsets and replacements are read from it. */
  readonly head: unknown;
}

/** One release's entry: `## [version] - date` and its sections. */
export function renderEntry(input: EntryInput): string {
  const sections = new Map<ChangelogSection, string[]>();
  const add = (section: ChangelogSection, line: string): void => {
    const lines = sections.get(section) ?? [];
    lines.push(line);
    sections.set(section, lines);
  };
  const operations = collectOperations(input.head);
  if (input.report === undefined) {
    add(
      "Added",
      `First release, with ${operations.size} operation${operations.size === 1 ? "" : "s"}:`,
    );
    for (const operation of operations.values()) {
      const id =
        typeof operation.operation.operationId === "string"
          ? ` (\`${operation.operation.operationId}\`)`
          : "";
      add("Added", `  - \`${operation.key}\`${id}`);
    }
  } else {
    for (const change of input.report.changes) {
      if (change.rule === DOCUMENTATION_RULE)
        add(
          "Changed",
          "Documentation only (descriptions, summaries or examples): no change to what clients send or receive.",
        );
      else
        add(
          changelogSection(change),
          changeLine(change, operations.get(change.location)?.operation),
        );
    }
  }
  const lines = [`## [${input.version}] - ${input.date}`];
  for (const section of SECTION_ORDER) {
    const items = sections.get(section);
    if (items === undefined) continue;
    lines.push("", `### ${section}`, "");
    for (const item of items) lines.push(item.startsWith("  - ") ? item : `- ${item}`);
  }
  return `${lines.join("\n")}\n`;
}

function changeLine(change: Change, operation: Record<string, unknown> | undefined): string {
  const where =
    change.field === "" ? `\`${change.location}\`` : `\`${change.location}\` \`${change.field}\``;
  const breaking = change.severity === "breaking" ? "**Breaking:** " : "";
  let line = `${breaking}${where}: ${change.reason}`;
  if (change.severity === "deprecation" && operation !== undefined) {
    // Written from the operation's fields, not the review's reason ("214 days ahead" is about the
    // day of the review, not of the release).
    const sunset = operation["x-sunset"];
    const replacement = operation["x-replaced-by"];
    line = `${where}: deprecated`;
    if (typeof sunset === "string") line += `; it stops working on ${sunset} (410 from that date)`;
    if (typeof replacement === "string") line += `; use \`${replacement}\` instead`;
  }
  if (change.note !== undefined) line += ` (${change.note})`;
  return line;
}

/** The versions a changelog already has entries for. */
export function releasedVersions(changelog: string): string[] {
  return [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((match) => match[1]!);
}

/** `changelog` with `entry` as its newest entry (a new changelog when there is none). */
export function prependEntry(changelog: string | undefined, entry: string, title: string): string {
  const base = changelog === undefined || changelog.trim() === "" ? PREAMBLE(title) : changelog;
  const first = base.search(/^## \[/m);
  if (first === -1) return `${base.replace(/\n*$/, "\n\n")}${entry}`;
  return `${base.slice(0, first)}${entry}\n${base.slice(first)}`;
}
