/**
 * The downstream consumer project the package test installs the tarball into: source files and
 * tsconfigs, as text (the project's own type check must not see them: they import the package
 * by name, and some are meant not to compile).
 *
 * Lines of the bad files end in `// EXPECT TSnnnn`: the test requires exactly those errors.
 */

/** Strict settings every consumer config shares (a demanding downstream team). */
const STRICT = {
  target: "ES2022",
  lib: ["ES2023", "DOM", "DOM.Iterable"],
  types: ["node"],
  strict: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noImplicitOverride: true,
  noImplicitReturns: true,
  noFallthroughCasesInSwitch: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  forceConsistentCasingInFileNames: true,
  // the package's .d.ts are checked too (not lib.dom.d.ts and friends: they are TypeScript's)
  skipLibCheck: false,
  skipDefaultLibCheck: true,
};

/**
 * `overrides` pins every package of the install to the version this project installed (so its
 * tarball is in the npm cache): with `--offline`, npm would otherwise pick the newest version of a
 * range that the cached registry metadata lists, whose tarball may never have been downloaded.
 */
export function consumerFiles(
  packageName: string,
  overrides: Readonly<Record<string, string>>,
): Record<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    "package.json": json({
      name: "petstore-consumer",
      version: "0.0.0",
      private: true,
      type: "module",
      overrides,
    }),
    // emits build/ to run with node
    "tsconfig.nodenext.json": json({
      compilerOptions: {
        ...STRICT,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        outDir: "build",
        rootDir: ".",
      },
      include: ["src/**/*.ts", "readme/**/*.ts"],
    }),
    // the same files; declarations were checked above (checking @types/node again costs seconds)
    "tsconfig.bundler.json": json({
      compilerOptions: {
        ...STRICT,
        module: "ESNext",
        moduleResolution: "Bundler",
        noEmit: true,
        skipLibCheck: true,
      },
      include: ["src/**/*.ts", "readme/**/*.ts"],
    }),
    // a browser project: no Node.js types at all, declarations checked
    "tsconfig.browser.json": json({
      compilerOptions: {
        ...STRICT,
        types: [],
        module: "ESNext",
        moduleResolution: "Bundler",
        noEmit: true,
      },
      include: ["src/client-only.ts"],
    }),
    "tsconfig.bad.json": json({
      compilerOptions: {
        ...STRICT,
        module: "NodeNext",
        moduleResolution: "NodeNext",
        noEmit: true,
        skipLibCheck: true,
      },
      include: ["bad/**/*.ts"],
    }),
    "src/main.ts": main(packageName),
    "src/frontend.ts": frontend(packageName),
    "src/call-options.ts": callOptions(packageName),
    "src/read-results.ts": readResults(packageName),
    "src/client-only.ts": `import { createPetStoreClient, type ListPetsResponse } from "${packageName}";
import type { components } from "${packageName}/types";
import { createPetStoreCore, getPetById } from "${packageName}/operations";

export const api = createPetStoreClient({ baseUrl: "https://example.test" });
export async function names(): Promise<string[]> {
  const result: ListPetsResponse = await api.listPets({ query: { limit: 10 } });
  const pets: components["schemas"]["Pet"][] = result.data ?? [];
  return pets.map((pet) => pet.name);
}

// pay for what you use: one operation's function over the core
export const core = createPetStoreCore({ baseUrl: "https://example.test" });
export async function petName(petId: number): Promise<string | undefined> {
  const result = await getPetById(core, { path: { petId } });
  return result.ok ? result.data.name : undefined;
}
`,
    ...badFiles(packageName),
  };
}

