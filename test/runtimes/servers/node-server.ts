/**
 * The smoke handler on `node:http` (the Node adapter), on a free port of 127.0.0.1. Prints
 * `listening <url>` once it accepts connections; stops on SIGTERM.
 */
import type { AddressInfo } from "node:net";
import { serveNode } from "../../../generated/runtime/server/adapters/node-adapter.js";
import { createSmokeHandler } from "../smoke-app.js";

const server = await serveNode(createSmokeHandler(), { port: 0, host: "127.0.0.1" });
console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
});
