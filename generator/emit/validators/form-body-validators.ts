/**
 * The schemas of form and multipart request bodies' validators (`<op>$form`, `<op>$multipart` in
 * validators/bodies.js), which check the object the server runtime coerces from the fields
 * (generator/model/form-fields.ts says how file fields are accepted).
 */
import type { OperationModel, SchemaModel } from "../../model/types.js";

/** `[validator name suffix, schema]` for each form or multipart body of the operation that has a schema. */
export function formBodyValidatorSchemas(operation: OperationModel): [string, SchemaModel][] {
  return operation.forms.flatMap((form) =>
    form.validationSchema === undefined
      ? []
      : [[form.validatorPart, form.validationSchema] as [string, SchemaModel]],
  );
}