function main(pkg: string): string {
  return `/**
 * A downstream consumer: the client against the reference server, the experimental opt-in, and
 * its own server implementing a handler with the package's server entry.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createPetStoreClient,
  EXPERIMENTAL_OPERATIONS,
  UnexpectedResponseBody,
  type CreatePetBody,
  type Middleware,
  type PetStoreClient,
} from "${pkg}";
import { createPetStoreClient as createFromClientEntry } from "${pkg}/client";
import { createPetStoreExperimentalClient, type SetInventoryStockBody } from "${pkg}/experimental";
import { createPetStoreRawClient } from "${pkg}/raw";
import {
  createKeyAuthenticator,
  createPetStoreStubs,
  createRequestHandler,
  type PetStoreHandlers,
} from "${pkg}/server";
import { serveNode } from "${pkg}/server/node";
import type { components } from "${pkg}/types";

type Pet = components["schemas"]["Pet"];
type ApiError = components["schemas"]["Error"];

const baseUrl = process.env["PETSTORE_URL"];
const apiKey = process.env["PETSTORE_KEY"];
if (!baseUrl || !apiKey) throw new Error("PETSTORE_URL and PETSTORE_KEY are required");
// Deprecation notices are collected, not printed: the spec may deprecate an operation this
// consumer calls (a minor release), and the run's stderr must stay clean for the test.
const deprecated: string[] = [];
const onDeprecation = (notice: { operationId: string }) => void deprecated.push(notice.operationId);

function must<R extends { readonly data?: unknown; readonly error?: unknown; readonly response: Response }>(
  result: R,
  what: string,
): NonNullable<R["data"]> {
  if (result.error !== undefined || result.data === undefined || result.data === null) {
    throw new Error(\`\${what}: HTTP \${result.response.status} \${JSON.stringify(result.error)}\`);
  }
  return result.data as NonNullable<R["data"]>;
}

// ---- the client against the reference server --------------------------------------------------
const api: PetStoreClient = createPetStoreClient({ baseUrl, apiKey, retry: false, onDeprecation });
if (createFromClientEntry !== createPetStoreClient) throw new Error("'.' and './client' are not the same module");
if ("setInventoryStock" in api) throw new Error("the stable client exposes an experimental operation");

const category = must(await api.createCategory({ body: { name: \`consumer \${process.pid} \${Date.now()}\` } }), "createCategory");
const body: CreatePetBody = { name: "Consumer Rex", categoryId: category.id };
const pet: Pet = must(await api.createPet({ body }), "createPet");
const fetched = must(await api.getPetById({ path: { petId: pet.id } }), "getPetById");
const categories = must(await api.listCategories({ query: { limit: 100 } }), "listCategories"); // beta
const missing = await api.getPetById({ path: { petId: 9007199254740991 } });
// \`ok\` narrows: the error body of whatever status came back (the spec's Error for a 404), or the
// fallback carrying the raw text when the body is not JSON
const missingError = missing.ok ? undefined : missing.error;
const missingCode =
  missingError instanceof UnexpectedResponseBody
    ? missingError.message
    : typeof missingError === "object" && missingError !== null && "code" in missingError
      ? (missingError as ApiError).code
      : undefined;

// ---- a middleware, a timeout and an idempotent POST ------------------------------------------
const traced: PetStoreClient = createPetStoreClient({ baseUrl, apiKey, retry: false, timeoutMs: 10_000, onDeprecation });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const seen: string[] = [];
const tracing: Middleware = {
  onRequest({ request, schemaPath }) {
    request.headers.set("x-request-id", "consumer-1");
    const key = request.headers.get("idempotency-key");
    seen.push(\`\${request.method} \${schemaPath} key:\${key === null ? "none" : UUID.test(key) ? "uuid" : key}\`);
    return request;
  },
  onResponse({ response }) {
    seen.push(String(response.status));
  },
};
traced.use(tracing);
must(await traced.createPet({ body: { name: "Traced Rex", categoryId: category.id } }), "traced createPet");
const silent = createServer(() => undefined);
await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
const silentUrl = \`http://127.0.0.1:\${(silent.address() as AddressInfo).port}\`;
const timedOut = await createPetStoreClient({ baseUrl: silentUrl, apiKey, retry: false, timeoutMs: 200, onDeprecation })
  .listPets()
  .then(() => "resolved", (error: unknown) => (error instanceof DOMException ? error.name : String(error)));
silent.closeAllConnections();
silent.close();

// ---- the explicit opt-in to experimental operations ------------------------------------------
const lab = createPetStoreExperimentalClient({ baseUrl, apiKey, retry: false, onDeprecation });
const stockBody: SetInventoryStockBody = { quantity: 3 };
const stock = must(await lab.setInventoryStock({ path: { petId: pet.id }, body: stockBody }), "setInventoryStock");
const inventory = must(await lab.getInventory(), "getInventory");

// ---- the plain openapi-fetch client, same options -------------------------------------------
const raw = createPetStoreRawClient({ baseUrl, apiKey });
const rawPet = await raw.GET("/pets/by-id/{petId}", { params: { path: { petId: pet.id } } });
const rawName: string | undefined = rawPet.data?.name;

// ---- a server of our own: one handler implemented, the rest stubs ----------------------------
interface Caller {
  readonly team: string;
}
const handlers: PetStoreHandlers<Caller> = {
  ...createPetStoreStubs<Caller>(),
  getPetById({ path, caller }) {
    if (path.petId !== 7) {
      return { status: 404, body: { code: "not_found", message: \`pet \${path.petId} does not exist\`, status: 404 } };
    }
    return { status: 200, body: { id: 7, name: \`served to \${caller.team}\`, categoryId: 1, status: "available" } };
  },
};
const handler = createRequestHandler(handlers, {
  authenticate: createKeyAuthenticator<Caller>([{ key: "consumer-key", plan: "free", caller: { team: "consumers" } }]),
  validateResponses: true,
});
const server = await serveNode(handler, { port: 0, host: "127.0.0.1" });
const { port } = server.address() as AddressInfo;
const own = createPetStoreClient({ baseUrl: \`http://127.0.0.1:\${port}\`, apiKey: "consumer-key", retry: false });
const served = must(await own.getPetById({ path: { petId: 7 } }), "own getPetById");
const notFound = await own.getPetById({ path: { petId: 8 } });
const stubbed = await own.listPets();
const unauthorized = await createPetStoreClient({ baseUrl: \`http://127.0.0.1:\${port}\`, apiKey: "wrong", retry: false }).getPetById({ path: { petId: 7 } });
server.closeAllConnections();
await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));

console.log(
  JSON.stringify({
    experimentalOperations: EXPERIMENTAL_OPERATIONS,
    pet: { name: fetched.name, sameId: fetched.id === pet.id },
    categoryListed: categories.some((entry) => entry.id === category.id),
    missing: { status: missing.response.status, code: missingCode },
    stock: stock.quantity,
    inventoryStock: inventory.find((entry) => entry.petId === pet.id)?.quantity,
    raw: { status: rawPet.response.status, name: rawName },
    middleware: seen,
    timedOut,
    own: {
      name: served.name,
      notFound: notFound.response.status,
      stubbed: stubbed.response.status,
      unauthorized: unauthorized.response.status,
    },
  }),
);
`;
}

