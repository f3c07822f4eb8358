/**
 * validators: every operation's parameters, request body and JSON responses compiled at
 * generation time into Ajv standalone code, so no schema is compiled when a server starts.
 * Two modules, because parameters are validated with type coercion (they arrive as strings)
 * and bodies never are:
 * - validators/parameters.js: `<op>$params` validating `{ path, query, header, cookie }`;
 * - validators/bodies.js: `<op>$body` and `<op>$<status>` (`listPets$200`, `getPet$4XX`, `x$default`).
 * A third, read only by the client's opt-in response validation (the package's `./validate`):
 * - validators/response-headers.js: `headers$<hash>` validating the declared headers of a response
 *   as `{ "<lower-case name>": string | string[] }`, coerced like parameters (one per distinct set
 *   of declarations, shared by the responses that declare the same headers).
 */
import type { Options } from "ajv";
import type {
  ApiModel,
  HeaderModel,
  MediaModel,
  OperationModel,
  ParameterLocation,
  SchemaModel,
} from "../../model/types.js";
import { escapePointer } from "../../model/resolve-ref.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import type { BatchPartStore } from "../part-store.js";
import {
  compileModuleParts,
  type ModulePart,
  type ModuleStore,
  type WalkCounts,
} from "./validator-parts.js";
import { jsonTexts, type JsonText } from "./component-order.js";
import type { ModuleSlice } from "./validator-module.js";
import { formBodyValidatorSchemas } from "./form-body-validators.js";
import { textReadingSchema, type ComponentSchemas } from "./text-reading.js";
import { API_SCHEMA_ID, toJsonSchema, type ConvertOptions } from "../../schema/to-json-schema.js";
import {
  compileValidators,
  evaluateModule,
  evaluateSlices,
  type ApiSchema,
  type ValidatorModuleOptions,
} from "./validator-module.js";
import {
  IGNORED_HEADER_PARAMETERS,
  responseHeadersValidatorName,
  validatedBodyMedia,
  validatedResponseHeaders,
  validatedResponseMedia,
  validatorName,
} from "./validator-names.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];

const PARAMETERS_FILE = "validators/parameters.js";
const BODIES_FILE = "validators/bodies.js";
const RESPONSE_HEADERS_FILE = "validators/response-headers.js";

export function emitValidators(
  model: ApiModel,
  _context: EmitContext,
  warnings: string[] = [],
  options: {
    readonly parts?: BatchPartStore;
    readonly walks?: WalkCounts;
    /** Where each module file's code is kept as printed (by the file's path): see ModuleStore. */
    readonly modules?: (path: string) => ModuleStore;
  } = {},
): GeneratedFile[] {
  const { convert, components, apiSchema, parameterSchemas, bodySchemas, origin, partsOf } =
    validatorSchemas(model, warnings);

  const headerSchemas = new Map<string, unknown>();
  for (const operation of model.operations) {
    for (const response of operation.responses) {
      const name = responseHeadersValidatorName(response.headers);
      if (name !== undefined && !headerSchemas.has(name))
        headerSchemas.set(name, responseHeadersSchema(response.headers, convert, components));
    }
  }

  // each schema's JSON text made once: read for `unevaluated*` and in the entries' keys
  const text = jsonTexts();
  const coercing = coercionOptions(apiSchema, [parameterSchemas, headerSchemas], text);
  // text is read by one rule (text-reading.ts), also in the components parameters $ref
  const textComponents = Object.fromEntries(
    Object.entries(components).map(([name, schema]) => [
      name,
      textReadingSchema(schema, components),
    ]),
  );
  const textApiSchema = { $id: API_SCHEMA_ID, components: { schemas: textComponents } };
  // one part per operation (per response-headers validator): what a module compiled whole groups
  // its warnings by (with a cache, its functions are cached one by one: validator-parts.ts)
  const parts = (schemas: ReadonlyMap<string, unknown>) => partsOf(schemas);
  const compile = (
    kind: string,
    path: string,
    schemas: ReadonlyMap<string, unknown>,
    api: ApiSchema,
    extra: Options,
    moduleParts: readonly ModulePart[],
  ) => {
    const made = compileModuleParts(
      kind,
      schemas,
      api,
      moduleOptions(convert, extra, origin),
      moduleParts,
      options.parts,
      text,
      options.walks,
      options.modules?.(path),
    );
    warnings.push(...made.warnings);
    return made;
  };
  const parameters = compile(
    "parameters",
    PARAMETERS_FILE,
    parameterSchemas,
    textApiSchema,
    coercing,
    parts(parameterSchemas),
  );
  const bodies = compile("bodies", BODIES_FILE, bodySchemas, apiSchema, {}, parts(bodySchemas));
  compiledBodies.set(model, {
    functions: new Map(),
    all: bodySchemas.size === 0,
    count: bodySchemas.size,
    code: bodies.code,
    slicesOf: bodies.slicesOf,
  });
  const responseHeaders = compile(
    "response-headers",
    RESPONSE_HEADERS_FILE,
    headerSchemas,
    textApiSchema,
    coercing,
    [...headerSchemas.keys()].map((name) => ({ names: [name] })),
  );
  return [
    { path: RESPONSE_HEADERS_FILE, content: responseHeaders.code },
    { path: "validators/response-headers.d.ts", content: declarations(headerSchemas.keys()) },
    { path: PARAMETERS_FILE, content: parameters.code },
    { path: "validators/parameters.d.ts", content: declarations(parameterSchemas.keys()) },
    { path: BODIES_FILE, content: bodies.code },
    { path: "validators/bodies.d.ts", content: declarations(bodySchemas.keys()) },
  ];
}

