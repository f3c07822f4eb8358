/**
 * mocks.ts: MSW 2.x handlers for every operation (`create<Name>Mocks`), from a table of mocked
 * responses written here: for each declared status, the body (the spec's example, else data
 * generated from the schema with a fixed seed: mock-data.ts) and the headers a client reads (the
 * required ones, the rate-limit ones, `Retry-After`, and `Deprecation`/`Sunset` on deprecated
 * operations, as the server runtime sends them). The behaviour is the runtime's (templates/mocks).
 */
import { mockPageStatements, mockPagesMethod } from "../pagination/mock-pagination.js";
import { createHash } from "node:crypto";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import { deprecationHeaders } from "../../../templates/server/core/deprecation.js";
import { isJsonMediaType } from "../../schema/json-media.js";
import type {
  ApiModel,
  HeaderModel,
  MediaModel,
  OperationModel,
  ResponseModel,
} from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal, objectCode, propertyKey } from "../ts/literal.js";
import { printStatements, type PrintedStatement } from "../ts/source-file.js";
import {
  bodyValidatorFunctions,
  releaseBodyValidators,
  tracedBodyValidators,
} from "../validators/emit-validators.js";
import {
  jsonMedia,
  validatedResponseMedia,
  validatorName,
  xmlMedia,
} from "../validators/validator-names.js";
import { xmlShapes } from "../../model/xml-shapes.js";
import { writeXml } from "../../../templates/xml/xml-codec.js";
import { MockData } from "./mock-data.js";
import { MockBodies } from "./mock-bodies.js";
import type { SchemaReach } from "../../model/schema-reach.js";
import { mockedOperationInput, mockPartKeys, type MockedOperationInput } from "./mock-parts.js";
import type { BatchPartStore } from "../part-store.js";
import { mockStatus } from "./mock-status.js";
import { sha256Hex } from "../../cache/text-hash.js";

/** A header a client acts on whatever the spec says of its presence. */
const READ_BY_CLIENTS = /(^|-)ratelimit-|^retry-after$/i;

interface MockedResponse {
  readonly status: number;
  readonly body: { readonly kind: "json" | "text"; readonly value: unknown } | undefined;
  readonly mediaType: string | undefined;
  readonly headers: Record<string, string>;
}

/** A header value as sent: scalars as text, arrays comma-joined; nothing that is not visible ASCII. */
function headerText(value: unknown): string | undefined {
  const text = Array.isArray(value)
    ? value.map(String).join(",")
    : typeof value === "object" || value === undefined
      ? undefined
      : String(value);
  return text !== undefined && /^[\x20-\x7e]*$/.test(text) ? text : undefined;
}

/**
 * The name of a constant holding `text`, from a hash of the text itself (`BODY_3f9a1c2b7e`), and
 * the constants are declared in name order: a new operation or an edited example adds or renames
 * only its own constants, never renumbers the others (numbering by position rewrote unrelated
 * operations). On a hash collision, the name takes more digits.
 */
function contentName(names: Map<string, string>, prefix: string, text: string): string {
  const known = names.get(text);
  if (known !== undefined) return known;
  const hash = sha256Hex(text);
  const taken = new Set(names.values());
  let length = 10;
  while (taken.has(`${prefix}_${hash.slice(0, length)}`)) length += 2;
  const name = `${prefix}_${hash.slice(0, length)}`;
  names.set(text, name);
  return name;
}

/** An operation's mocked responses as mocks.ts writes them (bodies and headers as literals), and the examples set aside. */
interface MockedOperation {
  readonly success: number;
  readonly responses: readonly {
    readonly status: number;
    readonly json?: string;
    readonly text?: string;
    readonly mediaType?: string;
    readonly headers: string;
  }[];
  readonly rejected: readonly string[];
  /** The digests of the cached bodies it was made with (mock-bodies.ts; kept while it is). */
  readonly bodies?: readonly string[];
}

/** The body validators by export name (`listPets$200`). */
interface Validators {
  get(name: string): ((value: unknown) => boolean) | undefined;
}

/** A cached operation's mocks; undefined when the text is not one. */
function readMockedOperation(text: string | undefined): MockedOperation | undefined {
  if (text === undefined) return undefined;
  try {
    const value = JSON.parse(text) as MockedOperation;
    const ok =
      typeof value.success === "number" &&
      Array.isArray(value.responses) &&
      value.responses.every(
        (response) =>
          typeof response.status === "number" &&
          typeof response.headers === "string" &&
          ["json", "text", "mediaType"].every(
            (key) => !(key in response) || typeof response[key as "json"] === "string",
          ),
      ) &&
      Array.isArray(value.rejected) &&
      value.rejected.every((where) => typeof where === "string") &&
      (value.bodies === undefined ||
        (Array.isArray(value.bodies) && value.bodies.every((body) => typeof body === "string")));
    return ok ? value : undefined;
  } catch {
    return undefined;
  }
}