/** Every documented per-call option, on calls of the typed client (compiled, not run). */
function callOptions(pkg: string): string {
  return `import { createPetStoreClient } from "${pkg}";

const api = createPetStoreClient({ baseUrl: "https://example.test", apiKey: "k", timeoutMs: 10_000 });
export async function everyCallOption(signal: AbortSignal): Promise<number> {
  const first = await api.listPets({
    query: { limit: 1 },
    timeoutMs: 5_000,
    retry: { maxRetries: 1, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 },
    signal,
    headers: { "x-request-id": "r-1" },
  });
  const noRetry = await api.getPetById({ path: { petId: 1 }, retry: false, timeoutMs: 1_000 });
  const strict = await api.listPets({ throwOnError: true, retry: { maxRetries: 0 } });
  return first.status + noRetry.status + strict.data.length;
}
`;
}

/** Headers after throwOnError, unwrapResult, typed errors and schema names, without a cast. */
function readResults(pkg: string): string {
  return `import {
  createPetStoreClient,
  isApiError,
  isErrorBody,
  NotFoundError,
  unwrapResult,
  type ErrorSchema,
  type NewPet,
  type Pet,
} from "${pkg}";

const api = createPetStoreClient({ baseUrl: "https://example.test", apiKey: "k" });
const strict = createPetStoreClient({ baseUrl: "https://example.test", apiKey: "k", throwOnError: true });
export async function readDirectly(): Promise<string> {
  const page = await strict.listPets({ query: { limit: 1 } });
  const total: number | undefined = page.headers["X-Total-Count"];
  const { data, headers } = unwrapResult(await api.listPets());
  const pets: Pet[] = data;
  const draft: NewPet = { name: "Rex", categoryId: 1 };
  const missing = await api.getPetById({ path: { petId: 1 } });
  const sent: boolean = missing.sentToServer;
  const code: string | undefined = missing.status === 404 && isErrorBody(missing.error) ? missing.error.code : undefined;
  try {
    await api.getPetById({ path: { petId: 1 }, throwOnError: true });
  } catch (error) {
    if (error instanceof NotFoundError) return "missing";
    if (isApiError(error, api.getPetById) && isErrorBody(error.error)) {
      const body: ErrorSchema | {} | null = error.error;
      return String(body);
    }
  }
  return \`\${total} \${headers["X-Total-Count"]} \${pets.length} \${draft.name} \${code} \${sent}\`;
}
`;
}

