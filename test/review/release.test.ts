/**
 * `npm run release` on a sequence of spec versions built here: first release, additive, breaking,
 * deprecation, removal after the sunset, documentation only; refusals when `info.version` is not
 * bumped as the changes need; a dry run writes nothing; the last release is found from git tags;
 * the packed tarball carries the changelog.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { RELEASE_EXIT, runRelease } from "../../review/release-command.js";
import { baseDoc, type Doc } from "./fixture.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with `spec/openapi.yaml` = `doc`. */
function project(doc: Doc): string {
  const dir = mkdtempSync(join(tmpdir(), "release-test-"));
  dirs.push(dir);
  writeSpec(dir, doc);
  return dir;
}

function writeSpec(dir: string, doc: Doc, name = "spec/openapi.yaml"): void {
  execFileSync("mkdir", ["-p", join(dir, name, "..")]);
  writeFileSync(join(dir, name), stringify(doc));
}

/** Saves the current spec as the last release's (what `--base` points at). */
function snapshot(dir: string, label: string): string {
  const file = `released-${label}.yaml`;
  writeFileSync(join(dir, file), readFileSync(join(dir, "spec/openapi.yaml")));
  return file;
}

async function release(
  dir: string,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runRelease(
    ["--no-pack", "--out", "out", "--name", "Mini", "--date", "2027-07-01", ...args],
    {
      cwd: dir,
      stdout: (text) => (out += text),
      stderr: (text) => (err += text),
    },
  );
  return { code, out, err };
}

const changelogOf = (dir: string): string => readFileSync(join(dir, "spec/CHANGELOG.md"), "utf8");

function withVersion(doc: Doc, version: string): Doc {
  doc.info.version = version;
  return doc;
}

