/**
 * `npm run generate -- --watch` as a user runs it (a child process), with real file edits in a
 * temp folder: a change to a `$ref`ed file regenerates; a burst of saves makes one run; a broken
 * spec prints the usual error paragraph, keeps watching and leaves the output as it was; the
 * watched set follows the `$ref`s (a file no longer referenced stops triggering runs, a newly
 * referenced one starts); SIGINT ends it with exit code 0.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "./cli-helper.js";

const dir = mkdtempSync(join(tmpdir(), "generate-watch-"));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child !== undefined && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

function main(schemaFile: string): string {
  return [
    "openapi: 3.0.3",
    "info: { title: Watched, version: 1.0.0 }",
    "paths:",
    "  /things:",
    "    get:",
    "      operationId: listThings",
    "      responses:",
    '        "200":',
    "          description: ok",
    "          content:",
    "            application/json:",
    "              schema:",
    `                $ref: "./${schemaFile}#/Thing"`,
    "",
  ].join("\n");
}

function schemas(description: string): string {
  return [
    "Thing:",
    "  type: object",
    `  description: ${description}`,
    "  properties:",
    "    id: { type: integer }",
    "",
  ].join("\n");
}

/** Output lines as they arrive, and a way to wait for the next one matching. */
class Lines {
  readonly all: string[] = [];
  private waiters: { pattern: RegExp; from: number; resolve: (line: string) => void }[] = [];

  push(text: string): void {
    for (const line of text.split("\n").filter((part) => part.length > 0)) {
      this.all.push(line);
      this.waiters = this.waiters.filter((waiter) => {
        const found = this.all
          .slice(waiter.from)
          .find((candidate) => waiter.pattern.test(candidate));
        if (found !== undefined) waiter.resolve(found);
        return found === undefined;
      });
    }
  }

  /** The next line from now on matching `pattern`. */
  next(pattern: RegExp, timeoutMs = 120_000): Promise<string> {
    const from = this.all.length;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no line matching ${pattern} within ${timeoutMs} ms; output:\n${this.all.join("\n")}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({ pattern, from, resolve: (line) => (clearTimeout(timer), resolve(line)) });
    });
  }

  count(pattern: RegExp, from: number): number {
    return this.all.slice(from).filter((line) => pattern.test(line)).length;
  }
}

const RUN_LINE = /changed: Generated \d+ files/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("generate --watch", () => {
  it("regenerates on edits of the spec and the files it references, survives errors, exits on SIGINT", async () => {
    const spec = join(dir, "api.yaml");
    writeFileSync(spec, main("schemas.yaml"));
    writeFileSync(join(dir, "schemas.yaml"), schemas("first"));
    writeFileSync(join(dir, "other.yaml"), schemas("other"));
    const out = join(dir, "out");
    const lines = new Lines();
    child = spawn(
      process.execPath,
      [join(ROOT, "generator/run.mjs"), "cli", "--watch", "--spec", spec, "--out", out],
      { cwd: ROOT },
    );
    child.stdout!.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => lines.push(chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child!.on("exit", (code) => resolve(code)),
    );

    await lines.next(/watching .*api\.yaml/, 180_000);
    expect(
      lines.all.some((line) => /start: Generated \d+ files .* in \d+\.\d\d s/.test(line)),
    ).toBe(true);

    // a referenced file changes
    writeFileSync(join(dir, "schemas.yaml"), schemas("second"));
    expect(await lines.next(RUN_LINE)).toMatch(
      /schemas\.yaml changed: Generated \d+ files .*\(\d+ written/,
    );
    expect(readFileSync(join(out, "types.ts"), "utf8")).toContain("second");

    // a burst of saves: one run
    const beforeBurst = lines.all.length;
    for (let i = 0; i < 5; i++) {
      writeFileSync(spec, main("schemas.yaml") + `# save ${i}\n`);
      await sleep(20);
    }
    await lines.next(RUN_LINE);
    await sleep(1500);
    expect(lines.count(RUN_LINE, beforeBurst)).toBe(1);

    // a broken spec: the error paragraph, the output untouched, still watching
    const manifest = readFileSync(join(out, ".generated-manifest.json"), "utf8");
    const types = readFileSync(join(out, "types.ts"), "utf8");
    writeFileSync(spec, `${main("schemas.yaml")}x: [\n`);
    expect(await lines.next(/error: /)).toMatch(/api\.yaml changed: error: Malformed YAML or JSON/);
    expect(readFileSync(join(out, ".generated-manifest.json"), "utf8")).toBe(manifest);
    expect(readFileSync(join(out, "types.ts"), "utf8")).toBe(types);
    expect(child.exitCode).toBeNull();

    // fixed, now referencing other.yaml: the watched set follows the $refs
    writeFileSync(spec, main("other.yaml"));
    await lines.next(RUN_LINE);
    writeFileSync(join(dir, "other.yaml"), schemas("other-edited"));
    expect(await lines.next(RUN_LINE)).toMatch(/other\.yaml changed/);
    const beforeUnreferenced = lines.all.length;
    writeFileSync(join(dir, "schemas.yaml"), schemas("no longer referenced"));
    await sleep(1500);
    expect(lines.count(RUN_LINE, beforeUnreferenced)).toBe(0);

    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(lines.all.at(-1)).toMatch(/stopped watching api\.yaml/);
    expect(readFileSync(join(out, "types.ts"), "utf8")).toContain("other-edited");
  }, 600_000);
});
