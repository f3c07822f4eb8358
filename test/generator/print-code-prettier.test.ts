/**
 * The factories and code constants the emitters write (generator/emit/ts/print-code-prettier.ts,
 * print-functions-prettier.ts) are printed byte for byte as prettier prints them: every such
 * piece of the pet store's and the fixtures' files, again with the API name (and the type
 * parameter's) made from 2 to 91 characters long, so that signatures, calls, hugged objects,
 * assignments and `if`s take each of their layouts; and the constructs the printer does not know
 * are left to prettier.
 */
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { printPiecePrettier } from "../../generator/emit/ts/print-piece-prettier.js";
import { ROOT } from "./cli-helper.js";
import { LAYOUT_SPECS } from "./layout-specs.js";
import { codePieces } from "./pieces-layout.js";
import { prettierTypes } from "./types-layout.js";

const LENGTHS = [1, 5, 10, 20, 30, 40, 50, 55, 60, 65, 70, 75, 80, 90];

/** `piece` with the API name (and `Throws`) replaced by a name `length + 1` characters long. */
function renamed(piece: string, apiName: string, length: number): string {
  return piece
    .split(apiName)
    .join(`N${"x".repeat(length)}`)
    .split("Throws")
    .join(`T${"h".repeat(length % 17)}`);
}

