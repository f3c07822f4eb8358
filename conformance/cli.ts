#!/usr/bin/env node
/**
 * `npm run conformance -- --base-url <url> [--spec <file>] [--auth-header 'X-API-Key: ...']...
 *   [--operations <ids>] [--max-examples N] [--seed S] [--report junit.xml] [--rate <req/s>] [--dry-run]`
 * Exit codes: 0 every check passed · 1 a check failed · 2 usage · 3 the spec cannot be read ·
 * 4 the server cannot be reached, or stays rate limited.
 */
import { maskCredentials } from "./mask-credentials.js";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { GeneratorError } from "../generator/errors.js";
import { PointerError } from "../generator/schema/json-pointer.js";
import { shellQuote, toCurl } from "./curl.js";
import { formatReport } from "./format-report.js";
import { toJUnitXml } from "./junit-report.js";
import { loadApi } from "./load-api.js";
import {
  DEFAULT_SPEC,
  planRequests,
  randomSeed,
  runConformance,
  type ConformanceFailure,
} from "./run-conformance.js";
import { parseReplayFile, replayFileName, runReplay, toReplayFile } from "./replay.js";
import { toShellScript } from "./replay-script.js";
import { ConnectionError, RateLimitExhaustedError, Sender, type ExchangeRecord } from "./sender.js";
import { ConfigError, configArguments, mergeArguments } from "./config-file.js";
import { ExchangeLog } from "./exchange-log.js";

export const USAGE = `Usage: npm run conformance -- --base-url <url> [options]

Sends generated requests (valid and invalid) to a running server and checks every response
against the spec. Prints each failure as a shrunk, ready-to-run curl command.

  --base-url <url>        the server under test, e.g. http://127.0.0.1:8080 (required, except with
                          --dry-run, which then shows the spec's first server)
  --spec <file>           OpenAPI 3.0/3.1 document (default: ${DEFAULT_SPEC})
  --auth-header <header>  a header sent on every request, e.g. 'X-API-Key: pk_...' (repeatable);
                          left out on purpose by the missing-credentials check
  --operations <ids>      comma-separated operationIds to test (default: all)
  --max-examples <N>      examples per property (default 20)
  --seed <S>              replay a run exactly (the seed is printed at the end of each run)
  --report <file>         also write a JUnit XML report there
  --rate <req/s>          send at most this many requests per second (429 Retry-After is always honoured)
  --header-presence <p>   declared (default: every declared header unless required: false)
                          or required (only headers with required: true, as Schemathesis)
  --no-stateful           skip the create → read → delete sequences
  --no-pagination         skip the walk of each paginated (x-pagination) list to its end
  --no-boundary           skip the boundary phase (each field broken alone, and at its limits)
  --no-examples           skip the examples phase (the spec's examples checked and sent)
  --max-time <seconds>    start nothing new after this long (what ran is reported, with a note)
  --show-credentials      print --auth-header values in clear (masked by default: 'pets…')
  --quiet                 no progress lines on stderr
  --replay-dir <dir>      write each failure's reproduction there as a replay file (JSON)
  --replay <file>         run a replay file against --base-url (a fresh server will do: ids are
                          taken from its responses); exit 1 if the failure is reproduced
  --log <file>            write every exchange (request, response, timing) there as NDJSON,
                          credentials masked
  --config <file>         read options from a JSON file (keys: the options in camelCase, e.g.
                          baseUrl, authHeaders, maxExamples; \${VAR} reads the environment);
                          options on the command line win
  --dry-run               print the planned requests (curl) without sending anything
  --help                  this text

Exit codes: 0 passed, 1 a check failed, 2 usage, 3 unreadable spec, 4 server unreachable or rate limited.`;

export const EXIT = { ok: 0, failed: 1, usage: 2, spec: 3, server: 4 } as const;

function usage(message: string): number {
  process.stderr.write(`error: ${message}\n\n${USAGE}\n`);
  return EXIT.usage;
}

function positiveNumber(
  text: string | undefined,
  name: string,
  integer: boolean,
): number | string | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    return `${name} must be a positive ${integer ? "integer" : "number"}, got ${JSON.stringify(text)}`;
  return value;
}

/** `'X-API-Key: abc'` → `["X-API-Key", "abc"]`. */
export function parseHeader(text: string): [string, string] | undefined {
  const index = text.indexOf(":");
  if (index <= 0) return undefined;
  const name = text.slice(0, index).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return undefined;
  return [name, text.slice(index + 1).trim()];
}

/** `--config <file>` taken out of the arguments, and the file's options put before the rest. */
function withConfig(argv: readonly string[]): string[] {
  const rest: string[] = [];
  let path: string | undefined;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === "--config") {
      path = argv[++index];
      if (path === undefined) throw new ConfigError("--config needs a file");
    } else if (arg.startsWith("--config=")) path = arg.slice("--config=".length);
    else rest.push(arg);
  }
  return path === undefined ? rest : mergeArguments(configArguments(path), rest);
}

