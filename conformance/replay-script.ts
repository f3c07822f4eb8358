/**
 * A replay file as a POSIX shell script (`--replay-dir` writes it beside the JSON): the same steps
 * with curl, each id read from the response that gives it with jq, so that the reproduction can
 * be pasted into a bug report and run on a fresh server without this tool. The script prints each
 * step's status and the last response; `--replay` is what gives the verdict.
 */
import { shellQuote } from "./curl.js";
import type { ReplayFile } from "./replay.js";
import type { CaptureSource, ReplayStep } from "./replay-steps.js";

const REFERENCE = /"\{\{([\w.$-]+)\}\}"|\{\{([\w.$-]+)\}\}/g;

/** A shell variable name for a capture (`petId_2` → `petId_2`, anything else made safe). */
function variable(name: string): string {
  return `ref_${name.replace(/[^A-Za-z0-9_]/g, "_")}`;
}

/** The template as one shell word: literal parts single-quoted, references as variables. */
function word(template: string, form: "raw" | "uri", json: boolean): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of template.matchAll(REFERENCE)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(shellQuote(template.slice(last, index)));
    const quoted = match[1] !== undefined;
    const name = (match[1] ?? match[2]) as string;
    if (name === "$uuid") parts.push(quoted ? `'"'"$(uuid)"'"'` : `"$(uuid)"`);
    else if (quoted && json) parts.push(`"$${variable(name)}_json"`);
    else if (quoted) parts.push(`'"'"$${variable(name)}_${form}"'"'`);
    else parts.push(`"$${variable(name)}_${form}"`);
    last = index + match[0].length;
  }
  if (last < template.length || parts.length === 0) parts.push(shellQuote(template.slice(last)));
  return parts.join("");
}

/** A JSON pointer as a jq path expression (`/items/0/id` → `.["items"][0]["id"]`). */
function jqPath(pointer: string): string {
  if (pointer === "") return ".";
  return (
    "." +
    pointer
      .split("/")
      .slice(1)
      .map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~"))
      .map((segment) =>
        /^(0|[1-9][0-9]*)$/.test(segment) ? `[${segment}]` : `[${JSON.stringify(segment)}]`,
      )
      .join("")
  );
}

function capture(name: string, source: CaptureSource): string[] {
  const v = variable(name);
  const read =
    "body" in source
      ? `${v}_json=$(jq -c ${shellQuote(jqPath(source.body))} "$body")`
      : `${v}_json=$(sed -n ${shellQuote(`s/^${source.header}:[[:space:]]*//Ip`)} "$headers" | tr -d '\\r' | head -n 1${source.lastSegment ? ` | sed 's|[?#].*||; s|.*/||'` : ""} | jq -R -c .)`;
  return [
    read,
    `${v}_raw=$(printf '%s' "$${v}_json" | jq -r .)`,
    `${v}_uri=$(printf '%s' "$${v}_json" | jq -r '@uri "\\(.)"')`,
    `[ "$${v}_json" != null ] && [ -n "$${v}_json" ] || { echo "step gave no ${name}: stopping" >&2; exit 1; }`,
  ];
}

function curl(step: ReplayStep, index: number): string {
  const json = /json/i.test(
    step.headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "",
  );
  const parts = [
    'status=$(curl -sS -o "$body" -D "$headers" -w \'%{http_code}\'',
    "-X",
    step.method,
    `"$BASE_URL"${word(step.url, "uri", false)}`,
  ];
  if (step.credentials === "sent") parts.push('${AUTH_HEADER:+-H} ${AUTH_HEADER:+"$AUTH_HEADER"}');
  if (step.credentials === "invalid")
    parts.push('-H "${AUTH_HEADER%%:*}: invalid-credential-0000000000"');
  for (const [name, value] of step.headers)
    parts.push("-H", word(`${name}: ${value}`, "raw", false));
  if (step.body !== undefined)
    parts.push("--data-raw", word(step.body, json ? "raw" : "uri", json));
  return `${parts.join(" ")})\necho "${index + 1}) ${step.method} ${step.url.replace(/["$`\\]/g, "")} -> $status"`;
}

export function toShellScript(file: ReplayFile): string {
  const { failure } = file;
  const lines = [
    "#!/bin/sh",
    `# Reproduces ${failure.operationId} · ${failure.check} (${failure.phase}): ${failure.message.replace(/\n/g, " ")}`,
    `# expected: ${failure.expected.replace(/\n/g, " ")}; the run got: ${failure.actual.replace(/\n/g, " ")}`,
    "# Run on any server, a fresh one included (ids are read from its responses; needs curl and jq):",
    "#   BASE_URL=http://127.0.0.1:8080 AUTH_HEADER='X-API-Key: <key>' sh this-file.sh",
    `# For the verdict: npm run conformance -- --base-url "$BASE_URL" --auth-header "$AUTH_HEADER" --replay <the .json beside it>`,
    "set -eu",
    ': "${BASE_URL:?set BASE_URL to the server to replay on}"',
    'AUTH_HEADER="${AUTH_HEADER:-}"',
    "uuid() { cat /proc/sys/kernel/random/uuid 2>/dev/null || uuidgen; }",
    'body=$(mktemp); headers=$(mktemp); trap \'rm -f "$body" "$headers"\' EXIT',
  ];
  for (const [index, step] of file.steps.entries()) {
    lines.push(
      "",
      `# ${index + 1}. ${step.operationId ?? `${step.method} probe`}`,
      curl(step, index),
    );
    for (const [name, source] of Object.entries(step.capture)) lines.push(...capture(name, source));
  }
  lines.push("", 'cat "$headers" "$body"; echo');
  return `${lines.join("\n")}\n`;
}
