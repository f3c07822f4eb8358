/**
 * The `responses` of each operation in the API descriptor (server-api.ts). Most APIs declare the
 * same error responses on every operation (the pet store's 400, 401, 429, 500 … all carry the
 * `Error` schema and the rate-limit headers), so a response descriptor that several operations
 * declare alike is written once, as `const responseN: ResponseDescriptor`, and referred to by
 * name: the worker bundle stops carrying a copy per operation (issue 41). Header tables are
 * shared the same way (header-tables.ts). And the error responses (4xx, 5xx, `default`) that
 * several operations declare alike, all of them shared descriptors, are one table
 * `const errorResponsesN`, spread into each operation's `responses` where it keeps the order in
 * which the runtime would see them.
 *
 * Two responses are alike when their body schemas (prose left out: a description changes no
 * validation), error shapes, media types and headers are. Their validators are then compiled from
 * the same schema, so the shared constant names the validator of the first operation declaring it.
 */
import type { ErrorShape } from "../../../templates/server/core/descriptor.js";
import { withoutProse } from "../../cache/without-prose.js";
import type { OperationModel, ResponseModel } from "../../model/types.js";
import {
  DataObject,
  DataReference,
  DataSpread,
  dataText,
  reference,
  type DataConstant,
  type DataKey,
  type DataValue,
} from "../ts/data-layout.js";
import { SharedConstants } from "../ts/shared-constants.js";
import { validatedResponseMedia, validatorName } from "../validators/validator-names.js";
import { xmlBodyEntry, type XmlShapeConstants } from "./xml-descriptors.js";
import type { ErrorShapes } from "./error-shapes.js";
import { headerSchemaType } from "./handler-types.js";
import { HeaderTables, type HeaderEntry } from "./header-tables.js";

/** One response descriptor before sharing: its literal and what makes it alike another. */
interface ResponseEntry {
  readonly key: string;
  readonly headers: readonly HeaderEntry[] | undefined;
  readonly build: (headers: DataValue | undefined) => DataObject;
}

/** An error status (4xx, 5xx, `4XX`, `default`): the responses operations declare alike. */
const isErrorStatus = (status: string): boolean => /^[45]|^default$/.test(status);

/** The order in which JavaScript lists an object's keys: integer keys ascending, then the rest. */
function keyOrder(keys: readonly string[]): string[] {
  const integer = (key: string): boolean => /^(0|[1-9][0-9]*)$/.test(key);
  return [
    ...keys.filter(integer).sort((a, b) => Number(a) - Number(b)),
    ...keys.filter((key) => !integer(key)),
  ];
}

export class ResponseDescriptors {
  private readonly entries = new Map<OperationModel, (readonly [string, ResponseEntry])[]>();
  /** The shared response descriptors, header tables and error tables, in first-use order. */
  readonly constants: DataConstant[] = [];
  private readonly responses = new SharedConstants(
    {
      prefix: "response",
      type: "ResponseDescriptor",
      doc: "Responses several operations declare alike (body schema, error shape, media types, headers), written once; the validator named is compiled from that same schema.",
    },
    this.constants,
  );
  private readonly headers = new HeaderTables(this.constants);
  private readonly errors = new SharedConstants(
    {
      prefix: "errorResponses",
      type: "Readonly<Record<string, ResponseDescriptor>>",
      doc: "Error responses several operations declare alike, written once and spread into their responses.",
    },
    this.constants,
  );

  constructor(
    operations: readonly OperationModel[],
    errorShapes: ErrorShapes,
    shapeReference: (shape: ErrorShape) => DataValue,
    xmlShapes: XmlShapeConstants,
  ) {
    const distinct = new Map<string, ResponseEntry>();
    for (const operation of operations) {
      const entries = operation.responses.map(
        (response) =>
          [
            response.status,
            responseEntry(operation, response, errorShapes, shapeReference, xmlShapes),
          ] as const,
      );
      this.entries.set(operation, entries);
      for (const [, entry] of entries) {
        this.responses.count(entry.key);
        if (!distinct.has(entry.key)) distinct.set(entry.key, entry);
      }
    }
    // A header table counts once per distinct response literal that holds it.
    for (const entry of distinct.values()) if (entry.headers) this.headers.count(entry.headers);
    this.headers.shareTails();
    for (const operation of operations) {
      const key = this.errorKey(operation);
      if (key !== undefined) this.errors.count(key);
    }
  }

