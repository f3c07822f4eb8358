/**
 * The server descriptor's `readers`: the runtime's optional readers (styled parameters, form and
 * multipart bodies), the stream writer (NDJSON, server-sent events), the `Authorization` header
 * reader (http, OAuth 2 and OpenID Connect schemes), the `Cookie` header reader (cookie
 * parameters, API keys in a cookie) and route keys (path templates with a fragment) that the spec
 * needs, decided by the runtime's own rule
 * (templates/server/core/optional-readers.ts, which also refuses a descriptor that lacks one).
 * server-api.ts imports only those, so a bundle of the server carries no reader its API never
 * runs.
 */
import {
  needsCookieReader,
  needsFormReader,
  needsRouteKeys,
  needsStreamWriter,
  needsStyleReader,
} from "../../../templates/server/core/optional-readers.js";
import { needsAuthorizationHeader } from "../../../templates/server/core/auth-credentials.js";
import type {
  FormBodyDescriptor,
  SecuritySchemeDescriptor,
} from "../../../templates/server/core/descriptor.js";
import { serverSecuritySchemes } from "../security-tables.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import { DataObject, reference, type DataImport } from "../ts/data-layout.js";
import { parameterDescriptors } from "./parameter-descriptors.js";

/** Each optional reader: its name in `ApiReaders` (and its export) and its module in the runtime. */
const READERS = [
  { name: "parameterStyles", from: "./runtime/server/core/parameter-styles.js" },
  { name: "formBodies", from: "./runtime/server/core/form-reader.js" },
  { name: "streamBodies", from: "./runtime/server/core/stream-writer.js" },
  { name: "authorizationHeader", from: "./runtime/server/core/authorization-header.js" },
  { name: "cookies", from: "./runtime/server/core/cookies.js" },
  { name: "routeKeys", from: "./runtime/server/core/route-keys.js" },
] as const;

type ReaderName = (typeof READERS)[number]["name"];

function needs(operation: OperationModel): Set<ReaderName> {
  const needed = new Set<ReaderName>();
  const parameters = parameterDescriptors(operation);
  if (parameters.some(needsStyleReader)) needed.add("parameterStyles");
  if (parameters.some(needsCookieReader)) needed.add("cookies");
  if (needsRouteKeys(operation.path)) needed.add("routeKeys");
  const body = operation.requestBody;
  if (body !== undefined) {
    const forms: Record<string, FormBodyDescriptor> = {};
    for (const form of operation.forms) {
      forms[form.mediaType] = { fields: {}, ...(form.text ? { text: true } : {}) };
    }
    const descriptor = {
      required: body.required,
      mediaTypes: body.contents.map((media) => media.mediaType),
      forms,
    };
    if (needsFormReader(descriptor)) needed.add("formBodies");
  }
  const responses = Object.fromEntries(
    operation.responses.map((response) => [
      response.status,
      { mediaTypes: response.contents.map((media) => media.mediaType) },
    ]),
  );
  if (needsStreamWriter(responses)) needed.add("streamBodies");
  return needed;
}

export class ApiReadersNeeded {
  private readonly needed = new Set<ReaderName>();

  constructor(model: ApiModel) {
    for (const operation of model.operations) {
      for (const name of needs(operation)) this.needed.add(name);
    }
    const schemes = Object.values(serverSecuritySchemes(model.securitySchemes)).map(
      (scheme) => scheme as SecuritySchemeDescriptor,
    );
    if (schemes.some(needsAuthorizationHeader)) this.needed.add("authorizationHeader");
    if (schemes.some(needsCookieReader) || model.apiKey?.in === "cookie") {
      this.needed.add("cookies");
    }
  }

  /** `import { parameterStyles } from "./runtime/server/core/parameter-styles.js"`, ... */
  imports(): DataImport[] {
    return READERS.filter(({ name }) => this.needed.has(name)).map(({ name, from }) => ({
      names: [name],
      from,
    }));
  }

  /** The `readers` entry of the API descriptor, `undefined` when the spec needs none. */
  entry(): DataObject | undefined {
    const names = READERS.filter(({ name }) => this.needed.has(name));
    if (names.length === 0) return undefined;
    return new DataObject(names.map(({ name }) => [name, reference(name)]));
  }
}
