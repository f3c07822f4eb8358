/**
 * `npm run conformance` as a command (its `main`, in-process): exit codes, clear usage errors,
 * `--dry-run` sends nothing, a failing run prints the curl reproduction and the replay line and
 * writes JUnit XML.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../conformance/cli.js";
import { startTestServer, type TestServer } from "./reference-server.js";

const work = mkdtempSync(join(process.cwd(), ".tmp-conformance-cli-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let out = "";
let err = "";
beforeEach(() => {
  out = "";
  err = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((err += String(chunk)), true));
});
let open: TestServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await open?.close();
  open = undefined;
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("npm run conformance", () => {
  it.each([
    [[], /--base-url is required/],
    [["--base-url", "ftp://x"], /--base-url must be an http\(s\) URL/],
    [
      ["--base-url", "http://127.0.0.1:1", "--max-examples", "0"],
      /--max-examples must be a positive integer/,
    ],
    [
      ["--base-url", "http://127.0.0.1:1", "--auth-header", "no colon"],
      /--auth-header must look like 'Name: value'/,
    ],
    [
      ["--base-url", "http://127.0.0.1:1", "--operations", "nope"],
      /--operations: no operation "nope"/,
    ],
    [["--base-url", "http://127.0.0.1:1", "--bogus"], /Unknown option '--bogus'/],
  ])("refuses %j with exit 2", async (args, message) => {
    expect(await main(args)).toBe(2);
    expect(err).toMatch(message);
    expect(err).toContain("Usage: npm run conformance");
  });

  it("exit 3 for a spec that cannot be read, naming it", async () => {
    expect(await main(["--base-url", "http://127.0.0.1:1", "--spec", "nope/missing.yaml"])).toBe(3);
    expect(err).toMatch(/does not exist[\s\S]*nope\/missing\.yaml/);
  });

  it("exit 4 when the server cannot be reached", async () => {
    const port = await closedPort();
    expect(
      await main([
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--operations",
        "listPets",
        "--max-examples",
        "1",
      ]),
    ).toBe(4);
    expect(err).toMatch(
      new RegExp(
        `GET http://127.0.0.1:${port}/pets.* failed: .*is the server running at --base-url\\?`,
      ),
    );
  });

  it("--dry-run lists the planned requests as curl and sends nothing", async () => {
    const port = await closedPort();
    expect(
      await main([
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--dry-run",
        "--operations",
        "getPetById",
        "--max-examples",
        "2",
        "--seed",
        "4",
        "--auth-header",
        "X-API-Key: k",
      ]),
    ).toBe(0);
    expect(out).toMatch(
      /# getPetById positive\ncurl -i -X GET 'http:\/\/127\.0\.0\.1:\d+\/pets\/by-id\/\d+' -H 'X-API-Key: k'/,
    );
    expect(out).toMatch(/# getPetById negative: path parameter petId: /);
    // complete: the boundary phase, both credential probes and the method probes too
    expect(out).toMatch(/# getPetById boundary: path parameter petId: below the minimum \(1\)\n/);
    expect(out).toMatch(/# getPetById missing-auth\ncurl -i -X GET '[^']+'\n/);
    expect(out).toMatch(/# getPetById invalid-auth\ncurl .* -H 'X-API-Key: invalid-credential-/);
    expect(out).toMatch(/# TRACE \/pets\/by-id\/\{petId\} method-probe\ncurl -i -X TRACE /);
    expect(out).toMatch(/# getPetById examples\ncurl -i -X GET '[^']+\/pets\/by-id\/1' /);
    expect(out).toMatch(/\n\d+ planned request\(s\), nothing sent; seed 4\n$/);
    const first = out;
    out = "";
    await main([
      "--base-url",
      `http://127.0.0.1:${port}`,
      "--dry-run",
      "--operations",
      "getPetById",
      "--max-examples",
      "2",
      "--seed",
      "4",
      "--auth-header",
      "X-API-Key: k",
    ]);
    expect(out).toBe(first);
    // a creating operation's chain, with the created id as a placeholder
    out = "";
    await main(["--dry-run", "--operations", "createCategory", "--seed", "4"]);
    expect(
      [...out.matchAll(/# (\w+) stateful\ncurl -i -X (\w+) '[^']*?(\/categories[^']*)'/g)].map(
        (match) => `${match[1]} ${match[2]} ${match[3]}`,
      ),
    ).toEqual([
      "createCategory POST /categories",
      "getCategory GET /categories/{{categoryId}}",
      "updateCategory PUT /categories/{{categoryId}}",
      "deleteCategory DELETE /categories/{{categoryId}}",
      "getCategory GET /categories/{{categoryId}}",
    ]);
  });

  it("a failing run exits 1 with the reproduction and the replay line, and writes JUnit XML", async () => {
    open = await startTestServer({
      wrapHandlers: (reference) => ({
        listPets: async (request) => {
          const response = await reference.listPets(request);
          return (
            response.status === 200 ? { status: 200, body: response.body } : response
          ) as never;
        },
      }),
    });
    const report = join(work, "junit.xml");
    const args = [
      "--base-url",
      open.baseUrl,
      "--auth-header",
      `X-API-Key: ${open.key("enterprise")}`,
      "--operations",
      "listPets,listCategories",
      "--max-examples",
      "3",
      "--seed",
      "11",
      "--report",
      report,
    ];
    expect(await main(args)).toBe(1);
    expect(out).toMatch(
      /1\) listPets · response_headers_conformance \(positive\)\n {3}header X-Total-Count is missing\n {3}expected: X-Total-Count present\n {3}actual: {3}absent\n {3}at: {7}#\/paths\/~1pets\/get\/responses\/200\/headers\/X-Total-Count\n {3}reproduce:\n {5}curl -i -X GET '/,
    );
    // the key is masked everywhere (--show-credentials prints it), and probes are not counted as operations
    expect(out).not.toContain("petstore-demo-enterprise");
    expect(out).toMatch(/FAIL: 1 failure\(s\); 2 operation\(s\) and \d+ method probe\(s\),/);
    expect(out).toMatch(
      /FAIL: 1 failure\(s\);.* seed 11\nreplay: npm run conformance -- --base-url http:\/\/127\.0\.0\.1:\d+ --auth-header 'X-API-Key: pets…' --operations listPets,listCategories --max-examples 3 --report .*junit\.xml --seed 11\n$/,
    );
    const xml = readFileSync(report, "utf8");
    expect(xml).not.toContain("petstore-demo-enterprise");
    expect(err).toMatch(
      /^\[1\/2\] listPets \(0 requests so far\)\n {2}found: listPets · response_headers_conformance \(positive\)\n\[2\/2\] listCategories/,
    );
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="conformance" tests="\d+" failures="1" errors="0">/,
    );
    expect(xml).toMatch(/<testsuite name="listPets" tests="\d+" failures="1"/);
    expect(xml).toMatch(
      /<testcase classname="listPets" name="response_headers_conformance">\n\s+<failure message="header X-Total-Count is missing" type="response_headers_conformance">header X-Total-Count is missing\nexpected: X-Total-Count present\nactual: absent\nat: #\/paths\/~1pets\/get\/responses\/200\/headers\/X-Total-Count\nreproduce: curl -i -X GET '/,
    );
    expect(xml).toMatch(/<testsuite name="listCategories" tests="\d+" failures="0"/);
  });

  it("--max-time starts nothing new once the budget is spent, and says so", async () => {
    open = await startTestServer();
    const code = await main([
      "--base-url",
      open.baseUrl,
      "--auth-header",
      `X-API-Key: ${open.key("enterprise")}`,
      "--max-examples",
      "2",
      "--seed",
      "3",
      "--max-time",
      "0.001",
      "--quiet",
    ]);
    expect(code).toBe(0);
    expect(out).toMatch(
      /note: --max-time 0.001 s reached: stopped before \w+; what ran is reported/,
    );
    expect(out).toMatch(/PASS: 0 failure\(s\); [0-9] operation\(s\)/);
    expect(err).toBe("");
  });
});
