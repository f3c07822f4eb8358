/**
 * The same-work peer rows' set-up (benchmarks/peer-generation.ts): a missing Node 24 or peer
 * install is a reason (one skip line), never a crash; each peer's command names the spec and the
 * output folder it is given. Timings belong to `npm run bench`, not to tests.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BenchContext } from "../../benchmarks/harness/context.js";
import {
  benchFailed,
  failedRow,
  failedSide,
  makeRow,
  PeerFailed,
} from "../../benchmarks/harness/rows.js";
import { ensurePeers, peers } from "../../benchmarks/peer-generation.js";

const empty = mkdtempSync(join(tmpdir(), "peers-root-"));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

function context(root: string): BenchContext {
  return {
    root,
    workDir: join(root, "work"),
    runs: 1,
    runsExplicit: true,
    quick: true,
    specs: [],
    log: () => undefined,
    generation: new Map(),
  };
}

describe("same-work peers", () => {
  it("gives a reason, not a crash, when Node 24 is missing", () => {
    expect(ensurePeers(context(empty))).toMatch(/node_modules\/node24\/bin\/node is missing/);
  });

  it("runs hey-api, orval, Kubb and Redocly on the given spec into the given folder", () => {
    const all = peers("/root");
    expect(all.map((peer) => peer.id)).toEqual([
      "hey-api",
      "orval",
      "Kubb".toLowerCase(),
      "redocly",
    ]);
    for (const peer of all) {
      const command = peer.command("/specs/api.yaml", "/out/dir");
      const text = [...command.args, ...Object.values(command.env ?? {})].join(" ");
      expect(text, peer.id).toContain("/specs/api.yaml");
      expect(text, peer.id).toContain("/out/dir");
    }
    const redocly = all
      .find((peer) => peer.id === "redocly")!
      .command("s.yaml", "o")
      .args.join(" ");
    expect(redocly).toContain(
      "generate-client s.yaml -o o/client.ts --generator typescript --generator zod --generator tanstack-query --generator mock",
    );
  });

  it("reports a peer that fails on a spec as a failed row that does not fail the bench; ours failing does", () => {
    const target = { op: "<=", value: 1 } as const;
    const missed = makeRow({
      name: "generation.peer.kubb.time.petstore",
      figure: "1",
      label: "missed",
      ours: 2,
      peer: 1,
      peerName: "Kubb",
      unit: "s",
      target,
    });
    const peerFailed = failedRow(
      "generation.peer.orval.octokit",
      "1",
      "orval",
      target,
      "refused",
      "peer",
    );
    const oursFailed = failedRow("generation.peers.time.octokit", "1", "ours", target, "crashed");
    expect(missed.met).toBe(false);
    expect(peerFailed.met).toBe(false);
    expect(peerFailed.details["failure"]).toBe("refused");
    expect(benchFailed([missed, peerFailed])).toBe(false);
    expect(benchFailed([missed, peerFailed, oursFailed])).toBe(true);
    expect(benchFailed([oursFailed])).toBe(true);
  });

  it("counts what a peer's failure throws as the peer's, anything else as ours", () => {
    const target = { op: "<=", value: 1 } as const;
    const thrown = [new PeerFailed("Redocly generate-client failed"), new Error("ours"), "text"];
    expect(thrown.map(failedSide)).toEqual(["peer", "ours", "ours"]);
    const rows = thrown.map((error, index) =>
      failedRow(`bundle.client.redocly.${index}`, "6", "bundle", target, error),
    );
    expect(rows[0]?.details["failed"]).toBe("peer");
    expect(benchFailed(rows.slice(0, 1))).toBe(false);
    expect(benchFailed(rows)).toBe(true);
  });
});
