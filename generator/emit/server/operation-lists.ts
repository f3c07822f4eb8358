/**
 * The parameter lists and security requirements of the operations in server-api.ts: one that several operations
 * declare alike (the pet store's `petId` path parameter, its API key requirement) is written once
 * as `const parametersN` / `securityN` (issue 41: the worker bundle carried a copy per operation).
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
  private readonly security = new SharedConstants(
    {
      prefix: "security",
      type: "readonly SecurityRequirementDescriptor[]",
      doc: "Security requirements several operations declare alike, written once.",
    },
    this.constants,
  );

  constructor(operations: readonly OperationModel[]) {
    for (const operation of operations) {
      const parameters = parametersOf(operation);
      if (parameters.length > 0) this.parameters.count(dataText(parameters));
      const security = securityOf(operation);
      if (security !== undefined) this.security.count(dataText(security));
    }
  }

  typesUsed(): string[] {
    return [
      ...(this.parameters.used ? ["ParameterDescriptor"] : []),
      ...(this.security.used ? ["SecurityRequirementDescriptor"] : []),
    ];
  }

  writeParameters(operation: OperationModel): DataValue {
    const parameters = parametersOf(operation);
    return parameters.length === 0
      ? parameters
      : this.parameters.write(dataText(parameters), () => parameters);
  }

  writeSecurity(operation: OperationModel): DataValue | undefined {
    const security = securityOf(operation);
    return security === undefined
      ? undefined
      : this.security.write(dataText(security), () => security);
  }
}

function parametersOf(operation: OperationModel): readonly DataValue[] {
  return jsonData(parameterDescriptors(operation)) as readonly DataValue[];
}

function securityOf(operation: OperationModel): DataValue | undefined {
  return operation.securityRequirements.length === 0
    ? undefined
    : jsonData(securityRequirementsTable(operation.securityRequirements));
}
