/**
 * The `responses` of each operation in the API descriptor (server-api.ts). Most APIs declare the
 * same error responses on every operation (the pet store's 400, 401, 429, 500 … all carry the
 * `Error` schema and the rate-limit headers), so a response descriptor that several operations
 * declare alike is written once, as `const responseN: ResponseDescriptor`, and referred to by
 * name: the worker bundle stops carrying a copy per operation (issue 41). Likewise a header table
 * that several different responses declare (the rate-limit headers) is written once as
 * `const headersN`.
 *
 * Two responses are alike when their body schemas (prose left out: a description changes no
 * validation), error shapes, media types and headers are. Their validators are then compiled from
 * the same schema, so the shared constant names the validator of the first operation declaring it.
 */
import type { SchemaRefs } from "../../schema/schema-refs.js";
import type { ErrorShape } from "../../../templates/server/core/descriptor.js";
import { withoutProse } from "../../cache/without-prose.js";
import type { OperationModel, ResponseModel } from "../../model/types.js";
import {
  DataObject,
  dataText,
  jsonData,
  reference,
  type DataConstant,
  type DataValue,
} from "../ts/data-layout.js";
import { validatedResponseMedia, validatorName } from "../validators/validator-names.js";
import { xmlBodyEntry, type XmlShapeConstants } from "./xml-descriptors.js";
import { errorShapeOfResponse } from "./error-shapes.js";
import { headerSchemaType } from "./handler-types.js";

/** One response descriptor before sharing: its literal and what makes it alike another. */
interface ResponseEntry {
  readonly key: string;
  readonly headersKey: string | undefined;
  readonly build: (headers: DataValue | undefined) => DataObject;
  readonly headers: DataValue | undefined;
}

export class ResponseDescriptors {
  private readonly entries = new Map<OperationModel, (readonly [string, ResponseEntry])[]>();
  private readonly counts = new Map<string, number>();
  private readonly headerCounts = new Map<string, number>();
  private readonly names = new Map<string, string>();
  private readonly headerNames = new Map<string, string>();
  /** The shared response descriptors and header tables, in first-use order. */
  readonly constants: DataConstant[] = [];

  constructor(
    operations: readonly OperationModel[],
    refs: SchemaRefs,
    shapeReference: (shape: ErrorShape) => DataValue,
    xmlShapes: XmlShapeConstants,
  ) {
    for (const operation of operations) {
      const entries = operation.responses.map(
        (response) =>
          [
            response.status,
            responseEntry(operation, response, refs, shapeReference, xmlShapes),
          ] as const,
      );
      this.entries.set(operation, entries);
      for (const [, entry] of entries) increment(this.counts, entry.key);
    }
    // A header table counts once per distinct response literal that holds it.
    const counted = new Set<string>();
    for (const entries of this.entries.values())
      for (const [, entry] of entries) {
        if (entry.headersKey === undefined || counted.has(entry.key)) continue;
        counted.add(entry.key);
        increment(this.headerCounts, entry.headersKey);
      }
  }

  /** The descriptor types the shared constants name (for server-api.ts's type import). */
  typesUsed(): string[] {
    return [
      ...(this.names.size > 0 ? ["ResponseDescriptor"] : []),
      ...(this.headerNames.size > 0 ? ["ResponseHeaderDescriptor"] : []),
    ];
  }

  /** `{ "200": …, "400": responseN, … }` for `operation`. */
  write(operation: OperationModel): DataObject {
    const entries = this.entries.get(operation) ?? [];
    return new DataObject(entries.map(([status, entry]) => [status, this.writeEntry(entry)]));
  }

  private writeEntry(entry: ResponseEntry): DataValue {
    if ((this.counts.get(entry.key) ?? 0) < 2) return entry.build(this.writeHeaders(entry));
    const known = this.names.get(entry.key);
    if (known !== undefined) return reference(known);
    const name = `response${this.names.size + 1}`;
    this.names.set(entry.key, name);
    this.constants.push({
      ...(this.names.size === 1 ? { doc: SHARED_DOC } : {}),
      name,
      type: "ResponseDescriptor",
      value: entry.build(this.writeHeaders(entry)),
    });
    return reference(name);
  }

  private writeHeaders(entry: ResponseEntry): DataValue | undefined {
    const key = entry.headersKey;
    if (key === undefined || entry.headers === undefined) return undefined;
    if ((this.headerCounts.get(key) ?? 0) < 2) return entry.headers;
    const known = this.headerNames.get(key);
    if (known !== undefined) return reference(known);
    const name = `headers${this.headerNames.size + 1}`;
    this.headerNames.set(key, name);
    this.constants.push({
      ...(this.headerNames.size === 1 ? { doc: HEADERS_DOC } : {}),
      name,
      type: "Readonly<Record<string, ResponseHeaderDescriptor>>",
      value: entry.headers,
    });
    return reference(name);
  }
}

const SHARED_DOC =
  "Responses several operations declare alike (body schema, error shape, media types, headers), written once; the validator named is compiled from that same schema.";
const HEADERS_DOC = "Response header tables several responses declare, written once.";

function increment(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function responseEntry(
  operation: OperationModel,
  response: ResponseModel,
  refs: SchemaRefs,
  shapeReference: (shape: ErrorShape) => DataValue,
  xmlShapes: XmlShapeConstants,
): ResponseEntry {
  // the validator of the JSON body, else of the XML one (read into the same kind of value)
  const json = validatedResponseMedia(response.contents);
  const mediaType = response.contents[0]?.mediaType;
  const headers =
    response.headers.length === 0
      ? undefined
      : jsonData(
          Object.fromEntries(
            response.headers.map((header) => {
              const type = headerSchemaType(header);
              return [
                header.name,
                { ...(header.required ? { required: true } : {}), ...(type ? { type } : {}) },
              ];
            }),
          ),
        );
  const errorShape = errorShapeOfResponse(refs, response);
  const rest: [string, DataValue][] = [
    ...(errorShape
      ? [["errorShape", shapeReference(errorShape.shape)] as [string, DataValue]]
      : []),
    ...(mediaType ? [["mediaType", mediaType] as [string, DataValue]] : []),
    ...(response.contents.length > 1
      ? [["mediaTypes", response.contents.map((media) => media.mediaType)] as [string, DataValue]]
      : []),
    ...xmlBodyEntry(response.contents, xmlShapes),
  ];
  const validate = json
    ? ([["validate", reference(`bodyValidators.${validatorName(operation, response.status)}`)]] as [
        string,
        DataValue,
      ][])
    : [];
  const headersKey = headers === undefined ? undefined : dataText(headers);
  return {
    key: JSON.stringify([
      json === undefined ? null : withoutProse(json.schema, false),
      dataText(new DataObject(rest)),
      headersKey ?? null,
    ]),
    headersKey,
    headers,
    build: (written) =>
      new DataObject([
        ...validate,
        ...rest,
        ...(written === undefined ? [] : ([["headers", written]] as [string, DataValue][])),
      ]),
  };
}
