/**
 * The smoke handler on Deno (`Deno.serve`, no Node adapter), on a free port of 127.0.0.1.
 * Prints `listening <url>` once it accepts connections.
 */
import { createSmokeHandler } from "../smoke-app.js";

/** The part of Deno's global this server uses (the project's types are Node's). */
declare const Deno: {
  serve(
    options: {
      port: number;
      hostname: string;
      onListen: (address: { hostname: string; port: number }) => void;
    },
    handler: (request: Request) => Promise<Response>,
  ): unknown;
};

Deno.serve(
  {
    port: 0,
    hostname: "127.0.0.1",
    onListen: ({ hostname, port }) => console.log(`listening http://${hostname}:${port}`),
  },
  createSmokeHandler(),
);
