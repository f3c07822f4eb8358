/**
 * The Zod codecs (`zod-transforms.ts`) of test/fixtures/runtime-specs/transforms.yaml: nested
 * arrays, maps (`additionalProperties`), `oneOf` and `allOf` branches, parameters of every
 * location; a `format: date` stays a string. They decode exactly as the client's and the server's
 * codec (the same plans, the same functions), encode back to a wire value the wire schema accepts,
 * and fail with the wire schema's messages.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

const ON = { dates: true, int64: "bigint" } as const;
const AT = "2026-03-04T05:06:07.890Z";

type CodecFactory = (options: object) => z.ZodCodec;
interface ZodModule {
  readonly EventSchema: z.ZodType;
  readonly EventCodec: CodecFactory;
  readonly TagCodec: CodecFactory;
  readonly operationCodecs: (
    operationId: string,
    options: object,
  ) => { readonly body?: z.ZodType; readonly params: z.ZodType };
  readonly [name: string]: unknown;
}
interface TransformsModule {
  readonly OPERATION_TRANSFORMS: Record<string, object>;
  readonly TRANSFORM_PLANS: object;
  operationCodec(
    plan: object,
    plans: object,
    options: object,
  ): { parse(text: string, status?: number): unknown; stringify(value: unknown): string };
}

let fixture: GeneratedFixture;
let zod: ZodModule;
let tables: TransformsModule;

beforeAll(async () => {
  fixture = await generateFixture("transforms.yaml");
  zod = (await import(join(fixture.outDir, "entry/zod.ts"))) as ZodModule;
  tables = (await import(join(fixture.outDir, "transforms.ts"))) as TransformsModule;
}, 120_000);
afterAll(() => fixture?.remove());

const wire = {
  id: 7,
  at: AT,
  day: "2026-03-04",
  count: 3,
  tags: [{ name: "a", seen: "2026-01-01T00:00:00.000Z" }, { name: "b" }],
  totals: { a: 12, b: 2 },
  detail: { kind: "moved", when: "2026-02-02T01:02:03.000Z" },
  audit: { revision: 5, by: "ops" },
};

const decoded = {
  id: 7n,
  at: new Date(AT),
  day: "2026-03-04",
  count: 3,
  tags: [{ name: "a", seen: new Date("2026-01-01T00:00:00Z") }, { name: "b" }],
  totals: { a: 12n, b: 2n },
  detail: { kind: "moved", when: new Date("2026-02-02T01:02:03Z") },
  audit: { revision: 5n, by: "ops" },
};

describe("Zod codecs of the transforms fixture", () => {
  it("decode nested arrays, maps, oneOf and allOf branches; a date stays a string", () => {
    const codec = zod.EventCodec(ON);
    expect(codec.parse(wire)).toEqual(decoded);
    expect(codec.encode(decoded)).toEqual(wire);
    // the input is not changed (the oneOf branch is handed back as it came: the codec decodes a copy)
    expect(wire.detail.when).toBe("2026-02-02T01:02:03.000Z");
    // the other oneOf branch has no date-time: its fields are left as they are
    const note = { ...wire, detail: { kind: "note", text: "2026-02-02T01:02:03Z" } };
    expect((codec.parse(note) as { detail: unknown }).detail).toEqual(note.detail);
  });

  it("decode as the client's and the server's codec does, from the same plans", () => {
    const text = JSON.stringify(wire);
    const codec = tables.operationCodec(
      tables.OPERATION_TRANSFORMS.putEvent as object,
      tables.TRANSFORM_PLANS,
      ON,
    );
    const body = zod.operationCodecs("putEvent", ON).body as z.ZodType;
    expect(body.parse(wire)).toEqual(codec.parse(text));
    expect(zod.operationCodecs("listEvents", ON).params.parse({})).toEqual({});
    // a response body the client reads (200: Echo) and the Event schema's codec agree too
    expect(codec.parse(JSON.stringify({ event: wire }), 200)).toEqual({ event: decoded });
  });

  it("decode parameters of every location", () => {
    const params = zod.operationCodecs("putEvent", ON).params;
    const parsed = params.parse({
      path: { eventId: 4 },
      query: { since: AT, ids: [1, 2] },
      header: { "x-trace-id": 9 },
    });
    expect(parsed).toEqual({
      path: { eventId: 4n },
      query: { since: new Date(AT), ids: [1n, 2n] },
      header: { "x-trace-id": 9n },
    });
    expect(params.encode(parsed)).toEqual({
      path: { eventId: 4 },
      query: { since: AT, ids: [1, 2] },
      header: { "x-trace-id": 9 },
    });
  });

  it("fail with the wire schema's message", () => {
    const broken = { ...wire, tags: [{ name: "a", seen: "not a date" }] };
    const byCodec = zod.EventCodec(ON).safeParse(broken);
    expect(byCodec.success).toBe(false);
    expect(byCodec.error?.issues).toEqual(zod.EventSchema.safeParse(broken).error?.issues);
    expect(byCodec.error?.issues[0]?.path).toEqual(["tags", 0, "seen"]);
    const wrongDay = zod.EventCodec(ON).safeEncode({ ...decoded, day: "March 4" });
    expect(wrongDay.error?.issues[0]?.path).toEqual(["day"]);
  });

  it("cannot restore an int64 past 2^53 from parsed JSON: the client's codec reads the text", () => {
    const text = '{"id":9007199254740993,"at":"2026-03-04T05:06:07Z","day":"2026-03-04"}';
    const fromValue = zod.EventCodec(ON).parse(JSON.parse(text)) as { id: bigint };
    expect(fromValue.id).toBe(9007199254740992n);
    const codec = tables.operationCodec(
      tables.OPERATION_TRANSFORMS.putEvent as object,
      tables.TRANSFORM_PLANS,
      ON,
    );
    expect((codec.parse(text) as { id: bigint }).id).toBe(9007199254740993n);
    // and encode refuses to round it
    const big = zod.EventCodec(ON).safeEncode({ ...decoded, totals: { a: 9007199254740993n } });
    expect(big.error?.issues[0]?.path).toEqual(["totals", "a"]);
    // past 2^53 but exactly a double: written as that number
    expect(zod.EventCodec(ON).encode({ ...decoded, totals: { a: 2n ** 60n } })).toEqual({
      ...wire,
      totals: { a: 2 ** 60 },
    });
  });
});