/**
 * The body validators of this process, by model, for the mocks ({@link bodyValidatorFunctions}):
 * the module's slices (by operation) as {@link emitValidators} made them, as text only (compiled
 * with a cache, most functions are compiled against stand-ins; compiled whole, Ajv's evaluation
 * of every function, parameters' too, cost more than the mocks' evaluating what they ask for),
 * and the functions evaluated from them so far.
 */
const compiledBodies = new WeakMap<
  ApiModel,
  {
    readonly functions: ReadonlyMap<string, (value: unknown) => boolean>;
    readonly all: boolean;
    /** How many body validators the module exports. */
    readonly count?: number;
    /** The module's code as printed. */
    readonly code?: string;
    /** The names whose slices were evaluated (the functions they gave are in `functions`). */
    readonly asked?: ReadonlySet<string>;
    readonly slicesOf?: (names: ReadonlySet<string>) => readonly ModuleSlice[];
  }
>();

/**
 * Lets go of what {@link emitValidators} kept of `model`'s body validators for the mocks, and of
 * the functions evaluated from it: the mocks, their last reader, call this when done (on Stripe
 * the evaluated module, its 11 MB of source and its compiled code, was otherwise kept to the end
 * of the run, when its peak memory is reached).
 */
export function releaseBodyValidators(model: ApiModel): void {
  compiledBodies.delete(model);
}

/**
 * The validators of validators/bodies.js as functions (by export name, `listPets$200`), for the
 * mocks to check their data with what the server and the client's response validation check:
 * those {@link emitValidators} compiled for `model` in this process when they cover the
 * operations `only` (all when undefined), else those operations' compiled here the same way
 * (the validators came from the cache).
 */
export function bodyValidatorFunctions(
  model: ApiModel,
  only?: ReadonlySet<OperationModel>,
): ReadonlyMap<string, (value: unknown) => boolean> {
  const known = compiledBodies.get(model);
  if (known?.all === true) return known.functions;
  if (known?.slicesOf !== undefined) {
    // the module's code, as printed, for the operations asked for (the others' slices left out)
    const names = new Set(
      model.operations.flatMap((operation) =>
        only === undefined || only.has(operation)
          ? [
              validatorName(operation, "body"),
              ...operation.responses.map((response) => validatorName(operation, response.status)),
            ]
          : [],
      ),
    );
    const asked = known.asked ?? new Set();
    const missing = new Set([...names].filter((name) => !asked.has(name)));
    if (missing.size === 0) return known.functions;
    // evaluated once a run; all of them (the mocks of a run without cache) from the code printed
    const whole = only === undefined && asked.size === 0 ? known.code : undefined;
    const evaluated =
      whole !== undefined ? evaluateModule(whole) : evaluateSlices(known.slicesOf(missing));
    const functions = new Map([...known.functions, ...evaluated]);
    const all = functions.size === known.count;
    compiledBodies.set(model, { ...known, functions, all, asked: new Set([...asked, ...names]) });
    return functions;
  }
  const { convert, apiSchema, bodySchemas, origin, operationOf } = validatorSchemas(model, []);
  const indexes = new Set(
    model.operations.flatMap((operation, index) =>
      only === undefined || only.has(operation) ? [String(index)] : [],
    ),
  );
  // only those not compiled in this process yet (the validators' missed parts were)
  const wanted = new Map(
    [...bodySchemas].filter(
      ([name]) => indexes.has(operationOf(name)) && known?.functions.has(name) !== true,
    ),
  );
  if (known !== undefined && wanted.size === 0) return known.functions;
  const options = moduleOptions(convert, {}, origin);
  const compiled = compileValidators(wanted, apiSchema, options).functions;
  const functions = new Map([...(known?.functions ?? []), ...compiled]);
  compiledBodies.set(model, { functions, all: functions.size === bodySchemas.size });
  return functions;
}

