/**
 * `--config <file>`: the options of a run kept in a JSON file (committed beside the spec, so that
 * every run of a team's pipeline is the same), e.g.
 *
 *   { "baseUrl": "http://127.0.0.1:8080", "authHeaders": ["X-API-Key: ${PETSTORE_KEY}"],
 *     "maxExamples": 50, "rate": 2, "stateful": true, "log": "conformance.ndjson" }
 *
 * Each key is a command-line option in camelCase; `${NAME}` in a string is the environment
 * variable NAME (a key stays out of the file), and one that is not set is an error. Options given
 * on the command line win over the file's (`--auth-header` ones replace the file's list). The file
 * is read into command-line arguments, so a value is checked exactly as its option is.
 */
import { readFileSync } from "node:fs";

type Kind = "string" | "number" | "boolean" | "strings";

/** Config key → its option and the JSON type it takes. */
const KEYS: Readonly<Record<string, { readonly flag: string; readonly kind: Kind }>> = {
  baseUrl: { flag: "base-url", kind: "string" },
  spec: { flag: "spec", kind: "string" },
  authHeaders: { flag: "auth-header", kind: "strings" },
  operations: { flag: "operations", kind: "strings" },
  maxExamples: { flag: "max-examples", kind: "number" },
  seed: { flag: "seed", kind: "number" },
  report: { flag: "report", kind: "string" },
  rate: { flag: "rate", kind: "number" },
  headerPresence: { flag: "header-presence", kind: "string" },
  stateful: { flag: "no-stateful", kind: "boolean" },
  boundary: { flag: "no-boundary", kind: "boolean" },
  examples: { flag: "no-examples", kind: "boolean" },
  maxTime: { flag: "max-time", kind: "number" },
  showCredentials: { flag: "show-credentials", kind: "boolean" },
  quiet: { flag: "quiet", kind: "boolean" },
  replayDir: { flag: "replay-dir", kind: "string" },
  log: { flag: "log", kind: "string" },
};

/** A config file that cannot be used: what is wrong, where, and what to do. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** The file's options as command-line arguments (to be followed by the command line's own). */
export function configArguments(
  path: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ConfigError(
      `--config ${path} cannot be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch (error) {
    throw new ConfigError(
      `--config ${path} is not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    throw new ConfigError(`--config ${path} must hold a JSON object of options`);
  const args: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    const where = `${path}: "${key}"`;
    const entry = KEYS[key];
    if (entry === undefined) {
      if (key === "$schema" || key.startsWith("//")) continue; // comments and editor hints
      throw new ConfigError(`${where} is not an option (options: ${Object.keys(KEYS).join(", ")})`);
    }
    const expand = (text: string): string =>
      text.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_whole, name: string) => {
        const found = env[name];
        if (found === undefined)
          throw new ConfigError(
            `${where} uses \${${name}}, which is not set in the environment (export it, or write the value)`,
          );
        return found;
      });
    switch (entry.kind) {
      case "string":
        if (typeof value !== "string") throw new ConfigError(`${where} must be a string`);
        args.push(`--${entry.flag}`, expand(value));
        break;
      case "number":
        if (typeof value !== "number" || !Number.isFinite(value))
          throw new ConfigError(`${where} must be a number, got ${JSON.stringify(value)}`);
        args.push(`--${entry.flag}`, String(value));
        break;
      case "boolean":
        if (typeof value !== "boolean")
          throw new ConfigError(`${where} must be true or false, got ${JSON.stringify(value)}`);
        // `stateful: false` is `--no-stateful`; `quiet: true` is `--quiet`
        if (entry.flag.startsWith("no-") ? !value : value) args.push(`--${entry.flag}`);
        break;
      case "strings":
        if (!Array.isArray(value) || !value.every((item) => typeof item === "string"))
          throw new ConfigError(`${where} must be an array of strings`);
        if (entry.flag === "operations") args.push("--operations", value.join(","));
        else for (const item of value as string[]) args.push(`--${entry.flag}`, expand(item));
        break;
    }
  }
  return args;
}

/**
 * The file's arguments and the command line's, the command line winning: a single-valued option
 * given on it replaces the file's (parseArgs keeps the last), and `--auth-header`s given on it
 * replace the file's list.
 */
export function mergeArguments(
  fromFile: readonly string[],
  fromCommandLine: readonly string[],
): string[] {
  const given = (flag: string): boolean =>
    fromCommandLine.some((arg) => arg === flag || arg.startsWith(`${flag}=`));
  const kept: string[] = [];
  for (let index = 0; index < fromFile.length; index++) {
    const arg = fromFile[index] as string;
    if (arg === "--auth-header" && given("--auth-header")) {
      index++;
      continue;
    }
    kept.push(arg);
  }
  return [...kept, ...fromCommandLine];
}
