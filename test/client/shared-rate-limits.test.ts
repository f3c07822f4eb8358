/**
 * One key shared safely (issue 34 item 3), over real HTTP against the reference server with a
 * Free key (60 requests per minute; a ban after 5 more requests while limited):
 *
 * - three client instances in one process share one rate-limit state by default (same origin,
 *   same key): 40 concurrent calls each end with zero `key_banned`; the control, each instance
 *   with its own state (`rateLimitState: "own"`), gets the key banned, so the test can fail;
 * - three separate processes (no shared memory): near exhaustion each goes one request at a
 *   time, so 40 concurrent calls each end with zero `key_banned` too.
 *
 * The server's clock is placed 3 s before a minute boundary (the clients use the same clock), so
 * the calls over the quota go out after the reset within seconds.
 */
import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPetStoreClient } from "../../generated/client.js";
import {
  RateLimitScheduler,
  clientIdentityOf,
  sharedScheduler,
} from "../../generated/runtime/client/index.js";
import { startContractServer, type ContractServer } from "../contract/harness.js";
import { freeKey, minuteClock } from "../contract/minute-clock.js";

const CALLS = 40;
const clock = minuteClock();
const serverNow = clock.now;

let h: ContractServer;

beforeAll(async () => {
  h = await startContractServer({
    fakeClock: false,
    now: serverNow,
    extraKeys: [freeKey("free-shared"), freeKey("free-own"), freeKey("free-processes")],
  });
});
afterAll(async () => {
  await h.close();
});

/** The error codes of the 429s the server sent since `from` (`rate_limited`, `key_banned`). */
function codesSince(from: number): string[] {
  return h.log.exchanges
    .slice(from)
    .filter((exchange) => exchange.status === 429)
    .map((exchange) => (JSON.parse(exchange.bodyText) as { code: string }).code);
}

describe("three clients in one process on one Free key", () => {
  it("share one rate-limit state by default: 3 × 40 concurrent calls, zero key_banned, all succeed", async () => {
    clock.placeBeforeBoundary(3_000);
    const from = h.log.exchanges.length;
    const clients = Array.from({ length: 3 }, () =>
      // the default state (the harness gives its clients their own, for its other tests)
      h.client({
        apiKey: "free-shared",
        plan: null,
        retry: {},
        now: serverNow,
        rateLimitState: undefined,
      }),
    );
    const results = await Promise.all(
      clients.flatMap((api) =>
        Array.from({ length: CALLS }, () => api.listPets({ query: { limit: 1 } })),
      ),
    );
    // one state knows every answer: not even a 429 (the calls over the quota waited for the reset)
    expect(codesSince(from)).toEqual([]);
    expect(results.map((result) => result.status)).toEqual(Array(3 * CALLS).fill(200));
    expect(h.serverErrors).toEqual([]);
  });

  it("control: each with its own state (as before), the same burst gets the key banned", async () => {
    clock.placeBeforeBoundary(30_000);
    const from = h.log.exchanges.length;
    const clients = Array.from({ length: 3 }, () =>
      h.client({
        apiKey: "free-own",
        plan: null,
        now: serverNow,
        rateLimitState: "own",
        rateLimitLowWater: 0,
        retry: { maxRetryAfterMs: 1_000 },
      }),
    );
    await Promise.all(
      clients.flatMap((api) =>
        Array.from({ length: CALLS }, () => api.listPets({ query: { limit: 1 } })),
      ),
    );
    expect(codesSince(from).filter((code) => code === "key_banned").length).toBeGreaterThan(0);
  });

  it("the shared state is keyed by origin and key: another key or origin, or 'own', gets its own", () => {
    const options = { now: Date.now, maxWaitMs: 1, maxConcurrent: 4, budget: true };
    const security = { schemes: {} };
    const a = clientIdentityOf(
      { baseUrl: "https://api.test/v1", apiKey: "secret-key-a" },
      security,
    );
    const sameA = clientIdentityOf(
      { baseUrl: "https://api.test/v2/", apiKey: "secret-key-a" },
      security,
    );
    const b = clientIdentityOf(
      { baseUrl: "https://api.test/v1", apiKey: "secret-key-b" },
      security,
    );
    const other = clientIdentityOf(
      { baseUrl: "https://staging.api.test", apiKey: "secret-key-a" },
      security,
    );
    expect(a).toEqual(sameA);
    expect(a.key).not.toBe(b.key);
    expect(JSON.stringify(a)).not.toContain("secret");
    expect(sharedScheduler(a, options, undefined)).toBe(sharedScheduler(sameA, options, undefined));
    expect(sharedScheduler(a, options, undefined)).not.toBe(sharedScheduler(b, options, undefined));
    expect(sharedScheduler(a, options, undefined)).not.toBe(
      sharedScheduler(other, options, undefined),
    );
    // a key sent as a plain header (as the MCP endpoint forwards its caller's) is a caller too
    const keyed = {
      schemes: { apiKey: { type: "apiKey", in: "header", name: "X-API-Key" } },
    } as const;
    const viaHeader = (key: string) =>
      clientIdentityOf({ baseUrl: "https://api.test", headers: { "x-api-key": key } }, keyed);
    expect(viaHeader("secret-key-a").key).not.toBe(viaHeader("secret-key-b").key);
    expect(viaHeader("secret-key-a")).toEqual(viaHeader("secret-key-a"));
    expect(JSON.stringify(viaHeader("secret-key-a"))).not.toContain("secret");
    const traced = clientIdentityOf(
      { baseUrl: "https://api.test", headers: { "X-Request-Id": "r1" } },
      keyed,
    );
    expect(traced.key).toBe("none");
    const explicit = new RateLimitScheduler(options);
    const api = createPetStoreClient({ baseUrl: "https://api.test", rateLimitState: explicit });
    expect(api).toBeDefined();
  });
});

/** What a client process prints: its final statuses, and the codes of the 429s it received. */
interface ProcessReport {
  readonly statuses: number[];
  readonly codes: string[];
}

/** Runs one client process; resolves with its report. */
function runProcess(env: Record<string, string>): Promise<ProcessReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "test/client/children/burst-client.ts"],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve(JSON.parse(out) as ProcessReport);
      else reject(new Error(`client process exited with ${code}: ${err}`));
    });
  });
}

describe("three processes on one Free key", () => {
  it("3 × 40 concurrent calls end with zero key_banned", async () => {
    clock.placeBeforeBoundary(8_000);
    const from = h.log.exchanges.length;
    const env = {
      BASE_URL: h.baseUrl,
      API_KEY: "free-processes",
      CLOCK_OFFSET: String(clock.offset()),
      CALLS: String(CALLS),
    };
    const reports = await Promise.all([runProcess(env), runProcess(env), runProcess(env)]);
    const codes = reports.flatMap((report) => report.codes);
    expect(codes.filter((code) => code === "key_banned")).toEqual([]);
    // below the ban (the first 429, then 5 more while limited): 1 or 2 in most runs, 5 seen once
    // on a loaded machine, where answers come back late and in bulk
    expect(codes.filter((code) => code === "rate_limited").length).toBeLessThanOrEqual(5);
    expect(reports.flatMap((report) => report.statuses)).toEqual(Array(3 * CALLS).fill(200));
  }, 60_000);
});
