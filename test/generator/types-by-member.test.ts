/**
 * types.ts put together member by member (emit/types-by-member.ts over
 * internal/openapi-typescript-members.ts) is byte for byte what the whole transform prints, from
 * an empty cache, from a full one, and after edits that change one member, a member another one
 * resolves (a `$ref`'d request body's `required`, an `allOf` member's properties) or the
 * discriminators of the whole document; on the pet store, every vendored hard spec and, with
 * ../shared, corpus specs (Stripe included). This is also the fence around openapi-typescript's
 * private layout: an update of openapi-typescript or TypeScript that prints a member differently
 * alone than in the whole file fails here.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CachePack, cacheDir } from "../../generator/cache/cache-pack.js";
import { emitTypes, preparedTypes } from "../../generator/emit/emit-types.js";
import { typesByMember, type MemberStats } from "../../generator/emit/types-by-member.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { ROOT } from "./cli-helper.js";
import { HARD, vendoredSpecs } from "./vendored-specs.js";

type Json = Record<string, unknown>;

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const specs = vendoredSpecs([
  "readme/3.1/yaml/train-travel.yaml",
  "heyapi/specs/3.1.x/full.yaml",
  "ots/packages/openapi-typescript/examples/octokit-ghes-3.6-diff-to-api.json",
  "digitalocean/specification/DigitalOcean-public.v2.yaml",
  "stripe/openapi/spec3.yaml",
]);

async function load(spec: string): Promise<Json> {
  return (await loadSpec(spec, ROOT, { allowUndeclaredPathParameters: true })).document;
}

/** The whole transform's types.ts (what `--no-cache` writes). */
async function whole(document: Json): Promise<string> {
  return (await emitTypes(structuredClone(document)))[0]?.content ?? "";
}

/** A pack in a temp folder (reopened for each run, as a new process would). */
function packIn(dir: string): CachePack {
  return CachePack.open(dir, "types-members", "test");
}

async function byMember(document: Json, dir: string, stats?: MemberStats): Promise<string> {
  return typesByMember(structuredClone(document), packIn(dir), stats);
}

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A copy of `document` (sharing kept) with a word added to the first component schema's
 * description of one line, which the edit keeps one line: a prose edit.
 */
function reword(document: Json): Json {
  const reworded = structuredClone(document);
  const schema = Object.values(schemas(reworded)).find(
    (each) =>
      isObject(each) && typeof each.description === "string" && !each.description.includes("\n"),
  ) as Json;
  schema.description = `${String(schema.description)} reworded`;
  return reworded;
}

function schemas(document: Json): Json {
  const components = isObject(document.components) ? document.components : {};
  return isObject(components.schemas) ? components.schemas : {};
}

function firstOperation(document: Json): Json | undefined {
  for (const item of Object.values(isObject(document.paths) ? document.paths : {}))
    for (const method of ["get", "put", "post", "delete", "patch"])
      if (isObject(item) && isObject(item[method])) return item[method];
  return undefined;
}

/** One-line edits a spec author makes; each returns false when the spec has nothing to edit. */
const EDITS: readonly [string, (document: Json) => boolean][] = [
  [
    "a schema's description",
    (document) => {
      const schema = Object.values(schemas(document)).find(isObject);
      if (schema === undefined) return false;
      schema.description = `${String(schema.description ?? "")} edited`;
      return true;
    },
  ],
  [
    "an operation's description",
    (document) => {
      const operation = firstOperation(document);
      if (operation === undefined) return false;
      operation.description = `${String(operation.description ?? "")} edited`;
      return true;
    },
  ],
  [
    "a new schema property",
    (document) => {
      const schema = Object.values(schemas(document)).find(
        (value) => isObject(value) && isObject(value.properties),
      ) as Json | undefined;
      if (schema === undefined) return false;
      (schema.properties as Json).addedByTheTest = { type: "string", format: "binary" };
      return true;
    },
  ],
  [
    "a new operation",
    (document) => {
      if (!isObject(document.paths)) return false;
      document.paths["/added-by-the-test/{id}"] = {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        get: {
          operationId: "addedByTheTest",
          responses: { "200": { description: "ok" } },
        },
      };
      return true;
    },
  ],
];

