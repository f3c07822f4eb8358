/**
 * types.ts's prose as slots (emit/types-prose-slots.ts): with hostile prose in every place
 * openapi-typescript shows one (line breaks of every kind, blank, indented and tabbed lines,
 * zero-width and NEL characters, `*\/`, a token written into the spec), the member-by-member
 * types.ts is byte for byte the whole transform's, cold, warm and after prose edits; a prose edit
 * prints no member again; and a token of the pack's nonce that the run did not make is printed
 * as written (a fresh copy of the document is typed whole, without slots).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack } from "../../generator/cache/cache-pack.js";
import { emitTypes } from "../../generator/emit/emit-types.js";
import { typesByMember, type MemberStats } from "../../generator/emit/types-by-member.js";
import { ProseSlotError, TypesProse } from "../../generator/emit/types-prose-slots.js";

type Json = Record<string, unknown>;

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "types-prose-"));
  temps.push(dir);
  return dir;
}

const pack = (dir: string) => CachePack.open(dir, "types-members", "test");

async function whole(document: Json): Promise<string> {
  return (await emitTypes(structuredClone(document)))[0]?.content ?? "";
}

async function byMember(document: Json, dir: string, stats?: MemberStats): Promise<string> {
  return typesByMember(structuredClone(document), pack(dir), stats);
}

const HOSTILE = [
  "plain words",
  "",
  "   ",
  "\n\n",
  "  leading and trailing  ",
  "line one\nline two\n\n  indented three\n\tTabbed four\n",
  "crlf\r\nline two\r\n",
  "lone\rcarriage return",
  "line\u2028separator\u2029paragraph",
  "\u200bzero width first\n\u200b  \u0085next line\u0085",
  "after a separator\u2028\u200b  indented\r\u0085\tand after a return \u200b",
  "ends with a star *\n/starts with a slash",
  "close */ comment /* open **/ and */*/",
  "non-ASCII: café, 日本語, 🐾",
  "trailing blanks   \n   \n  x  ",
  "\t\u00a0no-break indent\n\u00a0\u00a0second",
  "\u0001abcdef012345ff.0\u0002 a token of another nonce",
] as const;

/** A document with `prose(i)` in every place types.ts shows prose, and `literal` in examples. */
function documentWith(
  prose: (index: number) => string,
  literal: () => string = () => prose(0),
): Json {
  let next = 0;
  const text = () => prose(next++);
  return {
    openapi: "3.0.3",
    info: { title: "Prose", version: "1", description: text() },
    paths: {
      "/pets/{id}": {
        summary: text(),
        description: text(),
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            description: text(),
            schema: { type: "string" },
          },
        ],
        get: {
          operationId: "getPet",
          summary: text(),
          description: text(),
          parameters: [{ $ref: "#/components/parameters/Limit" }],
          responses: {
            "200": {
              description: text(),
              headers: { "X-Rate": { description: text(), schema: { type: "integer" } } },
              content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
            },
          },
        },
        post: {
          operationId: "addPet",
          requestBody: {
            description: text(),
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
          },
          responses: { "204": { description: text() } },
        },
      },
    },
    components: {
      parameters: {
        Limit: { name: "limit", in: "query", description: text(), schema: { type: "integer" } },
      },
      schemas: {
        Pet: {
          title: text(),
          description: text(),
          type: "object",
          required: ["name"],
          properties: {
            name: { type: "string", title: text(), description: text() },
            // a property named as a prose key, and examples holding prose-like strings
            description: { type: "string", description: text(), example: literal() },
            kind: { type: "string", enum: ["cat", "dog"], description: text() },
          },
          example: { description: "not prose: an example", title: literal() },
        },
        Shape: { oneOf: [{ $ref: "#/components/schemas/Pet" }], description: text() },
      },
    },
  };
}

