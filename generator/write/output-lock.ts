/**
 * One writer at a time per output folder. Two generator runs into the same folder at once (a
 * `--watch` session and an `npm run generate`, two tasks of a monorepo's runner, a git hook and an
 * editor's task) would otherwise each take the other's staging folder for an interrupted run's
 * (write-output.ts recovers those) and rename their files into place in turn: an output mixing
 * two runs' files under one run's manifest. The write stage (recovery, staging, the renames) runs
 * holding a lock file beside the output, `.<name>.lock`, created exclusively (`wx`); a run that
 * finds it waits for it to go, polling.
 *
 * The lock records who holds it (process id, host, when). It is taken over, not waited for, when
 * its holder is gone: a process of this host that no longer exists (killed with SIGKILL, the
 * machine restarted), or a hold older than {@link STALE_AFTER_MS} (a write stage takes
 * milliseconds to a second or two; longer means a stuck or suspended process, or a process id
 * reused after a crash). Taking over renames the stale file aside and checks it is the one judged
 * stale, so two runs that find the same stale lock do not both win. The hold is released in a
 * `finally`; SIGINT and SIGTERM already wait for the write stage (write-output.ts).
 *
 * Where the lock cannot be written because the folder beside the output is read-only (a checkout
 * mounted read-only, a CI step run as another user), no run can write there either: the work runs
 * without the lock, and refuses only when it has something to change (`OutputHold.assertWritable`),
 * so `generate` on an up-to-date read-only output, and `--check`, still succeed.
 */
import { randomBytes } from "node:crypto";
import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { GeneratorError } from "../errors.js";

/** A hold older than this is taken over (see the module's comment). */
export const STALE_AFTER_MS = 120_000;
const POLL_MS = 25;

/** What a lock file says of its holder. */
export interface LockHolder {
  readonly pid: number;
  readonly host: string;
  /** `Date.now()` when it was taken. */
  readonly since: number;
  /** Unique per hold: tells two holds of one process apart. */
  readonly id: string;
}

/** The lock file of output folder `outDir` (a sibling, like its staging folders). */
export function outputLockPath(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.lock`);
}

/** What the work under {@link withOutputLock} is told of its lock. */
export interface OutputHold {
  /** Whether the lock is held (false: the folder beside the output is read-only). */
  readonly held: boolean;
  /** Throws the refusal when the lock could not be taken: call it before changing anything. */
  readonly assertWritable: () => void;
}

/** Error codes of a folder that cannot be written (rather than of a path that cannot be one). */
const READ_ONLY = new Set(["EACCES", "EPERM", "EROFS"]);

/**
 * Runs `work` holding the lock of `outDir` (resolved), waiting for another holder to finish; where
 * the lock's folder is read-only, runs it unlocked and writing refused (see the module's comment).
 */
export async function withOutputLock<T>(
  outDir: string,
  work: (hold: OutputHold) => Promise<T>,
): Promise<T> {
  const lock = outputLockPath(outDir);
  let holder: LockHolder;
  try {
    holder = await acquire(lock);
  } catch (error) {
    const refusal = new GeneratorError(
      "outputRefused",
      `Could not lock the output folder: ${error instanceof Error ? error.message : String(error)}`,
      {
        where: lock,
        hint: "The generator writes a lock file and a staging folder beside the output: make that folder writable, or choose another --out.",
        cause: error,
      },
    );
    if (!READ_ONLY.has((error as NodeJS.ErrnoException).code ?? "")) throw refusal;
    return work({
      held: false,
      assertWritable: () => {
        throw refusal;
      },
    });
  }
  try {
    return await work({ held: true, assertWritable: () => undefined });
  } finally {
    release(lock, holder);
  }
}

async function acquire(lock: string): Promise<LockHolder> {
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    const holder: LockHolder = {
      pid: process.pid,
      host: hostname(),
      since: Date.now(),
      id: randomBytes(8).toString("hex"),
    };
    if (created(lock, holder)) return holder;
    const current = readHolder(lock);
    if (current === "absent") continue; // released meanwhile: try again at once
    // unreadable (a holder writing it this instant, or litter): stale only once old enough
    if (isStale(current, lock)) takeOver(lock, current);
    else await sleep(POLL_MS);
  }
}

/**
 * Creates the lock file whole or not at all: written to a file of its own, then hard-linked to
 * the lock's name (`link` fails when the name exists, and a reader never sees it half-written).
 */
function created(lock: string, holder: LockHolder): boolean {
  const own = `${lock}.${holder.id}`;
  writeFileSync(own, JSON.stringify(holder));
  try {
    linkSync(own, lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
}

/** The lock's holder; "absent" when there is no lock file, undefined when it cannot be read. */
function readHolder(lock: string): LockHolder | "absent" | undefined {
  let text: string;
  try {
    text = readFileSync(lock, "utf8");
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "absent" : undefined;
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    const { pid, host, since, id } = value;
    if (
      typeof pid === "number" &&
      typeof host === "string" &&
      typeof since === "number" &&
      typeof id === "string"
    )
      return { pid, host, since, id };
  } catch {
    // not ours, or damaged: judged by its age below
  }
  return undefined;
}

function isStale(holder: LockHolder | undefined, lock: string): boolean {
  if (holder === undefined) return ageOf(lock) > STALE_AFTER_MS;
  if (Date.now() - holder.since > STALE_AFTER_MS) return true;
  return holder.host === hostname() && !processExists(holder.pid);
}

/** How long ago the file was last modified (0 when it cannot be read: not stale). */
function ageOf(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes a stale lock, unless another run took it over first: the file is renamed aside (one
 * rename of it succeeds), and if what was renamed is not the hold judged stale (a newer one), it
 * is linked back under the lock's name (`link` never replaces a file: if a third run took the free
 * name in that instant, two runs hold the lock, which needs a stale lock and three runs at once).
 */
function takeOver(lock: string, stale: LockHolder | undefined): void {
  const aside = `${lock}.${randomBytes(8).toString("hex")}.stale`;
  try {
    renameSync(lock, aside);
  } catch {
    return; // gone meanwhile: the next attempt creates it
  }
  const moved = readHolder(aside);
  const same =
    stale === undefined ? moved === undefined : moved !== "absent" && moved?.id === stale.id;
  if (!same) {
    try {
      linkSync(aside, lock);
    } catch {
      // a newer hold took the name: the one moved aside was released by the time it mattered
    }
  }
  rmSync(aside, { force: true });
}

function release(lock: string, holder: LockHolder): void {
  const current = readHolder(lock);
  // taken over (this run was judged stale): the lock is another run's now
  if (current === "absent" || current?.id !== holder.id) return;
  rmSync(lock, { force: true });
}
