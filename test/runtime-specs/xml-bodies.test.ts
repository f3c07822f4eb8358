/**
 * XML bodies (test/fixtures/runtime-specs/xml-bodies.yaml), generated client against generated
 * server over real HTTP: attributes, wrapped and unwrapped arrays, a prefix and namespace, typed
 * scalars both ways; content negotiation for a status that offers JSON and XML; `text/xml` and a
 * `+xml` type; an XML error body; hostile and broken XML refused with a 400 naming the problem.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../generator/cli-helper.js";
import { generateFixture, recordingClient, type GeneratedFixture } from "./serve-fixture.js";

interface Result {
  status: number;
  ok: boolean;
  data: unknown;
  error: unknown;
}
type Call = (init?: Record<string, unknown>) => Promise<Result>;

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
const sent: Request[] = [];
const received: unknown[] = [];
let client: Record<string, Call>;

const pet = {
  id: 7,
  name: "Rex & <Co>",
  vaccinated: true,
  weight: 2.5,
  photoUrls: ["https://example.com/a.png", "b"],
  tags: [{ label: "good", weight: 3 }, { label: "dog" }],
  owner: { name: "Ann", since: 2020 },
};

beforeAll(async () => {
  fixture = await generateFixture("xml-bodies.yaml");
  server = await fixture.serve(
    {
      addPet: ({ body }: { body: unknown }) => {
        received.push(body);
        return { status: 201, body };
      },
      listPets: () => ({ status: 200, body: [pet] }),
      replacePet: ({ body, path }: { body: { name: string }; path: { id: number } }) => {
        received.push(body);
        return path.id === 404
          ? { status: 404, body: { id: 404 } }
          : { status: 200, body: { title: body.name, updated: "2026-11-28T08:00:00Z" } };
      },
    },
    { validateResponses: true, maxBodyBytes: 4096 },
  );
  client = await recordingClient<Call>(fixture, server.baseUrl, sent);
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

async function post(body: string, contentType = "application/xml") {
  const response = await fetch(`${server.baseUrl}/pets`, {
    method: "POST",
    headers: { "content-type": contentType },
    body,
  });
  const json = (await response.json()) as { message?: string };
  return { status: response.status, message: json.message };
}

describe("an XML request and response through the generated client", () => {
  it("writes the schema's XML and reads it back typed", async () => {
    const result = await client.addPet!({ body: pet });
    expect(result).toMatchObject({ status: 201, ok: true, data: pet });
    expect(received.at(-1)).toEqual(pet);
    const request = sent.at(-1)!;
    expect(request.headers.get("content-type")).toBe("application/xml");
    expect(await request.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>' +
        '<p:pet id="7" xmlns:p="https://example.com/pets">' +
        "<name>Rex &amp; &lt;Co&gt;</name><vaccinated>true</vaccinated><weight>2.5</weight>" +
        "<photoUrls><photoUrl>https://example.com/a.png</photoUrl><photoUrl>b</photoUrl></photoUrls>" +
        '<tag label="good"><weight>3</weight></tag><tag label="dog"></tag>' +
        "<owner><name>Ann</name><since>2020</since></owner></p:pet>",
    );
  });

  it("reads XML written by hand: any prefix, whitespace between elements, unknown elements", async () => {
    const response = await fetch(`${server.baseUrl}/pets`, {
      method: "POST",
      headers: { "content-type": "application/xml; charset=utf-8" },
      body: `<?xml version="1.0"?>
        <x:pet xmlns:x="https://example.com/pets" id="12">
          <name>Fido</name>
          <vaccinated>false</vaccinated>
          <nickname>ignored</nickname>
        </x:pet>`,
    });
    expect(response.status).toBe(201);
    expect(received.at(-1)).toEqual({ id: 12, name: "Fido", vaccinated: false, tags: [] });
  });

  it("sends text/xml when the caller picks it, and reads an application/atom+xml answer", async () => {
    const result = await client.replacePet!({
      path: { id: 1 },
      body: pet,
      contentType: "text/xml",
    });
    expect(result).toMatchObject({
      status: 200,
      data: { title: pet.name, updated: "2026-11-28T08:00:00Z" },
    });
    expect(sent.at(-1)!.headers.get("content-type")).toBe("text/xml");
    expect(received.at(-1)).toEqual(pet);
  });

  it("reads an XML error body into the result's error", async () => {
    const result = await client.replacePet!({ path: { id: 404 }, body: pet });
    expect(result).toMatchObject({ status: 404, ok: false, error: { id: 404 } });
  });
});

describe("the MCP tool of an XML operation", () => {
  it("takes the body as JSON arguments and sends it as XML through the client", async () => {
    const mcp = (await import(join(fixture.outDir, "mcp.ts"))) as {
      MCP_TOOLS: readonly { name: string; bodyMediaType?: string }[];
    };
    const runtime = (await import(join(fixture.outDir, "runtime/mcp/tool-call.ts"))) as {
      callTool(tool: unknown, args: unknown, call: unknown): Promise<{ isError?: boolean }>;
    };
    const api = (await import(join(fixture.outDir, "runtime/mcp/mcp-api.ts"))) as {
      clientCaller(client: object): unknown;
    };
    const tool = mcp.MCP_TOOLS.find((entry) => entry.name === "addPet")!;
    expect(tool.bodyMediaType).toBe("application/xml");
    const result = await runtime.callTool(tool, { body: pet }, api.clientCaller(client));
    expect(result.isError).not.toBe(true);
    expect(sent.at(-1)!.headers.get("content-type")).toBe("application/xml");
    expect(received.at(-1)).toEqual(pet);
  });
});

describe("the client's validateResponse", () => {
  it("checks an XML answer against the schema, as a JSON one", async () => {
    const validate = (await import(join(fixture.outDir, "validate.ts"))) as {
      validateFixtureResponse: (context: unknown) => void;
    };
    const module = (await import(join(fixture.outDir, "client.ts"))) as {
      createFixtureClient(options: object): Record<string, Call>;
    };
    const answering = (text: string) =>
      module.createFixtureClient({
        baseUrl: "http://127.0.0.1:9",
        retry: false,
        validateResponse: validate.validateFixtureResponse,
        fetch: async () =>
          new Response(text, { status: 201, headers: { "content-type": "application/xml" } }),
      });
    const good = await answering('<pet id="1"><name>a</name></pet>').addPet!({ body: pet });
    expect(good).toMatchObject({ ok: true, data: { id: 1, name: "a", tags: [] } });
    await expect(
      answering('<pet id="x"><name>a</name></pet>').addPet!({ body: pet }),
    ).rejects.toThrow(/id/);
  });
});

describe("content negotiation for a status declaring JSON and XML", () => {
  const list = async (accept?: string) => {
    const response = await fetch(
      `${server.baseUrl}/pets`,
      accept === undefined ? {} : { headers: { accept } },
    );
    return { type: response.headers.get("content-type"), text: await response.text() };
  };

  it("answers the media type Accept prefers, else the first declared", async () => {
    expect((await list()).type).toBe("application/json");
    expect((await list("text/html")).type).toBe("application/json");
    expect((await list("application/json;q=0.5, application/xml")).type).toBe("application/xml");
    expect((await list("application/*;q=0.2, application/xml;q=0.1")).type).toBe(
      "application/json",
    );
    const xml = await list("application/xml");
    expect(xml.type).toBe("application/xml");
    expect(xml.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><pets><p:pet id="7"/);
  });

  it("is asked for JSON first by the generated client, unless the call says otherwise", async () => {
    await client.listPets!();
    expect(sent.at(-1)!.headers.get("accept")).toBe("application/json, application/xml;q=0.9");
    await client.listPets!({ headers: { Accept: "application/xml" } });
    expect(sent.at(-1)!.headers.get("accept")).toBe("application/xml");
  });

  it("gives the client the same value either way", async () => {
    expect(await client.listPets!()).toMatchObject({ status: 200, data: [pet] });
    expect(await client.listPets!({ headers: { accept: "application/xml" } })).toMatchObject({
      status: 200,
      data: [pet],
    });
  });
});

describe("XML the server refuses", () => {
  it("a document type declaration (entity expansion), before parsing", async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><pet id="1"><name>&lol2;</name></pet>`;
    expect(await post(laughs)).toEqual({
      status: 400,
      message:
        "body declares a document type (<!DOCTYPE>), which is refused (entity expansion); send the document without one",
    });
  });

  it("text that is not well-formed, JSON sent as XML, nesting too deep: a 400 naming it", async () => {
    expect(await post("<pet><name>a</pet>")).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^body is not well-formed XML: .*\(line 1, column \d+\)$/),
    });
    expect(await post('{"id":1}')).toMatchObject({
      status: 400,
      message: expect.stringContaining("body is not well-formed XML"),
    });
    const deep = `<pet id="1"><name>a</name>${"<owner>".repeat(70)}${"</owner>".repeat(70)}</pet>`;
    expect(await post(deep)).toEqual({
      status: 400,
      message: "body nests elements deeper than 64 levels",
    });
  });

  it("a value that breaks the schema, named by the validator JSON bodies use", async () => {
    expect(await post('<pet id="seven"><name>a</name></pet>')).toEqual({
      status: 400,
      message: "body.id must be integer (type)",
    });
  });

  it("a body over the size limit, as for JSON", async () => {
    const big = `<pet id="1"><name>${"a".repeat(5000)}</name></pet>`;
    expect((await post(big)).status).toBe(413);
  });
});

describe("the mocks", () => {
  it("answer XML the generated client reads into a value the spec's validator accepts", async () => {
    const mocks = (await import(join(fixture.outDir, "mocks.ts"))) as {
      MOCK_OPERATIONS: Record<
        string,
        { responses: Record<string, { text?: string; mediaType?: string }> }
      >;
    };
    const mocked = mocks.MOCK_OPERATIONS.addPet!.responses["201"]!;
    expect(mocked.mediaType).toBe("application/xml");
    expect(mocked.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><p:pet id="-?\d+"/);
    const module = (await import(join(fixture.outDir, "client.ts"))) as {
      createFixtureClient(options: object): Record<string, Call>;
    };
    const answering = module.createFixtureClient({
      baseUrl: "http://127.0.0.1:9",
      retry: false,
      fetch: async () =>
        new Response(mocked.text, { status: 201, headers: { "content-type": "application/xml" } }),
    });
    const result = await answering.addPet!({ body: pet });
    expect(result.ok).toBe(true);
    const operation = fixture.server.API.operations.find(
      (op) => op.operationId === "addPet",
    ) as unknown as { responses: Record<string, { validate: (value: unknown) => boolean }> };
    expect(operation.responses["201"]!.validate(result.data)).toBe(true);
    expect(typeof (result.data as { id: unknown }).id).toBe("number");
  });
});

describe("a spec without XML bodies", () => {
  it("loads no XML code: the pet store's client and server tables import none", () => {
    for (const file of ["client.ts", "server-api.ts", "server.ts"]) {
      const text = readFileSync(join(ROOT, "generated", file), "utf8");
      expect(text).not.toContain("runtime/xml");
    }
    const pkg = JSON.parse(readFileSync(join(ROOT, "generated/package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies["fast-xml-parser"]).toBeUndefined();
    const own = JSON.parse(readFileSync(join(fixture.outDir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    expect(own.dependencies["fast-xml-parser"]).toBe("^4.5.7");
  });
});