/**
 * The body validators of the operations `only`, evaluated from the code {@link emitValidators}
 * printed for `model` in this process, each function adding its name to `calls` when it runs
 * (what a check read: the mocks key their data with it); undefined when this process has no such
 * code (the validators came whole from the cache).
 */
export function tracedBodyValidators(
  model: ApiModel,
  only: ReadonlySet<OperationModel>,
  calls: Set<string>,
): ReadonlyMap<string, (value: unknown) => boolean> | undefined {
  const slicesOf = compiledBodies.get(model)?.slicesOf;
  if (slicesOf === undefined) return undefined;
  const names = new Set(
    [...only].flatMap((operation) =>
      operation.responses.map((response) => validatorName(operation, response.status)),
    ),
  );
  try {
    return evaluateSlices(slicesOf(names), calls);
  } catch {
    return undefined;
  }
}

/** The schemas of validators/parameters.js and bodies.js by export name, and what they are converted and compiled with. */
function validatorSchemas(model: ApiModel, warnings: string[]) {
  const convert: ConvertOptions = {
    refs: model,
    openapi31: model.openapiVersion.startsWith("3.1"),
    formats: new Set(),
    warnings,
  };
  const components = Object.fromEntries(
    Object.entries(model.schemas).map(([name, schema]) => [name, toJsonSchema(schema, convert)]),
  );
  const apiSchema = { $id: API_SCHEMA_ID, components: { schemas: components } };
  const parameterSchemas = new Map<string, unknown>();
  const bodySchemas = new Map<string, unknown>();
  const origins = new Map<string, string>();
  const operationOf = new Map<string, string>();
  model.operations.forEach((operation, index) => {
    const at = (name: string, what: string, pointer: string): string => {
      operationOf.set(name, String(index));
      origins.set(
        name,
        `operation ${operation.operationId} (${operation.method.toUpperCase()} ${operation.path}), ${what}: ${operation.pointer}${pointer}`,
      );
      return name;
    };
    const content = (media: MediaModel) => `/content/${escapePointer(media.mediaType)}/schema`;
    parameterSchemas.set(
      at(validatorName(operation, "params"), "parameters", "/parameters"),
      parametersSchema(operation, convert, components),
    );
    const body = operation.requestBody && validatedBodyMedia(operation.requestBody.contents);
    if (body)
      bodySchemas.set(
        at(validatorName(operation, "body"), "request body", `/requestBody${content(body)}`),
        toJsonSchema(body.schema, convert),
      );
    for (const [part, schema] of formBodyValidatorSchemas(operation))
      bodySchemas.set(
        at(validatorName(operation, part), `${part} request body`, "/requestBody"),
        toJsonSchema(schema, convert),
      );
    for (const response of operation.responses) {
      const media = validatedResponseMedia(response.contents);
      if (media)
        bodySchemas.set(
          at(
            validatorName(operation, response.status),
            `response ${response.status}`,
            `/responses/${escapePointer(response.status)}${content(media)}`,
          ),
          toJsonSchema(media.schema, convert),
        );
    }
  });
  const origin = (name: string): string => origins.get(name) ?? name;
  /** The export names of `schemas` by operation, in module order. */
  const partsOf = (schemas: ReadonlyMap<string, unknown>): ModulePart[] => {
    const parts = new Map<string, string[]>();
    for (const name of schemas.keys()) {
      const operation = operationOf.get(name) ?? name;
      parts.set(operation, [...(parts.get(operation) ?? []), name]);
    }
    return [...parts.values()].map((names) => ({ names }));
  };
  return {
    convert,
    components,
    apiSchema,
    parameterSchemas,
    bodySchemas,
    origin,
    partsOf,
    operationOf: (name: string) => operationOf.get(name) ?? name,
  };
}