describe("types.ts prose as slots", () => {
  it("prints the whole transform's types.ts with hostile prose, cold, warm and after prose edits", async () => {
    const dir = tempDir();
    for (const [round, prose] of [
      (index: number) => HOSTILE[index % HOSTILE.length] ?? "",
      (index: number) => HOSTILE[(index + 3) % HOSTILE.length] ?? "",
      (index: number) => HOSTILE[(index * 7) % HOSTILE.length] ?? "",
    ].entries()) {
      const document = documentWith(prose);
      const expected = await whole(document);
      expect(await byMember(document, dir), `round ${round}, cold or after an edit`).toBe(expected);
      const warm: MemberStats = { units: 0, printed: 0 };
      expect(await byMember(document, dir, warm), `round ${round}, warm`).toBe(expected);
      expect(warm.printed).toBe(0);
    }
  }, 120_000);

  it("slots a document with discriminators, and takes its slotted text after a prose edit", async () => {
    const dir = tempDir();
    const withShape = (prose: (index: number) => string) => {
      const document = documentWith(prose, () => "an example, kept");
      const schemas = (document.components as { schemas: Record<string, Json> }).schemas;
      // a ref under a prose key's name; the scan adds its enum to Pet's `kind` (and its prose)
      schemas.Shape!.discriminator = {
        propertyName: "kind",
        mapping: { description: "#/components/schemas/Pet" },
      };
      return document;
    };
    const hostile = withShape((index) => HOSTILE[index % HOSTILE.length] ?? "");
    const first: MemberStats = { units: 0, printed: 0 };
    expect(await byMember(hostile, dir, first)).toBe(await whole(hostile));
    expect(first.slotted).toBeUndefined();
    const before = withShape((index) => `first words ${index}\n  then an indented line`);
    expect(await byMember(before, dir)).toBe(await whole(before));
    const after = withShape((index) => `other words */ ${index * 3}\n  then another line`);
    const stats: MemberStats = { units: 0, printed: 0 };
    const text = await byMember(after, dir, stats);
    expect(stats.slotted, "the slotted text of `before`, its prose filled").toBe(true);
    expect(stats.printed).toBe(0);
    expect(text).toBe(await whole(after));
    expect(text).toContain("(enum property replaced by openapi-typescript)");
    expect(text).toContain('kind: "description"');
  }, 60_000);

  it("prints no member again after a prose edit that keeps the prose's lines", async () => {
    const dir = tempDir();
    const example = () => "an example, kept";
    const before = documentWith(
      (index) => `first words ${index}\n  then an indented line`,
      example,
    );
    await byMember(before, dir);
    const after = documentWith(
      (index) => `other, longer words */ ${index * 3}\n  then another line, edited`,
      example,
    );
    const stats: MemberStats = { units: 0, printed: 0 };
    const text = await byMember(after, dir, stats);
    expect(text).toBe(await whole(after));
    expect(text).toContain("other, longer words *\\/ 3");
    expect(stats.printed).toBe(0);
    expect(stats.units).toBeGreaterThan(3);
  }, 60_000);

  it("prints a token of the pack's nonce that it did not make as written", async () => {
    const dir = tempDir();
    const document = documentWith((index) => `words ${index}`);
    await byMember(document, dir);
    const nonce = pack(dir).get("prose nonce");
    expect(nonce).toMatch(/^[0-9a-f]{12}$/);
    const forged = structuredClone(document);
    const pet = (forged.components as { schemas: Record<string, Json> }).schemas.Pet!;
    ((pet.properties as Record<string, Json>).name as Json).example = `\u0001${nonce}zz.0\u0002`;
    const text = await byMember(forged, dir);
    expect(text).toBe(await whole(forged));
    expect(text).toContain(`@example \u0001${nonce}zz.0\u0002`);
  }, 60_000);

  it("refuses a token outside a comment or unknown to the run", () => {
    const prose = new TypesProse("0123456789ab");
    const object: Json = { description: "  one */ two ", title: "", summary: 3 };
    prose.slot("unit", object);
    const skeleton = object.description as string;
    expect(skeleton).toMatch(/^ {2}\u00010123456789ab[0-9a-z]+\.0\u0002 $/);
    expect(prose.fill(`/** ${skeleton} */`)).toBe("/**   one *\\/ two  */");
    expect(prose.fill(`    /**\n     * @description ${skeleton}\n     */`)).toContain(
      "* @description   one *\\/ two ",
    );
    expect(() => prose.fill(`type A = "${skeleton}";`)).toThrow(ProseSlotError);
    expect(() => prose.fill("/** \u00010123456789abzz.9\u0002 */")).toThrow(ProseSlotError);
  });
});