  /** The descriptor types the shared constants name (for server-api.ts's type import). */
  typesUsed(): string[] {
    return [
      ...(this.responses.used || this.errors.used ? ["ResponseDescriptor"] : []),
      ...(this.headers.used ? ["ResponseHeaderDescriptor"] : []),
    ];
  }

  /** `{ "200": …, "400": responseN, … }`, or `{ "200": …, ...errorResponsesN }`, for `operation`. */
  write(operation: OperationModel): DataObject {
    const entries = this.entries.get(operation) ?? [];
    const key = this.errorKey(operation);
    const spread = key !== undefined && this.errors.shared(key);
    const written: (readonly [DataKey, DataValue] | DataSpread)[] = [];
    for (const [status, entry] of entries) {
      if (!spread || !this.inErrorTable(status, entry)) {
        written.push([status, this.writeEntry(entry)]);
      } else if (!written.some((item) => item instanceof DataSpread)) {
        const table = this.errors.write(key, () => this.errorTable(operation));
        written.push(new DataSpread(table as DataReference));
      }
    }
    return new DataObject(written);
  }

  private writeEntry(entry: ResponseEntry): DataValue {
    return this.responses.write(entry.key, () =>
      entry.build(entry.headers === undefined ? undefined : this.headers.write(entry.headers)),
    );
  }

  /** Whether a response belongs in the operation's shared error table: an error, written once. */
  private inErrorTable(status: string, entry: ResponseEntry): boolean {
    return isErrorStatus(status) && this.responses.shared(entry.key);
  }

  /**
   * What identifies an operation's error table (its statuses and their shared responses), or
   * `undefined` when it has fewer than two such responses or when spreading them would change
   * the order in which the runtime sees the statuses.
   */
  private errorKey(operation: OperationModel): string | undefined {
    const entries = this.entries.get(operation) ?? [];
    const inTable = entries.filter(([status, entry]) => this.inErrorTable(status, entry));
    if (inTable.length < 2) return undefined;
    const first = entries.findIndex(([status, entry]) => this.inErrorTable(status, entry));
    const rest = entries.filter(([status, entry]) => !this.inErrorTable(status, entry));
    const spread = [
      ...rest.slice(0, first).map(([status]) => status),
      ...inTable.map(([status]) => status),
      ...rest.slice(first).map(([status]) => status),
    ];
    const order = keyOrder(entries.map(([status]) => status)).join("\n");
    if (keyOrder(spread).join("\n") !== order) return undefined;
    return JSON.stringify(inTable.map(([status, entry]) => [status, entry.key]));
  }

  private errorTable(operation: OperationModel): DataObject {
    const entries = this.entries.get(operation) ?? [];
    return new DataObject(
      entries
        .filter(([status, entry]) => this.inErrorTable(status, entry))
        .map(([status, entry]) => [status, this.writeEntry(entry)] as const),
    );
  }
}

function responseEntry(
  operation: OperationModel,
  response: ResponseModel,
  errorShapes: ErrorShapes,
  shapeReference: (shape: ErrorShape) => DataValue,
  xmlShapes: XmlShapeConstants,
): ResponseEntry {
  // the validator of the JSON body, else of the XML one (read into the same kind of value)
  const json = validatedResponseMedia(response.contents);
  const mediaType = response.contents[0]?.mediaType;
  const headers =
    response.headers.length === 0
      ? undefined
      : response.headers.map((header): HeaderEntry => {
          const type = headerSchemaType(header);
          const value = new DataObject([
            ...(header.required ? [["required", true] as const] : []),
            ...(type ? [["type", type] as const] : []),
          ]);
          return { name: header.name, value, text: dataText(value) };
        });
  const errorShape = errorShapes.ofResponse(response);
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
  return {
    key: JSON.stringify([
      json === undefined ? null : withoutProse(json.schema, false),
      dataText(new DataObject(rest)),
      headers?.map(({ name, text }) => [name, text]) ?? null,
    ]),
    headers,
    build: (written) =>
      new DataObject([
        ...validate,
        ...rest,
        ...(written === undefined ? [] : ([["headers", written]] as [string, DataValue][])),
      ]),
  };
}
