/** The files in an output folder, as sorted POSIX paths, leaving out build folders. */
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";

/** Folders inside the output that belong to builds and installs, not to the generator. */
const IGNORED_DIRS = new Set(["node_modules", "dist"]);

export async function listOutputFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const files: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!(dir === root && IGNORED_DIRS.has(entry.name))) await walk(path);
      } else if (entry.isFile()) {
        files.push(relative(root, path).split(sep).join("/"));
      }
    }
  };
  await walk(root);
  return files.sort();
}