class MockTable {
  readonly #data: MockData;
  /** The generated body validators by name (`listPets$200`): what a mocked body must pass. */
  readonly #validators: Validators;
  readonly #bodies = new Map<string, string>();
  readonly #headers = new Map<string, string>();
  /**
   * The literal of each value written this run, by identity: the chosen values are shared by the
   * operations that answer the same body (mock-data.ts's memo; on Stripe all 457 operations answer
   * the same error body) and never changed once chosen.
   */
  readonly #literals = new WeakMap<object, string>();

  /** Where the spec's examples were set aside for not matching their schemas (for generate's warnings). */
  readonly rejectedExamples: string[] = [];

  constructor(data: MockData, validators: Validators) {
    this.#data = data;
    this.#validators = validators;
  }

  /** `operation`'s mocked responses, with its rejected examples (the part mocks.ts caches per operation). */
  mocked(operation: MockedOperationInput): MockedOperation {
    const rejected = this.rejectedExamples.length;
    const hasSuccess = operation.responses.some((response) => /^2/.test(response.status));
    const mocked = new Map<number, MockedResponse>();
    // exact codes first, so `4XX` or `default` never shadows a declared code
    const ordered = [...operation.responses].sort(
      (a, b) => Number(!/^\d+$/.test(a.status)) - Number(!/^\d+$/.test(b.status)),
    );
    for (const response of ordered) {
      const status = mockStatus(response.status, hasSuccess);
      if (status !== undefined && !mocked.has(status))
        mocked.set(status, this.response(operation, response, status));
    }
    const statuses = [...mocked.keys()].sort((a, b) => a - b);
    return {
      success: statuses.find((status) => status >= 200 && status < 300) ?? statuses[0] ?? 200,
      responses: statuses.map((status) => {
        const response = mocked.get(status) as MockedResponse;
        return {
          status,
          ...(response.body?.kind === "json" ? { json: this.#literal(response.body.value) } : {}),
          ...(response.body?.kind === "text" ? { text: this.#literal(response.body.value) } : {}),
          ...(response.mediaType ? { mediaType: response.mediaType } : {}),
          headers: literal(response.headers),
        };
      }),
      rejected: this.rejectedExamples.slice(rejected),
    };
  }

  /** `literal(value)`, made once per object. */
  #literal(value: unknown): string {
    if (typeof value !== "object" || value === null) return literal(value);
    let text = this.#literals.get(value);
    if (text === undefined) {
      text = literal(value);
      this.#literals.set(value, text);
    }
    return text;
  }

  /** The name of a body constant (one per distinct value, as written). */
  bodyName(text: string): string {
    return contentName(this.#bodies, "BODY", text);
  }

  /** The name of a headers constant (one per distinct set, as written: most responses share a few). */
  headersName(text: string): string {
    return contentName(this.#headers, "HEADERS", text);
  }

  /**
   * The body and header constants, each kind one text statement (`/** doc *\/` on the first, then
   * one `const` a line, in name order): printed as ts-morph printed them as structures, but a long
   * text is slotted, not written through the writer (ts/source-file.ts).
   */
  constantStatements(): string[] {
    const constants = (
      map: Map<string, string>,
      description: string,
      type: string | undefined,
    ): string[] => {
      if (map.size === 0) return [];
      const declarations = [...map]
        .sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([value, name]) =>
          type ? `const ${name}: ${type} = ${value};` : `const ${name} = ${value} as const;`,
        );
      return [`/** ${description} */\n${declarations.join("\n")}`];
    };
    return [
      ...constants(
        this.#bodies,
        "Mocked bodies: the spec's examples, else data generated from the schemas (fixed seed).",
        "unknown",
      ),
      ...constants(
        this.#headers,
        "Mocked response headers, shared by the responses that send the same.",
        undefined,
      ),
    ];
  }

  response(
    operation: MockedOperationInput,
    response: ResponseModel,
    status: number,
  ): MockedResponse {
    const json = response.contents.find((media) => isJsonMediaType(media.mediaType));
    const text = response.contents.find((media) =>
      media.mediaType.toLowerCase().startsWith("text/"),
    );
    const xml = xmlMedia(response.contents);
    let body: MockedResponse["body"];
    if (json) {
      // the body validator of this response, when it is the one validators/bodies.js checks
      const validate =
        jsonMedia(response.contents) === json
          ? this.#validators.get(validatorName(operation, response.status))
          : undefined;
      const value = this.#data.value(json.schema, json.examples, "response", validate);
      body = value === undefined ? undefined : { kind: "json", value };
      const examples = json.examples ?? [];
      if (
        examples.length > 0 &&
        !examples.some((example) => this.#literal(example) === this.#literal(value))
      ) {
        this.rejectedExamples.push(
          `${operation.operationId} ${response.status} (${json.mediaType})`,
        );
      }
    } else if (xml) {
      body = this.#xmlBody(operation, response, xml);
    } else if (text) {
      const value = this.#data.value(text.schema, text.examples);
      body = typeof value === "string" ? { kind: "text", value } : undefined;
    }
    const headers: Record<string, string> = {};
    for (const header of response.headers) {
      const value = this.#headerValue(header);
      if (value !== undefined) headers[header.name] = value;
    }
    if (operation.deprecation) {
      try {
        const { since, sunset } = operation.deprecation;
        const deprecated = { ...(since ? { since } : {}), ...(sunset ? { sunset } : {}) };
        for (const [name, value] of deprecationHeaders({
          operationId: operation.operationId,
          deprecated,
        })) {
          const declared = Object.keys(headers).find((key) => key.toLowerCase() === name);
          headers[declared ?? (name === "sunset" ? "Sunset" : "Deprecation")] = value;
        }
      } catch {
        // a malformed date: the lint rules report it; the mock sends no such header
      }
    }
    return {
      status,
      body,
      mediaType: (json ?? xml ?? text ?? response.contents[0])?.mediaType,
      headers,
    };
  }

  /**
   * An XML response's mocked text: the spec's example when it is XML text already, else its
   * example or generated value written as the schema's `xml` objects say.
   */
  #xmlBody(
    operation: MockedOperationInput,
    response: ResponseModel,
    media: MediaModel,
  ): MockedResponse["body"] {
    const node = media.xml?.node;
    const validate =
      validatedResponseMedia(response.contents) === media
        ? this.#validators.get(validatorName(operation, response.status))
        : undefined;
    const examples = (media.examples ?? []).filter((example) => typeof example !== "string");
    const written = (media.examples ?? []).find(
      (example): example is string => typeof example === "string" && example.trim().startsWith("<"),
    );
    if (written !== undefined && node?.type !== "any") return { kind: "text", value: written };
    const value = this.#data.value(media.schema, examples, "response", validate);
    if (value === undefined || node === undefined) return undefined;
    // a body that is the document's text: a document holding the generated value
    const mapped = node.text === true ? { name: node.name, type: "any" as const } : node;
    return { kind: "text", value: writeXml(value, mapped) };
  }

  #headerValue(header: HeaderModel): string | undefined {
    if (/^(deprecation|sunset)$/i.test(header.name)) return undefined; // from the operation's deprecation
    if (!header.required && !READ_BY_CLIENTS.test(header.name)) return undefined;
    return headerText(this.#data.value(header.schema, header.examples));
  }

  /** The entry of `MOCK_OPERATIONS` for `operation`, mocked as `mocked` says. */
  operationWriter(operation: OperationModel, mocked: MockedOperation): string {
    const entries = mocked.responses.map((response) => {
      const fields: [string, string][] = [["status", String(response.status)]];
      if (response.json !== undefined) fields.push(["json", this.bodyName(response.json)]);
      if (response.text !== undefined) fields.push(["text", response.text]);
      if (response.mediaType !== undefined) fields.push(["mediaType", literal(response.mediaType)]);
      fields.push(["headers", this.headersName(response.headers)]);
      return [String(response.status), objectCode(fields)] as const;
    });
    return objectCode([
      ["method", literal(operation.method)],
      ["path", literal(operation.path)],
      ["status", String(mocked.success)],
      ["responses", objectCode(entries)],
      // a paginated operation's default answer pages through its items (docs/pagination.md)
      ...(operation.pagination ? [["pagination", literal(operation.pagination)] as const] : []),
    ]);
  }
}

export function emitMocks(
  model: ApiModel,
  context: EmitContext,
  warnings: string[] = [],
  options: { readonly parts?: BatchPartStore; readonly reach?: SchemaReach } = {},
): GeneratedFile[] {
  const { parts } = options;
  const keyOf = parts === undefined ? undefined : mockPartKeys(model, options.reach);
  const cached = new Map<OperationModel, MockedOperation>();
  if (parts !== undefined && keyOf !== undefined)
    for (const operation of model.operations) {
      const part = readMockedOperation(parts.lookup("mock", keyOf(operation)));
      if (part !== undefined) cached.set(operation, part);
    }
  const missing = new Set(model.operations.filter((operation) => !cached.has(operation)));
  // with a cache, each checked body is cached by what it read (mock-bodies.ts)
  const bodies =
    parts !== undefined && MockBodies.usable(model) ? new MockBodies(model, parts) : undefined;
  const data = new MockData(model, bodies);
  for (const part of cached.values()) for (const digest of part.bodies ?? []) bodies?.keep(digest);
  // the body validators of the operations mocked again only (all without a cache)
  const validators =
    missing.size === 0
      ? new Map()
      : bodies === undefined
        ? bodyValidatorFunctions(model, parts === undefined ? undefined : missing)
        : tracedValidators(model, missing, data, bodies);
  const table = new MockTable(data, validators);
  const mocked = model.operations.map((operation) => {
    let part = cached.get(operation);
    if (part === undefined) {
      const from = data.bodiesUsed.length;
      part = table.mocked(mockedOperationInput(operation));
      if (parts !== undefined && keyOf !== undefined) {
        if (bodies !== undefined) part = { ...part, bodies: data.bodiesUsed.slice(from) };
        parts.store("mock", keyOf(operation), JSON.stringify(part));
      }
    }
    return part;
  });
  // every body is drawn: the validators they were checked with can go (emit-validators.ts)
  releaseBodyValidators(model);
  const operations = model.operations.map(
    (operation, index) =>
      [operation.name, table.operationWriter(operation, mocked[index] as MockedOperation)] as const,
  );
  for (const where of mocked.flatMap((part) => part.rejected)) {
    warnings.push(
      `the example of ${where} does not match its schema: mocks.ts answers generated data instead (fix the example; lint reports it as no-invalid-media-type-examples)`,
    );
  }
  // with a cache, the file is printed again only when what it is printed from changed (on a
  // parameter edit its parts all hit, and ts-morph's printing was most of the stage)
  const constants = table.constantStatements();
  const pageStatements = mockPageStatements(model, context.apiName);
  const pagesMethod = mockPagesMethod(model, context.apiName);
  const printedFrom = plainJson([
    context.apiName,
    model.operations.map((operation) => [operation.name, operation.typeName]),
    operations,
    constants,
    pageStatements,
    pagesMethod,
  ]);
  const printed =
    parts !== undefined && printedFrom !== undefined
      ? parts.lookup("mock-file", printedFrom)
      : undefined;
  if (printed !== undefined) return [{ path: "mocks.ts", content: printed }];
  const overrides = `${context.apiName}MockOverrides`;
  const mocksType = `${context.apiName}Mocks`;
  const statements: PrintedStatement[] = [
    ...(model.operations.length > 0
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            isTypeOnly: true,
            moduleSpecifier: "./client.js",
            namedImports: model.operations.map((operation) => ({
              name: `${operation.typeName}Operation`,
            })),
          } as const,
        ]
      : []),
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "msw",
      namedImports: [{ name: "HttpHandler" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/mocks/mock-handlers.js",
      namedImports: [{ name: "createMocks" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./transforms.js",
      namespaceImport: "TRANSFORMS",
    },
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "./runtime/mocks/mock-handlers.js",
      namedImports: ["MockOperation", "MockOptions", "MockOverride", "RateLimitedInit"].map(
        (name) => ({ name }),
      ),
    },
    ...pageStatements,
    ...constants,
    // as text (the layout ts-morph gave the structure): slotted, not written through the writer
    `/** Every operation's mocked responses, by status: what the handlers answer (bodies valid against the spec). */\nexport const MOCK_OPERATIONS = ${objectCode(operations)} as const satisfies Readonly<Record<string, MockOperation>>;`,
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: overrides,
      docs: jsDoc({
        summary:
          "Per-test overrides: `mock.<operation>(status, body?, { headers, once }?)` returns a handler for `server.use(...)`.",
      }),
      properties: model.operations.map((operation) => ({
        name: propertyKey(operation.name),
        isReadonly: true,
        type: `MockOverride<${operation.typeName}Operation>`,
      })),
    },
    {
      kind: StructureKind.Interface,
      isExported: true,
      name: mocksType,
      docs: jsDoc({ summary: `What \`create${mocksType}\` returns.` }),
      properties: [
        {
          name: "handlers",
          isReadonly: true,
          type: "HttpHandler[]",
          docs: jsDoc({
            summary:
              "One handler per operation: `setupServer(...handlers)` or `setupWorker(...handlers)`.",
          }),
        },
        {
          name: "mock",
          isReadonly: true,
          type: overrides,
          docs: jsDoc({ summary: "Overrides by operation and status." }),
        },
      ],
      methods: [
        {
          name: "rateLimited",
          docs: jsDoc({
            summary:
              "A 429 with `Retry-After` (default 1 s) for the next `times` (default 1) requests of the operation; then the other handlers answer again.",
          }),
          parameters: [
            { name: "operation", type: `keyof ${overrides}` },
            { name: "init", type: "RateLimitedInit", hasQuestionToken: true },
          ],
          returnType: "HttpHandler",
        },
        {
          name: "body",
          docs: jsDoc({
            summary:
              "A copy of the JSON body the operation answers with `status` (its default status when omitted): with the option `transforms`, with `Date`s and `bigint`s as the client with that option reads it.",
          }),
          parameters: [
            { name: "operation", type: `keyof ${overrides}` },
            { name: "status", type: "number", hasQuestionToken: true },
          ],
          returnType: "unknown",
        },
        ...pagesMethod,
      ],
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `create${mocksType}`,
      docs: jsDoc({
        summary: `MSW request handlers for every ${context.apiName} operation, answering the spec's examples (or generated data) with its headers.`,
        description: "Pass the client's `baseUrl` so that they match only its requests.",
      }),
      parameters: [{ name: "options", type: "MockOptions", initializer: "{}" }],
      returnType: mocksType,
      statements: [
        `return createMocks(MOCK_OPERATIONS, options, TRANSFORMS) as unknown as ${mocksType};`,
      ],
    },
  ];
  const content = printStatements("mocks.ts", statements);
  if (parts !== undefined && printedFrom !== undefined)
    parts.store("mock-file", printedFrom, content);
  return [{ path: "mocks.ts", content }];
}

/** `value`'s JSON; undefined when it holds what JSON does not carry (a writer function, say). */
function plainJson(value: unknown): string | undefined {
  let plain = true;
  const text = JSON.stringify(value, function (this: unknown, _key, item: unknown) {
    if (typeof item === "function" || typeof item === "symbol" || typeof item === "bigint")
      plain = false;
    if (item === undefined && Array.isArray(this)) plain = false;
    if (typeof item === "number" && !Number.isFinite(item)) plain = false;
    return item;
  });
  return plain ? text : undefined;
}

/**
 * The body validators of the `missing` operations whose bodies are not all cached
 * (mock-bodies.ts), traced (each run records its functions in `bodies.calls`); another
 * operation's, should its body miss after all, evaluated when asked for.
 */
function tracedValidators(
  model: ApiModel,
  missing: ReadonlySet<OperationModel>,
  data: MockData,
  bodies: MockBodies,
): Validators {
  const operationOf = new Map<string, OperationModel>();
  // the first operation to draw each body not cached (the others take it from the first)
  const drawn = new Set<OperationModel>();
  const toDraw = new Set<string>();
  for (const operation of missing)
    for (const response of operation.responses) {
      const media = validatedResponseMedia(response.contents);
      if (media === undefined) continue;
      operationOf.set(validatorName(operation, response.status), operation);
      const examples =
        xmlMedia(response.contents) === media
          ? (media.examples ?? []).filter((example) => typeof example !== "string")
          : media.examples;
      const key = data.bodyToDraw(media.schema, examples);
      if (key !== undefined && !toDraw.has(key)) {
        toDraw.add(key);
        drawn.add(operation);
      }
    }
  const functions = new Map<string, (value: unknown) => boolean>();
  const evaluated = new Set<OperationModel>();
  const evaluate = (operations: ReadonlySet<OperationModel>) => {
    operations.forEach((operation) => evaluated.add(operation));
    const traced = tracedBodyValidators(model, operations, bodies.calls);
    // untraced (no code of this process to trace): what they check is not known, nothing is stored
    const made =
      traced ??
      new Map(
        [...bodyValidatorFunctions(model, operations)].map(([name, validate]) => [
          name,
          (value: unknown) => {
            bodies.untraced();
            return validate(value);
          },
        ]),
      );
    for (const [name, validate] of made) functions.set(name, validate);
  };
  if (drawn.size > 0) evaluate(drawn);
  // a body validator exists for each response with a validated medium (emit-validators.ts)
  const wrappers = new Map(
    [...operationOf].map(([name, operation]) => [
      name,
      (value: unknown) => {
        if (!evaluated.has(operation)) evaluate(new Set([operation]));
        const validate = functions.get(name);
        if (validate !== undefined) return validate(value);
        bodies.untraced();
        const compiled = bodyValidatorFunctions(model, new Set([operation])).get(name);
        if (compiled === undefined) throw new Error(`the generator has no body validator ${name}`);
        return compiled(value);
      },
    ]),
  );
  return wrappers;
}
