/**
 * The API's changelog: `CHANGELOG.md` beside the root spec file (written by `npm run release`,
 * editable by hand). The generator copies it byte for byte into the package, so downstream teams
 * get it with every version; it is an input of generation like the spec itself.
 */
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";

export const CHANGELOG_NAME = "CHANGELOG.md";

/** Where the changelog of the spec at `specPath` lives (it may not exist). */
export function changelogPath(specPath: string): string {
  return join(dirname(specPath), CHANGELOG_NAME);
}

/** The changelog's text, or `undefined` when the spec has none. */
export async function readChangelog(specPath: string): Promise<string | undefined> {
  try {
    return await readFile(changelogPath(specPath), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