describe("npm run release", () => {
  it("walks a contract through its releases, refusing every bump that is too small", async () => {
    const doc = baseDoc();
    const dir = project(doc);

    // 1.0.0: the first release (no tag, no base).
    let result = await release(dir);
    expect(result.err).toBe("");
    expect(result.code).toBe(RELEASE_EXIT.ok);
    let changelog = changelogOf(dir);
    expect(changelog).toMatch(/^# Changelog\n/);
    expect(changelog).toContain("## [1.0.0] - 2027-07-01\n\n### Added\n\n- First release, with ");
    expect(changelog).toContain("  - `GET /pets` (`listPets`)");
    // The package carries the changelog, byte for byte, and lists it in `files`.
    expect(readFileSync(join(dir, "out/CHANGELOG.md"), "utf8")).toBe(changelog);
    expect(JSON.parse(readFileSync(join(dir, "out/package.json"), "utf8")).files).toContain(
      "CHANGELOG.md",
    );
    let base = snapshot(dir, "1.0.0");

    // Same version again: refused, nothing written.
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.refused);
    expect(result.err).toContain("already has an entry for 1.0.0");

    // Additive (a new optional query parameter): a patch bump is refused, a minor one passes.
    doc.paths["/pets"].get.parameters.push({
      name: "name",
      in: "query",
      description: "Filter by name.",
      schema: { type: "string" },
    });
    writeSpec(dir, withVersion(doc, "1.0.1"));
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.refused);
    expect(result.err).toContain("need a minor bump");
    expect(result.err).toContain("Set info.version in spec/openapi.yaml to 1.1.0");
    expect(changelogOf(dir)).toBe(changelog);
    writeSpec(dir, withVersion(doc, "1.1.0"));
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.ok);
    changelog = changelogOf(dir);
    expect(changelog.indexOf("## [1.1.0]")).toBeLessThan(changelog.indexOf("## [1.0.0]"));
    expect(entry(changelog, "1.1.0")).toMatch(/### Added\n\n- `GET \/pets` `query.name`: /);
    base = snapshot(dir, "1.1.0");

    // Breaking (a stable operation removed without deprecation): minor refused, major passes.
    delete doc.paths["/pets/by-id/{petId}"];
    delete doc.paths["/pets/{petId}"]?.get?.["x-replaced-by"]; // it named the removed operation
    writeSpec(dir, withVersion(doc, "1.2.0"));
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.refused);
    expect(result.err).toContain("need a major bump");
    expect(result.err).toContain("GET /pets/by-id/{petId}");
    writeSpec(dir, withVersion(doc, "2.0.0"));
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.ok);
    // (the implied Link on getPet's 410 goes with the successor it named)
    expect(entry(changelogOf(dir), "2.0.0")).toMatch(
      /### Removed\n\n(- .*\n)*- \*\*Breaking:\*\* `GET \/pets\/by-id\/\{petId\}`: /,
    );
    base = snapshot(dir, "2.0.0");

    // Deprecation with a sunset and a replacement (added alongside): minor.
    doc.paths["/pets/v2"] = {
      post: { ...structuredClone(doc.paths["/pets"].post), operationId: "createPetV2" },
    };
    Object.assign(doc.paths["/pets"].post, {
      deprecated: true,
      "x-deprecated-since": "2027-07-01",
      "x-sunset": "2028-06-30",
      "x-replaced-by": "createPetV2",
    });
    writeSpec(dir, withVersion(doc, "2.1.0"));
    result = await release(dir, "--base", base);
    expect(result.err).toBe("");
    expect(result.code).toBe(RELEASE_EXIT.ok);
    expect(entry(changelogOf(dir), "2.1.0")).toContain(
      "### Deprecated\n\n- `POST /pets`: deprecated; it stops working on 2028-06-30 (410 from that date); use `createPetV2` instead\n",
    );
    base = snapshot(dir, "2.1.0");

    // Removal of getPet after its sunset (2027-06-30, the release is dated 2027-07-01): minor.
    delete doc.paths["/pets/{petId}"];
    writeSpec(dir, withVersion(doc, "2.2.0"));
    result = await release(dir, "--base", base);
    expect(result.err).toBe("");
    expect(result.code).toBe(RELEASE_EXIT.ok);
    expect(entry(changelogOf(dir), "2.2.0")).toMatch(
      /### Removed\n\n- `GET \/pets\/\{petId\}`: removed after its sunset date 2027-06-30/,
    );
    base = snapshot(dir, "2.2.0");

    // Documentation only: the same version is refused ("no bump"), a patch passes.
    doc.paths["/pets"].get.summary = "List the pets of the store";
    writeSpec(dir, withVersion(doc, "2.2.0"));
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.refused);
    writeSpec(dir, withVersion(doc, "2.2.1"));
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.ok);
    expect(entry(changelogOf(dir), "2.2.1")).toContain("### Changed\n\n- Documentation only");

    // Nothing changed at all: nothing to release.
    base = snapshot(dir, "2.2.1");
    writeSpec(dir, withVersion(doc, "2.2.2"));
    writeFileSync(join(dir, base), stringify(withVersion(structuredClone(doc), "2.2.2")));
    result = await release(dir, "--base", base);
    expect(result.code).toBe(RELEASE_EXIT.refused);
    expect(result.err).toContain("nothing to release");
  }, 120_000);

  it("--dry-run prints the entry and writes nothing", async () => {
    const dir = project(baseDoc());
    const result = await release(dir, "--dry-run");
    expect(result.code).toBe(RELEASE_EXIT.ok);
    expect(result.out).toContain("## [1.0.0] - 2027-07-01");
    expect(result.out).toContain("--dry-run: would prepend");
    expect(existsSync(join(dir, "spec/CHANGELOG.md"))).toBe(false);
    expect(existsSync(join(dir, "out"))).toBe(false);
  });

  it("finds the last release from the highest api-v tag, and refuses a version already tagged", async () => {
    const doc = baseDoc();
    const dir = project(doc);
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe" });
    git("init", "-q");
    git(
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@example.org",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "start",
    );
    git("add", "spec/openapi.yaml");
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "1.0.0");
    git("tag", "api-v1.0.0");
    git("tag", "api-v0.9.0", "HEAD~1");

    let result = await release(dir, "--dry-run");
    expect(result.code).toBe(RELEASE_EXIT.refused);
    expect(result.err).toContain("already released (tag api-v1.0.0)");

    doc.paths["/pets"].get.parameters.push({
      name: "name",
      in: "query",
      description: "By name.",
      schema: { type: "string" },
    });
    writeSpec(dir, withVersion(doc, "1.0.1"));
    result = await release(dir, "--dry-run");
    expect(result.code).toBe(RELEASE_EXIT.refused);
    expect(result.err).toContain(
      "1.0.0 → 1.0.1 is a patch bump, but the changes since the last release need a minor bump",
    );
    writeSpec(dir, withVersion(doc, "1.1.0"));
    result = await release(dir, "--dry-run");
    expect(result.code).toBe(RELEASE_EXIT.ok);
    expect(result.out).toContain("(since api-v1.0.0)");
  }, 60_000);

  it("packs a package that carries the changelog", async () => {
    const dir = project(baseDoc());
    // The build resolves the package's dependencies (openapi-fetch, ajv) as an installed package would.
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "dir");
    let out = "";
    let err = "";
    const code = await runRelease(
      ["--out", "out", "--name", "Mini", "--date", "2027-07-01", "--pack-destination", "packed"],
      {
        cwd: dir,
        stdout: (text) => (out += text),
        stderr: (text) => (err += text),
      },
    );
    expect(err).toBe("");
    expect(code).toBe(RELEASE_EXIT.ok);
    const tarball = /packed (\S+\.tgz)/.exec(out)?.[1];
    expect(tarball).toBeDefined();
    const listing = execFileSync("tar", ["-tzf", join(dir, tarball!)], { encoding: "utf8" });
    expect(listing).toContain("package/CHANGELOG.md");
    expect(listing).toContain("package/dist/entry/client.js");
  }, 120_000);

  it("--bump auto sets info.version from the changes (keeping the rest of the spec as written)", async () => {
    const doc = baseDoc();
    const dir = project(doc);
    const base = join(dir, "released-1.0.0.yaml");
    writeFileSync(base, readFileSync(join(dir, "spec/openapi.yaml")));
    doc.paths["/pets"].get.parameters.push({
      name: "name",
      in: "query",
      description: "Filter by name.",
      schema: { type: "string" },
    });
    writeSpec(dir, doc);
    const text = readFileSync(join(dir, "spec/openapi.yaml"), "utf8");

    const dry = await release(dir, "--base", base, "--bump", "auto", "--dry-run");
    expect(dry.code).toBe(RELEASE_EXIT.ok);
    expect(dry.out).toContain("--bump auto: info.version 1.0.0 → 1.1.0 (the changes since");
    expect(readFileSync(join(dir, "spec/openapi.yaml"), "utf8")).toBe(text);

    const result = await release(dir, "--base", base, "--bump", "auto");
    expect(result.err).toBe("");
    expect(result.code).toBe(RELEASE_EXIT.ok);
    expect(readFileSync(join(dir, "spec/openapi.yaml"), "utf8")).toBe(
      text.replace("version: 1.0.0", "version: 1.1.0"),
    );
    expect(changelogOf(dir)).toContain("## [1.1.0] - 2027-07-01");

    expect((await release(dir, "--bump", "major")).code).toBe(RELEASE_EXIT.usage);
  });

  it("a first release without a tag says how to set the baseline; --bump auto needs one", async () => {
    const dir = project(baseDoc());
    const auto = await release(dir, "--bump", "auto");
    expect(auto.code).toBe(RELEASE_EXIT.refused);
    expect(auto.err).toContain(
      "--bump auto needs the last release to compare with, and there is no api-v<version> tag",
    );
    expect(auto.err).toContain("git tag api-v<its version> <commit>");
    const first = await release(dir);
    expect(first.code).toBe(RELEASE_EXIT.ok);
    expect(first.out).toContain(
      "No api-v<version> tag: 1.0.0 is released as the first version, checked against nothing.",
    );
  });

  it("refuses bad usage and a version that is not semantic", async () => {
    const dir = project(withVersion(baseDoc(), "one"));
    expect((await release(dir, "--date", "2027-02-30")).code).toBe(RELEASE_EXIT.usage);
    const result = await release(dir);
    expect(result.code).toBe(RELEASE_EXIT.refused);
    expect(result.err).toContain(
      'info.version in spec/openapi.yaml is "one", not a semantic version',
    );
  });
});

/** One version's entry of a changelog. */
function entry(changelog: string, version: string): string {
  const start = changelog.indexOf(`## [${version}]`);
  const next = changelog.indexOf("\n## [", start + 1);
  return changelog.slice(start, next === -1 ? undefined : next);
}
