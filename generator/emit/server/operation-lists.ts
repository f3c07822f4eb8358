/**
 * The parameter lists and security requirements of the operations in server-api.ts: one that several operations
 * declare alike (the pet store's `petId` path parameter) is written once as `const parametersN` /
 * `securityN`, and the requirements most operations declare are the API's `security`, which an
 * operation that declares them leaves out (issue 41: the worker bundle carried a copy per
 * operation).
 */
import type { OperationModel } from "../../model/types.js";
import { securityRequirementsTable } from "../security-tables.js";
import { dataText, jsonData, type DataConstant, type DataValue } from "../ts/data-layout.js";
import { SharedConstants } from "../ts/shared-constants.js";
import { parameterDescriptors } from "./parameter-descriptors.js";

export class OperationLists {
  readonly constants: DataConstant[] = [];
  private readonly parameters = new SharedConstants(
    {
      prefix: "parameters",
      type: "readonly ParameterDescriptor[]",
      doc: "Parameter lists several operations declare alike, written once.",
    },
    this.constants,
  );
  private readonly parameter = new SharedConstants(
    {
      prefix: "parameter",
      type: "ParameterDescriptor",
      doc: "Parameters several operations declare alike (in lists that differ), written once.",
    },
    this.constants,
  );
  private readonly mediaTypes = new SharedConstants(
    {
      prefix: "mediaTypes",
      type: "readonly string[]",
      doc: "The media types several request bodies accept, written once.",
    },
    this.constants,
  );
  private readonly security = new SharedConstants(
    {
      prefix: "security",
      type: "readonly SecurityRequirementDescriptor[]",
      doc: "Security requirements several operations declare alike, written once.",
    },
    this.constants,
  );

  /** The requirements most operations declare (two at least), as the API's `security`. */
  readonly apiSecurity: DataValue | undefined;
  readonly #apiSecurityText: string | undefined;

  constructor(operations: readonly OperationModel[]) {
    const requirements = new Map<string, { value: DataValue; operations: number }>();
    for (const operation of operations) {
      const parameters = parametersOf(operation);
      if (parameters.length > 0) this.parameters.count(dataText(parameters));
      const mediaTypes = mediaTypesOf(operation);
      if (mediaTypes !== undefined) this.mediaTypes.count(dataText(mediaTypes));
      const security = securityOf(operation);
      if (security === undefined) continue;
      const text = dataText(security);
      const seen = requirements.get(text) ?? { value: security, operations: 0 };
      seen.operations += 1;
      requirements.set(text, seen);
    }
    let usual: [string, { value: DataValue; operations: number }] | undefined;
    for (const entry of requirements) {
      if (entry[1].operations >= 2 && entry[1].operations > (usual?.[1].operations ?? 0))
        usual = entry;
    }
    this.#apiSecurityText = usual?.[0];
    this.apiSecurity = usual?.[1].value;
    for (const [text, { operations: uses }] of requirements)
      if (text !== usual?.[0]) this.security.count(text, uses);
    // the parameters of the lists written in place (each list once)
    const counted = new Set<string>();
    for (const operation of operations) {
      const parameters = parametersOf(operation);
      const text = dataText(parameters);
      if (this.parameters.shared(text) || counted.has(text)) continue;
      counted.add(text);
      for (const parameter of parameters) this.parameter.count(dataText(parameter));
    }
  }

  typesUsed(): string[] {
    return [
      ...(this.parameters.used || this.parameter.used ? ["ParameterDescriptor"] : []),
      ...(this.security.used ? ["SecurityRequirementDescriptor"] : []),
    ];
  }

  writeParameters(operation: OperationModel): DataValue {
    const parameters = parametersOf(operation);
    return parameters.length === 0
      ? parameters
      : this.parameters.write(dataText(parameters), () =>
          parameters.map((parameter) => this.parameter.write(dataText(parameter), () => parameter)),
        );
  }

  /** The media types the operation's request body accepts, `undefined` without a body. */
  writeMediaTypes(operation: OperationModel): DataValue | undefined {
    const mediaTypes = mediaTypesOf(operation);
    return mediaTypes === undefined
      ? undefined
      : this.mediaTypes.write(dataText(mediaTypes), () => mediaTypes);
  }

  /**
   * The operation's `security`: left out when it is the API's, `[]` for none when the API has
   * requirements (else left out: none is what the runtime reads then), else its own.
   */
  writeSecurity(operation: OperationModel): DataValue | undefined {
    const security = securityOf(operation);
    if (security === undefined) return this.apiSecurity === undefined ? undefined : [];
    const text = dataText(security);
    return text === this.#apiSecurityText ? undefined : this.security.write(text, () => security);
  }
}

function parametersOf(operation: OperationModel): readonly DataValue[] {
  return jsonData(parameterDescriptors(operation)) as readonly DataValue[];
}

function mediaTypesOf(operation: OperationModel): DataValue | undefined {
  return operation.requestBody?.contents.map((media) => media.mediaType);
}

function securityOf(operation: OperationModel): DataValue | undefined {
  return operation.securityRequirements.length === 0
    ? undefined
    : jsonData(securityRequirementsTable(operation.securityRequirements));
}
