/**
 * `npm run release`: checks `info.version` against the last release of the contract, writes the
 * changelog entry, regenerates the package (which carries the changelog) and packs it.
 *
 * The last release is the highest `api-v<version>` git tag (or `--base`, a revision or a file);
 * with none, this is the first release. The bump must be at least what the changes need (see
 * spec:diff: major for a breaking change, unless every removal is past its sunset; minor for
 * additions and deprecations; patch for documentation only). The changelog is `CHANGELOG.md`
 * beside the spec; `npm run generate` copies it into the package (`generated/CHANGELOG.md`), so
 * the drift check covers it. I/O goes through `io` so tests run it in-process.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { GeneratorError } from "../generator/errors.js";
import { generate } from "../generator/generate.js";
import { changelogPath } from "../generator/load/read-changelog.js";
import { buildPackage } from "../scripts/build-package.js";
import { prependEntry, releasedVersions, renderEntry } from "./changelog.js";
import { toIsoDate } from "./dates.js";
import { diffSpecs } from "./diff-specs.js";
import { findRepo, listTags } from "./git-source.js";
import { DEFAULT_SPEC_PATH, readSpec } from "./read-spec.js";
import { bumpRank, type Report } from "./report.js";
import { SpecReadError } from "./spec-read-error.js";
import { parseSemver, versionBump } from "./versioning.js";
import { isScalar, parseDocument } from "yaml";

export const RELEASE_EXIT = { ok: 0, refused: 1, usage: 2, unreadable: 3, failed: 4 } as const;
export const TAG_PREFIX = "api-v";

export const RELEASE_USAGE = `Usage: npm run release -- [options]

Checks info.version against the last release, writes the changelog entry, regenerates and packs
the package.

  --dry-run               print what would be done; write nothing
  --base <revision|file>  the last release (default: the highest ${TAG_PREFIX}<version> git tag;
                          none: this is the first release)
  --bump auto             set info.version in the spec to the last release's version with the
                          bump the changes need (kept when the spec already bumps enough)
  --spec <file>           the spec to release (default ${DEFAULT_SPEC_PATH})
  --out <dir>             the generated package (default generated)
  --name <Name>           API name, as for npm run generate (default PetStore)
  --date YYYY-MM-DD       the release date in the changelog (default: today, UTC)
  --pack-destination <dir>
                          where the tarball goes (default: the current folder)
  --no-pack               stop after writing the changelog and regenerating
  -h, --help              this text

Exit codes: 0 released (or would be, with --dry-run) · 1 refused (info.version not bumped as the
changes need, or already released) · 2 usage · 3 a spec could not be read · 4 generation,
build or pack failed (the changelog is restored).
`;

export interface ReleaseIo {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly now?: () => Date;
}

interface ReleaseOptions {
  readonly dryRun: boolean;
  readonly base: string | undefined;
  readonly spec: string;
  readonly out: string;
  readonly name: string;
  readonly date: string;
  readonly packDestination: string;
  readonly pack: boolean;
  /** \`auto\`: set info.version from the changes (spec:diff's required bump). */
  readonly bump: "auto" | undefined;
}

class UsageError extends Error {}
class Refusal extends Error {}