describe("code in prettier's layout without prettier", () => {
  it.each(LAYOUT_SPECS.map((spec) => [relative(ROOT, spec), spec]))("prints every factory and code constant as prettier does, whatever the names' lengths, for %s", async (_name, spec) => {
    const { pieces, apiName } = await codePieces(spec, ROOT);
    expect(pieces.length).toBeGreaterThan(0);
    const differences: { variant: string; ours: string; prettier: string }[] = [];
    let printed = 0;
    for (const piece of pieces) {
      for (const variant of [piece, ...LENGTHS.map((length) => renamed(piece, apiName, length))]) {
        const ours = printPiecePrettier(variant);
        // (as written, every piece is printed: print-piece-prettier.test.ts; renamed, one may decline)
        if (ours === undefined) continue;
        printed++;
        const expected = await prettierTypes(variant);
        if (ours !== expected) differences.push({ variant, ours, prettier: expected });
      }
    }
    expect(differences.slice(0, 3)).toEqual([]);
    // (a non-ASCII name, or a conditional that no longer fits its line, declines)
    expect(printed).toBeGreaterThan((pieces.length * LENGTHS.length) / 2);
  }, 120_000);

  it.each([
    // a hugged object argument: flat, its object broken, or every argument broken
    "export function f(options: O): C {\n  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.headers ? { headers: options.headers } : {}) });\n  return client;\n}\n",
    "export function f(options: O): C {\n  return createClient(someLongArgumentName, anotherLongArgumentName, yetAnotherArgument, { a: 1, b: 2 });\n}\n",
    // an `if` whose statement moves below it
    "export function f(options: O): void {\n  if (options.apiKey !== undefined) client.use(apiKeyMiddleware({ in: \"header\", name: \"X-API-Key-With-A-Long-Name\" }, options.apiKey));\n}\n",
    // break-after-operator (a call with one short argument), fluid, complex destructuring
    "export function f(options: O): void {\n  const { setInventoryStock: _setInventoryStock, ...clientWithALongerName } = createClientWithAllOperations(options);\n  const { a: _a, b: _b, ...rest } = createClientWithAllOperationsAndSomeMore(options, andAnotherArgument);\n  const value = createClientRuntimeWith(options, API_KEY, { styledQuery: serializeQuery }, SECURITY_TABLE);\n}\n",
    // a function-typed constant, arrows in an object, `as` chains, element access
    "export const validateResponse: (context: ResponseValidationContext) => void = createResponseValidator(RESPONSE_VALIDATORS);\n",
    "export const keys = {\n  all: [\"Api\", \"pets\"] as const,\n  listPetsWithAVeryLongOperationName: (params?: QueryKeyParams<ListPetsOperation>) => operationKey([\"Api\", \"pets\", \"listPets\"], params),\n};\n",
    "export function f(): R {\n  return bindOperations(runtime, OPERATIONS[\"listPets\"], tables[0]) as unknown as SomeRatherLongClientTypeName<Throws>;\n}\n",
    // what the README's examples hold: end-of-line comments, if/else chains, try/catch, await, templates, methods, binary and conditional expressions
    "export function f(a: A, b: B): C {\n  return a ? b : c;\n}\n",
    "export function f(a: A, b: B): void {\n  g(a); // why\n}\n",
    "const result = await api.listPets(); // the first page\nif (result.status === 200) {\n  console.log(result.data); // typed\n} else if (!result.ok) {\n  // any other failure\n  console.error(error instanceof UnexpectedResponseBody ? error.message : error);\n} else console.log(page.headers[\"X-Total-Count\"]);\n",
    "try {\n  await api.listPets();\n} catch (error) {\n  if (error instanceof DOMException && error.name === \"TimeoutError\") console.error(\"no answer in 10 s, which is a rather long time to wait\");\n}\n",
    "const auth: Middleware = {\n  onRequest({ request }) {\n    request.headers.set(\"authorization\", `Bearer ${token}`);\n    return request;\n  },\n};\n",
    "const handler = createRequestHandler(createPetStoreStubs(), {\n  idempotency: { ttlMs: 24 * 60 * 60 * 1000, lockMs: 60_000 },\n  // kept for a day\n  serveAfterSunset: [\"getPet\"],\n});\nexport default handler;\n",
    "console.log((await api.listPets()).data); // the spec's example\nserver.use(mock.listPets(400));\nconst same = unwrap(await createPetStoreClientWithALongName({ baseUrl: \"http://localhost:8080\" }).listPets()); // the data\n",
    "const { data } = await strict.listPetsWithAVeryVeryLongOperationNameThatGoesOnAndOn(); // only 2XX results get here\n",
    // a comment before a member of a data table (the data printer leaves it to this printer, which keeps it)
    "export const A = {\n  // why\n  a: 1,\n  b: \"x\",\n};\n",
  ])("prints what prettier prints for %j", async (source) => {
    const ours = printPiecePrettier(source);
    expect(ours).toBeDefined();
    expect(ours).toBe(await prettierTypes(source));
  });

  it.each([
    // a binary expression returned, an arrow argument, a block arrow, a nested conditional
    "export function f(a: A, b: B): C {\n  return a + b;\n}\n",
    "export function f(a: A, b: B): C {\n  return a ? b : c ? d : e;\n}\n",
    "export function f(a: A, b: B): C {\n  return a.map((item) => item.id);\n}\n",
    "export const g = { run: () => {\n  return 1;\n} };\n",
    // a sole parameter prettier hugs, a test-framework call, an array of numbers hugged after another argument
    "export function f(options: { a: string }): void {}\n",
    "export function f(a: A, b: B): void {\n  describe(\"a\", b);\n}\n",
    "export function f(a: A, b: B): void {\n  g(a, [1, 2, 3]);\n}\n",
    // a conditional in a spread that does not fit on its line
    `export const o = {\n  ...(options.${"h".repeat(60)} ? { headers: options.${"h".repeat(40)} } : {}),\n};\n`,
    // a class; comments after `{`, before `else`, inside an object's line; mixed logical operators
    "export class A {}\n",
    "export function f(a: A, b: B): void { // why\n  g(a);\n}\n",
    "if (a) b(); // why\nelse c();\n",
    "const o = { a: 1, // why\n  b: 2 };\n",
    "if (a && b || c) d();\n",
    // a condition too long for its line
    `if (${"a".repeat(50)} && ${"b".repeat(50)}) c();\n`,
  ])("leaves to prettier what it does not know: %j", (source) => {
    expect(printPiecePrettier(source)).toBeUndefined();
  });
});