export async function main(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: withConfig(argv),
      options: {
        "base-url": { type: "string" },
        spec: { type: "string", default: DEFAULT_SPEC },
        "auth-header": { type: "string", multiple: true, default: [] },
        operations: { type: "string" },
        "max-examples": { type: "string" },
        seed: { type: "string" },
        report: { type: "string" },
        rate: { type: "string" },
        "header-presence": { type: "string" },
        "no-stateful": { type: "boolean", default: false },
        "no-pagination": { type: "boolean", default: false },
        "no-boundary": { type: "boolean", default: false },
        "no-examples": { type: "boolean", default: false },
        "dry-run": { type: "boolean", default: false },
        "replay-dir": { type: "string" },
        replay: { type: "string" },
        log: { type: "string" },
        "max-time": { type: "string" },
        "show-credentials": { type: "boolean", default: false },
        quiet: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`error: ${error.message}\n`);
      return EXIT.usage;
    }
    return usage(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const givenBaseUrl = values["base-url"];
  if (givenBaseUrl === undefined && !values["dry-run"])
    return usage(
      "--base-url is required (where the server under test listens, e.g. http://127.0.0.1:8080)",
    );
  if (givenBaseUrl !== undefined && !/^https?:\/\/[^/]/.test(givenBaseUrl))
    return usage(`--base-url must be an http(s) URL, got ${JSON.stringify(givenBaseUrl)}`);
  const headers: Array<[string, string]> = [];
  for (const text of values["auth-header"]) {
    const header = parseHeader(text);
    if (header === undefined)
      return usage(`--auth-header must look like 'Name: value', got ${JSON.stringify(text)}`);
    headers.push(header);
  }
  const maxExamples = positiveNumber(values["max-examples"], "--max-examples", true);
  const rate = positiveNumber(values.rate, "--rate", false);
  const maxTime = positiveNumber(values["max-time"], "--max-time", false);
  for (const value of [maxExamples, rate, maxTime])
    if (typeof value === "string") return usage(value);
  const secrets = values["show-credentials"] ? [] : headers.map(([, value]) => value);
  const print = (text: string): boolean => process.stdout.write(maskCredentials(text, secrets));
  let seed: number | undefined;
  if (values.seed !== undefined) {
    if (!/^-?[0-9]+$/.test(values.seed) || !Number.isSafeInteger(Number(values.seed)))
      return usage(`--seed must be an integer, got ${JSON.stringify(values.seed)}`);
    seed = Number(values.seed) | 0;
  }
  const presenceText = values["header-presence"];
  if (presenceText !== undefined && presenceText !== "declared" && presenceText !== "required")
    return usage(
      `--header-presence must be declared or required, got ${JSON.stringify(presenceText)}`,
    );
  const presence: "declared" | "required" | undefined = presenceText;
  const operations = values.operations
    ?.split(",")
    .map((id) => id.trim())
    .filter((id) => id !== "");

  let api;
  try {
    api = await loadApi(values.spec);
    for (const id of operations ?? []) api.operation(id);
  } catch (error) {
    if (error instanceof GeneratorError || error instanceof PointerError) {
      process.stderr.write(
        `error: ${error.message}\n  at ${error.where ?? values.spec}\n${error.hint === undefined ? "" : `  ${error.hint}\n`}`,
      );
      return EXIT.spec;
    }
    if (error instanceof Error && /^no operation/.test(error.message))
      return usage(`--operations: ${error.message}`);
    throw error;
  }
  seed ??= randomSeed();
  const baseUrl = givenBaseUrl ?? serverUrl(api.document);
  const common = {
    baseUrl,
    spec: api,
    headers,
    seed,
    ...(operations === undefined ? {} : { operations }),
    ...(typeof maxExamples === "number" ? { maxExamples } : {}),
    ...(typeof rate === "number" ? { rate } : {}),
    ...(presence === undefined ? {} : { headerPresence: presence }),
  };

  if (values["dry-run"]) {
    const plan = await planRequests(common);
    for (const entry of plan.planned) {
      print(
        `# ${entry.operationId} ${entry.phase}${entry.mutation === undefined ? "" : `: ${entry.mutation}`}\n${toCurl(entry.request)}\n`,
      );
    }
    for (const note of plan.notes) process.stdout.write(`note: ${note}\n`);
    process.stdout.write(
      `${plan.planned.length} planned request(s), nothing sent; seed ${plan.seed}\n`,
    );
    return EXIT.ok;
  }

  let log: ExchangeLog | undefined;
  if (values.log !== undefined) {
    try {
      log = new ExchangeLog(values.log, secrets);
    } catch (error) {
      return usage(
        `--log ${values.log} cannot be written (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }
  const logging = log;
  const announced = new Set<string>();
  const onExchange =
    logging === undefined ? {} : { onExchange: (entry: ExchangeRecord) => logging.write(entry) };
  try {
    if (values.replay !== undefined) {
      if (givenBaseUrl === undefined)
        return usage("--replay needs --base-url (the server to replay on)");
      return await replay(values.replay, {
        api,
        baseUrl,
        headers,
        print,
        sender: new Sender({ ...(typeof rate === "number" ? { rate } : {}), ...onExchange }),
      });
    }
    const report = await runConformance({
      ...common,
      ...onExchange,
      stateful: !values["no-stateful"],
      pagination: !values["no-pagination"],
      boundary: !values["no-boundary"],
      examples: !values["no-examples"],
      ...(typeof maxTime === "number" ? { maxTimeMs: maxTime * 1000 } : {}),
      ...(values.quiet
        ? {}
        : {
            onProgress: (line: string) => process.stderr.write(`${line}\n`),
            // each operation and check once, as soon as it is first found
            onFailure: (failure: ConformanceFailure) => {
              const key = `${failure.operationId} · ${failure.check}`;
              if (announced.has(key)) return;
              announced.add(key);
              process.stderr.write(`  found: ${key} (${failure.phase})\n`);
            },
          }),
    });
    print(formatReport(report, replayCommand(argv, seed)));
    if (values.report !== undefined)
      writeFileSync(values.report, maskCredentials(toJUnitXml(report), secrets));
    const replayDir = values["replay-dir"];
    // a finding in the spec itself (a broken example) has no request to replay
    const replayable = report.failures.filter((failure) => failure.replay.length > 0);
    if (replayDir !== undefined && replayable.length > 0) {
      mkdirSync(replayDir, { recursive: true });
      replayable.forEach((failure, index) => {
        const file = toReplayFile(failure, report.spec);
        const path = join(replayDir, replayFileName(failure, index));
        writeFileSync(path, `${JSON.stringify(file, null, 2)}\n`);
        writeFileSync(path.replace(/\.json$/, ".sh"), toShellScript(file), { mode: 0o755 });
      });
      print(
        `replay files: ${replayable.length} in ${replayDir}, each as JSON (npm run conformance -- --base-url <url> --auth-header ... --replay <file>) and as a curl + jq script (BASE_URL=<url> AUTH_HEADER=... sh <file>.sh)\n`,
      );
    }
    return report.ok ? EXIT.ok : EXIT.failed;
  } catch (error) {
    if (error instanceof ConnectionError || error instanceof RateLimitExhaustedError) {
      process.stderr.write(`error: ${error.message}\n`);
      return EXIT.server;
    }
    throw error;
  } finally {
    if (log !== undefined) {
      log.close();
      process.stderr.write(`log: ${log.count} exchange(s) written to ${values.log}\n`);
    }
  }
}

/** `--replay <file>`: sends its steps and says whether the failure is still there. */
async function replay(
  path: string,
  options: {
    api: Awaited<ReturnType<typeof loadApi>>;
    baseUrl: string;
    headers: Array<[string, string]>;
    print: (text: string) => boolean;
    sender: Sender;
  },
): Promise<number> {
  let file;
  try {
    file = parseReplayFile(readFileSync(path, "utf8"), path);
    for (const step of file.steps)
      if (step.operationId !== undefined) options.api.operation(step.operationId);
  } catch (error) {
    return usage(`--replay: ${error instanceof Error ? error.message : String(error)}`);
  }
  const outcome = await runReplay(file, {
    api: options.api,
    baseUrl: options.baseUrl,
    headers: options.headers,
    sender: options.sender,
  });
  for (const [index, { request, response }] of outcome.exchanges.entries())
    options.print(`${index + 1}) ${toCurl(request)}\n   → ${response.status}\n`);
  const { failure } = file;
  if (outcome.stoppedAt !== undefined) {
    options.print(`STOPPED: ${outcome.stoppedAt}\n`);
    return EXIT.failed;
  }
  if (outcome.reproduced) {
    const found = outcome.failures[0]!;
    options.print(
      `REPRODUCED: ${failure.operationId} · ${found.check}: ${found.message}\n  expected: ${found.expected}\n  actual:   ${found.actual}\n`,
    );
    return EXIT.failed;
  }
  options.print(
    `NOT REPRODUCED: ${failure.operationId} · ${failure.check} passes now (it failed with: ${failure.message})\n`,
  );
  return EXIT.ok;
}

/** `--dry-run` without `--base-url`: the spec's first server (variables at their defaults). */
function serverUrl(document: Record<string, unknown>): string {
  const servers = Array.isArray(document.servers) ? (document.servers as unknown[]) : [];
  const first = servers[0] as
    { url?: unknown; variables?: Record<string, { default?: unknown }> } | undefined;
  if (typeof first?.url !== "string") return "http://localhost";
  const url = first.url.replace(/\{([^{}]+)\}/g, (whole, name: string) =>
    String(first.variables?.[name]?.default ?? whole),
  );
  return /^https?:\/\//.test(url) ? url : `http://localhost${url.startsWith("/") ? url : ""}`;
}

/** The same command line with `--seed` set to the run's seed. */
function replayCommand(argv: readonly string[], seed: number): string {
  const args: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === "--seed") {
      index++;
      continue;
    }
    if (arg.startsWith("--seed=")) continue;
    args.push(/^[\w@%+=:,./-]+$/.test(arg) ? arg : shellQuote(arg));
  }
  return ["npm run conformance --", ...args, "--seed", String(seed)].join(" ");
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `internal error (a bug in the conformance tool): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exitCode = 70;
    },
  );
}