export async function runRelease(argv: readonly string[], io: ReleaseIo): Promise<number> {
  let options: ReleaseOptions | "help";
  try {
    options = parseOptions(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    io.stderr(`release: ${error.message}\n\n${RELEASE_USAGE}`);
    return RELEASE_EXIT.usage;
  }
  if (options === "help") {
    io.stdout(RELEASE_USAGE);
    return RELEASE_EXIT.ok;
  }
  try {
    return await release(options, io);
  } catch (error) {
    if (error instanceof Refusal) {
      io.stderr(`release: ${error.message}\n`);
      return RELEASE_EXIT.refused;
    }
    if (error instanceof SpecReadError) {
      io.stderr(error.format("release"));
      return RELEASE_EXIT.unreadable;
    }
    throw error;
  }
}

async function release(options: ReleaseOptions, io: ReleaseIo): Promise<number> {
  const specFile = resolve(io.cwd, options.spec);
  const head = await readSpec(options.spec, { cwd: io.cwd, specPath: options.spec });
  const info = (head.document.info ?? {}) as Record<string, unknown>;
  const declared = info.version;
  const title = typeof info.title === "string" ? info.title : "the API";
  if (typeof declared !== "string" || parseSemver(declared) === undefined) {
    throw new Refusal(
      `info.version in ${options.spec} is ${JSON.stringify(declared)}, not a semantic version (1.2.3): set one and run again.`,
    );
  }
  let version: string = declared;

  const repo = findRepo(io.cwd);
  const tags = repo === undefined ? [] : listTags(repo, `${TAG_PREFIX}*`);
  const baseSource = options.base ?? latestTag(tags);
  if (baseSource === undefined && options.bump === "auto") {
    throw new Refusal(
      `--bump auto needs the last release to compare with, and there is no ${TAG_PREFIX}<version> tag: ${FIRST_RELEASE_HINT} For a first release, set info.version in ${options.spec} yourself and run without --bump.`,
    );
  }
  let report: Report | undefined;
  let base: Awaited<ReturnType<typeof readSpec>> | undefined;
  if (baseSource !== undefined) {
    base = await readSpec(baseSource, {
      cwd: io.cwd,
      specPath: repoRelative(repo?.root, specFile),
    });
    report = diffSpecs(base.document, head.document, {
      today: options.date,
      baseLabel: base.label,
      headLabel: head.label,
    });
    if (options.bump === "auto") {
      const bumped = autoVersion(report, version);
      if (bumped !== version) {
        io.stdout(
          `--bump auto: info.version ${version} → ${bumped} (the changes since ${base.label} need a ${report.version.required} bump).\n`,
        );
        version = bumped; // written into the spec with the changelog, once every check passed
      }
    }
  }
  if (tags.includes(`${TAG_PREFIX}${version}`)) {
    throw new Refusal(
      `${version} is already released (tag ${TAG_PREFIX}${version}): bump info.version in ${options.spec} for a new release.`,
    );
  }
  const changelogFile = changelogPath(specFile);
  const changelog = existsSync(changelogFile) ? await readFile(changelogFile, "utf8") : undefined;
  if (changelog !== undefined && releasedVersions(changelog).includes(version)) {
    throw new Refusal(
      `${relative(io.cwd, changelogFile)} already has an entry for ${version}: bump info.version in ${options.spec}, or remove that entry if it was never released.`,
    );
  }

  if (report !== undefined && base !== undefined) {
    const baseVersion = report.base.version;
    if (report.changes.length === 0) {
      throw new Refusal(
        `nothing to release: ${options.spec} is the same as the last release (${base.label}).`,
      );
    }
    const required = report.version.required;
    const actual = versionBump(baseVersion, version);
    if (bumpRank(actual) < bumpRank(required)) {
      throw new Refusal(bumpMessage(report, baseVersion, version, required, actual, options.spec));
    }
  }

  const entry = renderEntry({ version, date: options.date, report, head: head.document });
  const since = baseSource === undefined ? "first release" : `since ${baseSource}`;
  io.stdout(`Releasing ${title} ${version} (${since}):\n\n${entry}\n`);
  if (baseSource === undefined) {
    io.stdout(
      `No ${TAG_PREFIX}<version> tag: ${version} is released as the first version, checked against nothing. ${FIRST_RELEASE_HINT}\n`,
    );
  }
  const changelogLabel = relative(io.cwd, changelogFile);
  if (options.dryRun) {
    io.stdout(
      `--dry-run: would prepend this entry to ${changelogLabel}, regenerate ${options.out}/` +
        `${options.pack ? `, build and pack it into ${options.packDestination}` : ""}, then you would tag ${TAG_PREFIX}${version}.\n`,
    );
    return RELEASE_EXIT.ok;
  }

  const specBefore = version === declared ? undefined : await readFile(specFile, "utf8");
  if (specBefore !== undefined) await setSpecVersion(specFile, version);
  await writeAtomically(changelogFile, prependEntry(changelog, entry, title));
  let tarball: string | undefined;
  try {
    await generate({
      specPath: options.spec,
      outDir: options.out,
      apiName: options.name,
      cwd: io.cwd,
    });
    if (options.pack)
      tarball = await pack(resolve(io.cwd, options.out), resolve(io.cwd, options.packDestination));
  } catch (error) {
    // Leave the changelog as it was: a failed release is not a release.
    if (changelog === undefined) await rm(changelogFile, { force: true });
    else await writeAtomically(changelogFile, changelog);
    if (specBefore !== undefined) await writeAtomically(specFile, specBefore);
    const message =
      error instanceof GeneratorError
        ? error.format()
        : error instanceof Error
          ? error.message
          : String(error);
    io.stderr(
      `release: ${message}\nThe changelog (and info.version) are unchanged; fix the problem and run npm run release again.\n`,
    );
    return RELEASE_EXIT.failed;
  }
  io.stdout(
    `Wrote ${changelogLabel} and regenerated ${options.out}/ (with CHANGELOG.md)` +
      `${tarball === undefined ? "" : `; packed ${relative(io.cwd, tarball) || tarball}`}.\n` +
      `Next: commit both, then tag the release: git tag ${TAG_PREFIX}${version} && git push origin ${TAG_PREFIX}${version}\n`,
  );
  return RELEASE_EXIT.ok;
}

/** What to do when no tag marks the last release. */
const FIRST_RELEASE_HINT = `If a version was released before, tag the commit it was released from first (git tag ${TAG_PREFIX}<its version> <commit>) or pass --base <revision|file>, so the release is checked against it.`;

/** The version --bump auto sets: the base's with the required bump, unless `current` already bumps enough. */
function autoVersion(report: Report, current: string): string {
  const required = report.version.required;
  if (required === "none" || report.version.sufficient) return current;
  return nextVersion(report.base.version, required) ?? current;
}

/** Writes `version` into the spec's \`info.version\`, keeping the rest of the file as it is. */
async function setSpecVersion(specFile: string, version: string): Promise<void> {
  const document = parseDocument(await readFile(specFile, "utf8"));
  if (!isScalar(document.getIn(["info", "version"], true))) {
    throw new Refusal(
      `--bump auto: ${specFile} has no plain info.version to set (is info a $ref?): set it to ${version} yourself.`,
    );
  }
  document.setIn(["info", "version"], version);
  await writeAtomically(specFile, document.toString({ lineWidth: 0 }));
}

function bumpMessage(
  report: Report,
  from: string | null,
  to: string,
  required: string,
  actual: string,
  spec: string,
): string {
  const reasons = report.changes
    .filter((change) => change.bump === required)
    .slice(0, 5)
    .map(
      (change) =>
        `\n  - ${change.location}${change.field === "" ? "" : ` ${change.field}`}: ${change.reason}`,
    )
    .join("");
  const more =
    report.changes.filter((change) => change.bump === required).length > 5 ? "\n  - ..." : "";
  const suggestion = nextVersion(from, required);
  return (
    `info.version ${from ?? "?"} → ${to} is ${actual === "none" ? "no bump" : `a ${actual} bump`}, but the changes since the last release need a ${required} bump:${reasons}${more}\n` +
    `Set info.version in ${spec} to ${suggestion ?? `a ${required} bump`} and run again (npm run spec:diff -- <base> lists every change).`
  );
}

function nextVersion(from: string | null, bump: string): string | undefined {
  const version = parseSemver(from);
  if (version === undefined) return undefined;
  if (bump === "major") return `${version.major + 1}.0.0`;
  if (bump === "minor") return `${version.major}.${version.minor + 1}.0`;
  return `${version.major}.${version.minor}.${version.patch + 1}`;
}

/** The tag of the highest released version. */
function latestTag(tags: readonly string[]): string | undefined {
  let best: { tag: string; rank: number[] } | undefined;
  for (const tag of tags) {
    const version = parseSemver(tag.slice(TAG_PREFIX.length));
    if (version === undefined || version.prerelease !== "") continue;
    const rank = [version.major, version.minor, version.patch];
    if (best === undefined || compare(rank, best.rank) > 0) best = { tag, rank };
  }
  return best?.tag;
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

function repoRelative(root: string | undefined, file: string): string {
  return root === undefined ? file : relative(root, file).split("\\").join("/");
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

/** Builds the package and packs it; returns the tarball's path. */
async function pack(packageDir: string, destination: string): Promise<string> {
  await buildPackage(packageDir);
  await mkdir(destination, { recursive: true });
  const result = spawnSync(
    "npm",
    ["pack", packageDir, "--pack-destination", destination, "--json"],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`npm pack failed: ${result.stderr.trim()}`);
  const [packed] = JSON.parse(result.stdout) as { filename: string }[];
  if (packed === undefined) throw new Error("npm pack reported no tarball");
  return resolve(destination, packed.filename);
}

function parseOptions(argv: readonly string[], io: ReleaseIo): ReleaseOptions | "help" {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      "dry-run": { type: "boolean", default: false },
      base: { type: "string" },
      spec: { type: "string", default: DEFAULT_SPEC_PATH },
      out: { type: "string", default: "generated" },
      name: { type: "string", default: "PetStore" },
      date: { type: "string" },
      "pack-destination": { type: "string", default: "." },
      "no-pack": { type: "boolean", default: false },
      bump: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) return "help";
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
  let date: string;
  try {
    date = toIsoDate(values.date ?? (io.now ?? (() => new Date()))());
  } catch {
    throw new UsageError(
      `--date must be a real date YYYY-MM-DD, not ${JSON.stringify(values.date)}`,
    );
  }
  return {
    dryRun: values["dry-run"],
    base: values.base,
    spec: values.spec,
    out: values.out,
    name: values.name,
    date,
    packDestination: values["pack-destination"],
    pack: !values["no-pack"],
    bump: parseBump(values.bump),
  };
}

function parseBump(value: string | undefined): "auto" | undefined {
  if (value === undefined || value === "auto") return value;
  throw new UsageError(
    `--bump takes \`auto\` (the bump the changes need), not ${JSON.stringify(value)}`,
  );
}
