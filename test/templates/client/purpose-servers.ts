/**
 * Small purpose-built HTTP servers on 127.0.0.1 (port 0) for the client's wire behaviour: one
 * that never answers, one that resets every connection, one that answers from a script (e.g. 503
 * then 201). Each records the requests it received.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

export interface PurposeServer {
  readonly url: string;
  readonly received: ReceivedRequest[];
  close(): Promise<void>;
}

/** What a scripted server answers: a status, headers and a body. */
export interface ScriptedAnswer {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

type Behaviour = (request: ReceivedRequest, req: IncomingMessage, res: ServerResponse) => void;

async function start(behaviour: Behaviour): Promise<PurposeServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(request);
      behaviour(request, req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads every request, never answers (until closed). */
export function startSilentServer(): Promise<PurposeServer> {
  return start(() => undefined);
}

/** Reads every request, then destroys the connection (the client sees a reset). */
export function startResettingServer(): Promise<PurposeServer> {
  return start((_request, req) => req.socket.destroy());
}

/** Answers the n-th request with the n-th answer (the last one repeats). */
export function startScriptedServer(...answers: ScriptedAnswer[]): Promise<PurposeServer> {
  let next = 0;
  return start((_request, _req, res) => {
    const answer = answers[Math.min(next++, answers.length - 1)]!;
    res.writeHead(answer.status, answer.headers ?? {});
    res.end(answer.body ?? "");
  });
}

/** A port on 127.0.0.1 where nothing listens (connection refused). */
export async function closedPortUrl(): Promise<string> {
  const server = await startSilentServer();
  await server.close();
  return server.url;
}

/** The `Timeout` handles alive in this process (timers left running show up here). */
export function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((name) => name === "Timeout").length;
}