describe("types.ts member by member", () => {
  it.each(specs)(
    "prints what the whole transform prints, cold, warm and after edits, for %s",
    async (spec) => {
      const dir = mkdtempSync(join(tmpdir(), "types-members-"));
      temps.push(dir);
      let document = await load(spec);
      const expected = await whole(document);
      const cold: MemberStats = { units: 0, printed: 0 };
      expect(await byMember(document, dir, cold)).toBe(expected);
      const warm: MemberStats = { units: 0, printed: 0 };
      expect(await byMember(document, dir, warm)).toBe(expected);
      expect(warm.printed, "a second run prints no member again").toBe(0);
      expect(warm.units).toBe(cold.units);
      for (const [what, edit] of EDITS) {
        document = structuredClone(document);
        if (!edit(document)) continue;
        const stats: MemberStats = { units: 0, printed: 0 };
        expect(await byMember(document, dir, stats), `after ${what}`).toBe(await whole(document));
        if (stats.units > 20)
          expect(stats.printed, `members printed again after ${what}`).toBeLessThan(
            stats.units / 4,
          );
      }
    },
    300_000,
  );

  it("prints again the members that read what an edit changed elsewhere", async () => {
    const dir = mkdtempSync(join(tmpdir(), "types-members-"));
    temps.push(dir);
    const base = await load(join(HARD, "composition.yaml"));
    const check = async (document: Json) =>
      expect(await byMember(document, dir)).toBe(await whole(document));
    await check(base);
    // an allOf member's properties: Cat and Dog resolve Named
    const unnamed = structuredClone(base);
    (schemas(unnamed).Named as Json).properties = { title: { type: "string" } };
    await check(unnamed);
    // the discriminators of the whole document: Pet's mapping patches Cat and Dog
    const remapped = structuredClone(base);
    ((schemas(remapped).Pet as Json).discriminator as Json).mapping = {
      kitty: "#/components/schemas/Cat",
      dog: "#/components/schemas/Dog",
    };
    await check(remapped);
    const undiscriminated = structuredClone(base);
    delete (schemas(undiscriminated).Pet as Json).discriminator;
    await check(undiscriminated);
    await check(base);
  }, 120_000);

  it("prints again a member whose own object is unchanged when what it resolved or looked up is not", async () => {
    const dir = mkdtempSync(join(tmpdir(), "types-members-"));
    temps.push(dir);
    const base: Json = {
      openapi: "3.0.3",
      info: { title: "Reads", version: "1" },
      paths: {},
      components: {
        schemas: {
          Named: { type: "object", properties: { name: { type: "string" } } },
          // required names the members' properties: WithRequired<Named, "name"> while Named has it
          Cat: { allOf: [{ $ref: "#/components/schemas/Named" }], required: ["name"] },
          Animal: {
            type: "object",
            discriminator: { propertyName: "petType" },
            properties: { petType: { type: "string" } },
          },
          // typed with Animal's discriminator property, found by the scan of the whole document
          Lizard: {
            allOf: [
              { $ref: "#/components/schemas/Animal" },
              { type: "object", properties: { scales: { type: "integer" } } },
            ],
          },
        },
      },
    };
    const printed = async (document: Json) => {
      const stats: MemberStats = { units: 0, printed: 0 };
      const text = await byMember(document, dir, stats);
      expect(text).toBe(await whole(document));
      return { text, stats };
    };
    const first = await printed(base);
    const unnamed = structuredClone(base);
    (schemas(unnamed).Named as Json).properties = { title: { type: "string" } };
    const second = await printed(unnamed);
    expect(second.text).not.toBe(first.text);
    expect(second.text).not.toContain("WithRequired");
    expect(second.stats.printed, "Named and Cat").toBe(2);
    const renamed = structuredClone(base);
    ((schemas(renamed).Animal as Json).discriminator as Json).propertyName = "kind";
    const third = await printed(renamed);
    expect(third.text).toContain('kind: "Lizard"');
    expect(third.stats.printed, "Animal and Lizard (Named and Cat again)").toBe(4);
  }, 120_000);

  it("prints again an operation whose $ref'd request body changes its `required`", async () => {
    const dir = mkdtempSync(join(tmpdir(), "types-members-"));
    temps.push(dir);
    const base = await load(join(ROOT, "spec/openapi.yaml"));
    const before = await byMember(base, dir);
    expect(before).toBe(await whole(base));
    const optional = structuredClone(base);
    const bodies = (optional.components as Json).requestBodies as Json;
    const [name, body] = Object.entries(bodies).find(
      ([, value]) => isObject(value) && value.required === true,
    ) as [string, Json];
    body.required = false;
    const after = await byMember(optional, dir);
    expect(after, `requestBodies.${name} made optional`).toBe(await whole(optional));
    expect(after).not.toBe(before);
  }, 120_000);
  it("takes the slotted text after a prose edit, and keeps the members for the next structural edit", async () => {
    const dir = mkdtempSync(join(tmpdir(), "types-members-"));
    temps.push(dir);
    const base = await load(join(ROOT, "spec/openapi.yaml"));
    const cold: MemberStats = { units: 0, printed: 0 };
    await byMember(base, dir, cold);
    expect(cold.slotted).toBeUndefined();
    const reworded = reword(base);
    const prose: MemberStats = { units: 0, printed: 0 };
    expect(await byMember(reworded, dir, prose)).toBe(await whole(reworded));
    expect(prose).toEqual({ units: cold.units, printed: 0, slotted: true });
    // a structural edit after it: the members it did not reach come from the pack, which the
    // run that took the slotted text kept (else every member is printed again)
    const widened = structuredClone(reworded);
    (Object.values(schemas(widened)).find(isObject) as Json).maxProperties = 40;
    const structural: MemberStats = { units: 0, printed: 0 };
    expect(await byMember(widened, dir, structural)).toBe(await whole(widened));
    expect(structural.slotted).toBeUndefined();
    expect(structural.printed).toBeGreaterThan(0);
    expect(structural.printed).toBeLessThan(cold.units / 2);
  }, 120_000);

  it("takes the slotted text after a prose edit of a document that shares objects, never for the same text shared otherwise", async () => {
    const dir = mkdtempSync(join(tmpdir(), "types-members-"));
    temps.push(dir);
    const base = await load(join(ROOT, "spec/openapi.yaml"));
    // one property object at two places, as DigitalOcean's bundle shares schemas
    const properties = (schemas(base)["Pet"] as Json)["properties"] as Json;
    properties["alias"] = properties["name"];
    const cold: MemberStats = { units: 0, printed: 0 };
    await byMember(base, dir, cold);
    const reworded = reword(base); // a structured clone: keeps the sharing
    const prose: MemberStats = { units: 0, printed: 0 };
    expect(await byMember(reworded, dir, prose)).toBe(await whole(reworded));
    expect(prose).toEqual({ units: cold.units, printed: 0, slotted: true });
    // the same JSON text with nothing shared is another document: not the slotted text's
    const unshared = JSON.parse(JSON.stringify(reworded)) as Json;
    const apart: MemberStats = { units: 0, printed: 0 };
    expect(await byMember(unshared, dir, apart)).toBe(await whole(unshared));
    expect(apart.slotted).toBeUndefined();
  }, 120_000);

  it("prints again only the member one of whose texts fails its check, the rest from the pack", async () => {
    const dir = mkdtempSync(join(tmpdir(), "types-members-"));
    temps.push(dir);
    const base = await load(join(ROOT, "spec/openapi.yaml"));
    const cold: MemberStats = { units: 0, printed: 0 };
    const expected = await byMember(base, dir, cold);
    expect(cold.printed).toBe(cold.units);
    // the member text of one path item (`get: operations["..."]`), stored as it is after the
    // pack's header: tampered with at the same length, so only that entry fails its hash
    const file = readdirSync(cacheDir(dir), { recursive: true, withFileTypes: true }).find(
      (entry) => entry.isFile(),
    );
    const path = join(file?.parentPath ?? "", file?.name ?? "");
    const packText = readFileSync(path, "utf8");
    const at = packText.indexOf('operations["', packText.indexOf("\n"));
    // the whole slotted text, stored last, tampered with too: else it holds and no member is read
    const last = packText.lastIndexOf('operations["', packText.lastIndexOf("\n"));
    expect(at).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(at);
    const tampered = (text: string, where: number) =>
      `${text.slice(0, where)}operationX["${text.slice(where + 12)}`;
    writeFileSync(path, tampered(tampered(packText, last), at));
    const warm: MemberStats = { units: 0, printed: 0 };
    expect(await byMember(base, dir, warm)).toBe(expected);
    expect(warm.slotted).toBeUndefined();
    expect(warm.printed).toBe(1);
  }, 120_000);
});
