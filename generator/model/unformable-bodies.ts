/**
 * Form bodies no request can carry: a form (`application/x-www-form-urlencoded`,
 * `multipart/form-data`) is a list of named fields, so its schema must be an object. The one
 * other schema with a form is a urlencoded string: the form's text itself, already encoded
 * (`a=1&b=2`, see `FormBodyModel.text`). Any other (an array, a number, a multipart string) has
 * none: `generate` warns naming the operation, and the generated server answers such a body 400
 * (its fields are not the schema's value), while the operation's other media types still work.
 */
import { formFieldShape } from "./form-fields.js";
import { modelRefs } from "./resolve-ref.js";
import type { ApiModel } from "./types.js";

export interface UnformableBody {
  readonly operationId: string;
  /** As written in the spec. */
  readonly mediaType: string;
  /** What `generate` prints. */
  readonly message: string;
}

export function unformableBodies(model: ApiModel): UnformableBody[] {
  const read = modelRefs(model);
  return model.operations.flatMap((operation) =>
    operation.forms.flatMap((form) => {
      if (form.text) return [];
      const media = operation.requestBody?.contents.find(
        (candidate) => candidate.mediaType === form.mediaType,
      );
      const types = formFieldShape(read, media?.schema).types;
      if (types === undefined || types.length === 0 || types.includes("object")) return [];
      return [
        {
          operationId: operation.operationId,
          mediaType: form.mediaType,
          message: `operation ${operation.operationId}: its ${form.mediaType} body is of type ${types.join(" or ")}, which no form carries (a form is named fields: only an object, or a urlencoded string as the form's text); the server refuses such bodies`,
        },
      ];
    }),
  );
}