/**
 * Ajv options of the validators that coerce text (parameters, response headers). Ajv 2020 (OpenAPI
 * 3.1) tracks evaluated properties for `unevaluatedProperties`, and so runs every branch of an
 * `anyOf` even after one matched: with coercion, a later branch coerces the value again
 * (`anyOf: [boolean, enum ["true", "false"]]` turns `true` back into `"true"`). Where no schema uses
 * `unevaluated*`, that tracking is off, and the first branch that matches keeps its coercion.
 *
 * "Uses" is read in the JSON texts: the api schema's, and each export's. The api schema's is tested
 * as its parts' (`$id`, each component's name and text: a match of a quoted word lies within one
 * string's text), so that each component's text is the one `text` keeps for the entries' keys
 * (validator-parts.ts): on Stripe making the api schema's text again cost about 40 ms of each
 * structural edit.
 */
export function coercionOptions(
  apiSchema: ApiSchema,
  schemas: readonly ReadonlyMap<string, unknown>[],
  text: JsonText = (value) => JSON.stringify(value),
): Options {
  const mentions = (json: string | undefined) =>
    json !== undefined &&
    (json.includes('"unevaluatedProperties"') || json.includes('"unevaluatedItems"'));
  const unevaluated =
    mentions(JSON.stringify(apiSchema.$id)) ||
    Object.entries(apiSchema.components.schemas).some(
      ([name, schema]) => mentions(JSON.stringify(name)) || mentions(text(schema)),
    ) ||
    schemas.some((map) => [...map.values()].some((schema) => mentions(text(schema))));
  return unevaluated ? { coerceTypes: "array" } : { coerceTypes: "array", unevaluated: false };
}

/** `{ type: object, properties: { "<lower-case name>": schema }, required }`. */
function responseHeadersSchema(
  headers: readonly HeaderModel[],
  convert: ConvertOptions,
  components: ComponentSchemas,
): unknown {
  const checked = validatedResponseHeaders(headers);
  const properties: Record<string, unknown> = {};
  for (const header of checked)
    properties[header.name.toLowerCase()] = parameterValueSchema(
      header.schema ?? {},
      convert,
      components,
      false,
    );
  const required = checked
    .filter((header) => header.required)
    .map((header) => header.name.toLowerCase());
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

function parametersSchema(
  operation: OperationModel,
  convert: ConvertOptions,
  components: ComponentSchemas,
): unknown {
  const properties: Record<string, unknown> = {};
  for (const location of LOCATIONS) {
    const list = operation.parameters[location].filter(
      (parameter) =>
        location !== "header" || !IGNORED_HEADER_PARAMETERS.has(parameter.name.toLowerCase()),
    );
    const props: Record<string, unknown> = {};
    for (const parameter of list) {
      const name = location === "header" ? parameter.name.toLowerCase() : parameter.name;
      props[name] = parameterValueSchema(parameter.schema, convert, components);
    }
    const required = list
      .filter((parameter) => parameter.required)
      .map((parameter) => (location === "header" ? parameter.name.toLowerCase() : parameter.name));
    properties[location] = {
      type: "object",
      properties: props,
      ...(required.length > 0 ? { required } : {}),
    };
  }
  return { type: "object", properties, required: [...LOCATIONS] };
}

/**
 * A parameter's schema as its validator checks it: text read by one rule (text-reading.ts).
 * Object-valued parameters arrive as objects of strings (read by their style,
 * templates/server/core/parameter-styles.ts), coerced property by property; object-valued response
 * headers, which arrive as text, are passed through unvalidated.
 */
function parameterValueSchema(
  schema: SchemaModel,
  convert: ConvertOptions,
  components: ComponentSchemas,
  objects = true,
): unknown {
  const converted = toJsonSchema(schema, convert);
  if (converted === null || typeof converted !== "object") return converted;
  if ((converted as Record<string, unknown>).type === "object" && !objects) return {};
  return textReadingSchema(converted, components);
}

function moduleOptions(
  convert: ConvertOptions,
  extra: Options,
  origin: (name: string) => string,
): ValidatorModuleOptions {
  return {
    draft2020: convert.openapi31,
    unknownFormats: convert.formats,
    ajv: extra,
    origin,
    warnings: convert.warnings,
  };
}

function declarations(names: Iterable<string>): string {
  const declared = [...names].map((name) => `export declare const ${name}: Validator;`);
  return `${['import type { Validator } from "../runtime/server/core/descriptor.js";', ...(declared.length > 0 ? ["", ...declared] : [])].join("\n")}\n`;
}
