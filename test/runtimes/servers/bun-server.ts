/**
 * The smoke handler on Bun (`Bun.serve`, no Node adapter), on a free port of 127.0.0.1.
 * Prints `listening <url>` once it accepts connections.
 */
import { createSmokeHandler } from "../smoke-app.js";

/** The part of Bun's global this server uses (the project's types are Node's). */
declare const Bun: {
  serve(options: {
    port: number;
    hostname: string;
    fetch: (request: Request) => Promise<Response>;
  }): { port: number; hostname: string };
};

const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: createSmokeHandler() });
console.log(`listening http://${server.hostname}:${server.port}`);
