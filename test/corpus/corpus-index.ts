/** The entries of ../shared/corpus/INDEX.tsv. */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CORPUS_DIR = fileURLToPath(new URL("../../../shared/corpus/", import.meta.url));

/** Whether the shared corpus is beside the project (it is not on a plain clone). */
export function hasCorpus(): boolean {
  return existsSync(`${CORPUS_DIR}INDEX.tsv`);
}

export interface CorpusEntry {
  readonly path: string;
  /** `2.0`, `3.0` or `3.1`. */
  readonly family: string;
  readonly operations: number;
  readonly bytes: number;
}

export function readCorpusIndex(): CorpusEntry[] {
  const [header = "", ...rows] = readFileSync(`${CORPUS_DIR}INDEX.tsv`, "utf8").trim().split("\n");
  const columns = header.split("\t");
  const at = (row: string[], name: string) => row[columns.indexOf(name)] ?? "";
  return rows.map((line) => {
    const row = line.split("\t");
    return {
      path: at(row, "local_path"),
      family: at(row, "family"),
      operations: Number(at(row, "operations")) || 0,
      bytes: Number(at(row, "bytes")) || 0,
    };
  });
}
