/**
 * The server of figure 3b, run as its own process: answers the three calls with canned bodies
 * (reading any request body first), nothing else. Prints `listening <port>` when ready.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cannedFor } from "./contenders.js";

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    const canned = cannedFor(req.method ?? "GET", req.url ?? "/");
    if (canned === undefined) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end('{"code":"not_found"}');
      return;
    }
    res.writeHead(canned.status, {
      ...canned.headers,
      "content-length": Buffer.byteLength(canned.body),
    });
    res.end(canned.body);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