function frontend(pkg: string): string {
  return `/**
 * A frontend team's use of the optional entries: the query options with @tanstack/query-core and
 * the MSW handlers with msw/node, the client answered by the mocks (no server).
 */
import { MutationObserver, QueryClient } from "@tanstack/query-core";
import { setupServer } from "msw/node";
import { createPetStoreClient } from "${pkg}";
import { createPetStoreMocks, MOCK_OPERATIONS } from "${pkg}/mocks";
import { createPetMutation, INVALIDATES, listPetsOptions, petsKeys } from "${pkg}/query";

const baseUrl = "http://mocked.petstore.test/v1";
const { handlers, mock } = createPetStoreMocks({ baseUrl });
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: "error" });
const api = createPetStoreClient({ baseUrl, apiKey: "mocked", onDeprecation: () => undefined });
const queryClient = new QueryClient();
const options = listPetsOptions(api, { query: { limit: 2 } });
const pets = await queryClient.fetchQuery(options);
const names: string[] = pets.map((pet) => pet.name);
server.use(mock.createPet(201, { id: 77, name: "Mocked", categoryId: 1, status: "available" }));
const created = await new MutationObserver(queryClient, createPetMutation(api)).mutate({ body: { name: "Mocked", categoryId: 1 } });
server.use(mock.getPetById(404));
const missing = await api.getPetById({ path: { petId: 1 } });
server.close();

console.log(
  JSON.stringify({
    names,
    key: options.queryKey,
    created: created.id,
    invalidated: queryClient.getQueryState(options.queryKey)?.isInvalidated,
    invalidates: INVALIDATES.createPet.length,
    all: petsKeys.all,
    missing: missing.response.status,
    mockedOperations: Object.keys(MOCK_OPERATIONS).length,
  }),
);
`;
}

function badFiles(pkg: string): Record<string, string> {
  return {
    "bad/removed-field.ts": `import { createPetStoreClient } from "${pkg}";
import type { components } from "${pkg}/types";

const api = createPetStoreClient({ baseUrl: "http://127.0.0.1:9" });
const result = await api.getPetById({ path: { petId: 1 } });
if (result.data) console.log(result.data.tag); // EXPECT TS2339
export const pet: components["schemas"]["Pet"] = { id: 1, name: "Rex", categoryId: 1, photoUrls: [] }; // EXPECT TS2353
`,
    "bad/wrong-type.ts": `import { createPetStoreClient } from "${pkg}";

const api = createPetStoreClient({ baseUrl: "http://127.0.0.1:9" });
await api.createPet({ body: { name: 42, categoryId: 1 } }); // EXPECT TS2322
await api.getPetById({ path: { petId: "7" } }); // EXPECT TS2322
await api.listPets({ query: { status: "lost" } }); // EXPECT TS2322
`,
    "bad/experimental-without-opt-in.ts": `import { createPetStoreClient } from "${pkg}";
import type { SetInventoryStockBody } from "${pkg}"; // EXPECT TS2305

const api = createPetStoreClient({ baseUrl: "http://127.0.0.1:9" });
await api.setInventoryStock({ path: { petId: 1 }, body: { quantity: 1 } }); // EXPECT TS2339
export type Body = SetInventoryStockBody;
`,
    "bad/wrong-handler.ts": `import { createPetStoreStubs, createRequestHandler, type PetStoreHandlers } from "${pkg}/server";

const handlers: PetStoreHandlers = {
  ...createPetStoreStubs(),
  getPetById: () => ({ status: 200, body: { id: "7", name: "Rex", categoryId: 1 } }), // EXPECT TS2322
  listPets: () => ({ status: 418, body: [] }), // EXPECT TS2322 TS2739
};
export const handler = createRequestHandler(handlers);
`,
    "bad/wrong-call-option.ts": `import { createPetStoreClient } from "${pkg}";

const api = createPetStoreClient({ baseUrl: "http://127.0.0.1:9" });
await api.listPets({ timeoutMs: "5s" }); // EXPECT TS2322
await api.listPets({ retry: { maxRetrys: 1 } }); // EXPECT TS2561
`,
    "bad/server-code-from-client.ts": `import { createRequestHandler } from "${pkg}"; // EXPECT TS2305
export { createRequestHandler };
`,
  };
}

/** `file:line TSnnnn` for every `// EXPECT TSnnnn` marker of the bad files. */
export function expectedErrors(files: Record<string, string>): string[] {
  const expected: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    if (!path.startsWith("bad/")) continue;
    content.split("\n").forEach((line, index) => {
      for (const code of /\/\/ EXPECT ((?:TS\d+ ?)+)$/.exec(line)?.[1]?.trim().split(" ") ?? []) {
        expected.push(`${path}:${index + 1} ${code}`);
      }
    });
  }
  return expected.sort();
}

interface LockEntry {
  readonly version?: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** The versions the project's package-lock.json installed for `roots` and everything they depend on. */
export function installedVersions(
  lockfile: { readonly packages: Readonly<Record<string, LockEntry>> },
  roots: readonly string[],
): Record<string, string> {
  const versions: Record<string, string> = {};
  const queue = [...roots];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const entry = lockfile.packages[`node_modules/${name}`];
    if (versions[name] !== undefined || entry?.version === undefined) continue;
    versions[name] = entry.version;
    queue.push(
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}),
    );
  }
  return Object.fromEntries(Object.entries(versions).sort(([a], [b]) => (a < b ? -1 : 1)));
}
