/**
 * Figure 4, the floor: bare `node:http` answering the same two routes, no validation, no auth,
 * no rate limits (JSON.parse of the body only). Prints `listening <port>`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { CREATED_ID, createdPet, PET, type NewPet } from "./fixtures.js";

const BY_ID = /^\/pets\/by-id\/([0-9]+)$/;

function send(
  res: import("node:http").ServerResponse,
  status: number,
  body: string,
  extra: Record<string, string> = {},
): void {
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}

const server = createServer((req, res) => {
  const url = req.url ?? "/";
  if (req.method === "GET") {
    const match = BY_ID.exec(url);
    if (match) return send(res, 200, JSON.stringify({ ...PET, id: Number(match[1]) }));
  } else if (req.method === "POST" && url === "/pets") {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as NewPet;
        send(res, 201, JSON.stringify(createdPet(body)), { location: `/pets/by-id/${CREATED_ID}` });
      } catch {
        send(res, 400, '{"code":"validation_failed"}');
      }
    });
    return;
  }
  send(res, 404, '{"code":"not_found"}');
});
server.listen(0, "127.0.0.1", () =>
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`),
);
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
