/**
 * The README blocks on the client's result types: narrowing by status, typed response headers,
 * opt-in response validation, `throwOnError` and `unwrap`. Examples use an operation of the spec
 * (names are identifiers from the model, statuses digits, header names through `literal`).
 */
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext } from "../file.js";
import { literal } from "../ts/literal.js";
import { jsonMedia } from "../validators/validator-names.js";
import { isExperimental } from "./emit-entries.js";

export interface ClientTypesInput {
  readonly model: ApiModel;
  readonly context: EmitContext;
  readonly packageName: string;
  /** The client's base URL as the README's first example has it. */
  readonly baseUrl: string;
}

function fence(body: string): string {
  return `\`\`\`ts\n${body}\n\`\`\``;
}

function callableWithoutArguments(operation: OperationModel): boolean {
  const required = Object.values(operation.parameters).some((parameters) =>
    parameters.some((parameter) => parameter.required),
  );
  return !required && !operation.requestBody?.required && !isExperimental(operation);
}

const isExact2XX = (status: string): boolean => /^2\d\d$/.test(status);
const isExactError = (status: string): boolean => /^[3-5]\d\d$/.test(status);

export function clientTypesBlocks({
  model,
  context,
  packageName,
  baseUrl,
}: ClientTypesInput): string[] {
  const candidates = model.operations.filter(callableWithoutArguments);
  const narrowing =
    candidates.find(
      (operation) =>
        operation.responses.some((response) => isExact2XX(response.status)) &&
        operation.responses.some(
          (response) => isExactError(response.status) && jsonMedia(response.contents),
        ),
    ) ?? candidates[0];
  const withHeaders = candidates
    .flatMap((operation) =>
      operation.responses
        .filter((response) => isExact2XX(response.status))
        .map((response) => ({ operation, response })),
    )
    .find(({ response }) =>
      response.headers.some((header) => header.name.toLowerCase() !== "content-type"),
    );
  const create = `create${context.apiName}Client`;
  const blocks: string[] = [
    "### Results narrowed by status",
    "Each result is a union discriminated by `status` (a literal type per status the spec declares) and by `ok`: checking one narrows `data`, `error` and `headers` to that response.",
  ];
  if (narrowing) {
    const success = narrowing.responses.find((response) => isExact2XX(response.status))?.status;
    const failure = narrowing.responses.find(
      (response) => isExactError(response.status) && jsonMedia(response.contents),
    )?.status;
    const lines = [
      `import { ${create}, UnexpectedResponseBody } from ${literal(packageName)};`,
      "",
      `const api = ${create}({ baseUrl: ${literal(baseUrl)} });`,
      `const result = await api.${narrowing.name}();`,
    ];
    if (success)
      lines.push(
        `if (result.status === ${success}) {`,
        `  console.log(result.data); // the ${success} body`,
      );
    if (failure) {
      lines.push(
        `${success ? "} else if" : "if"} (result.status === ${failure}) {`,
        `  // the ${failure} body, or an UnexpectedResponseBody when the body is not JSON (a proxy's HTML page)`,
        "  const error = result.error;",
        "  console.error(error instanceof UnexpectedResponseBody ? error.message : error);",
      );
    }
    lines.push(
      `${success || failure ? "} else if" : "if"} (!result.ok) {`,
      "  console.error(result.status, result.error); // any other failure",
      "}",
    );
    blocks.push(fence(lines.join("\n")));
  }
  blocks.push(
    [
      "- A 2XX result whose body is what the spec declares has `ok: true`, `data` and `error: undefined`; any other (also a 2XX with an undeclared Content-Type or unparsable JSON) has `ok: false`, `data: undefined` and a defined `error`: the parsed JSON body, or an `UnexpectedResponseBody` (`status`, `contentType`, `text`, `message`) when the body is empty, not JSON or unparsable. The type says so: a declared error status gives `Schema | UnexpectedResponseBody`.",
      "- A range (`4XX`) stands for its statuses minus those declared exactly; `default` for every non-2XX status declared nowhere else, so `status === 404` narrows to the 404 response when one is declared and to `default` otherwise.",
      "- A status the spec does not declare (a proxy's 502) is a variant of its own: `error` is any JSON value or an `UnexpectedResponseBody` (typed `{} | null`), unless `default` covers it. An undeclared 2XX is typed with the declared success bodies.",
    ].join("\n"),
    "### Response headers",
    "The headers a response declares are on `result.headers`, by the spec's names, parsed per their schema type (`integer`/`number` in plain decimal notation, `boolean` as `true`/`false`, arrays comma-separated; anything else as the string) when first read. Each is `T | undefined`: missing, or not parsable as its type. They are narrowed by status like the body.",
  );
  if (withHeaders) {
    const header = withHeaders.response.headers.find(
      (candidate) => candidate.name.toLowerCase() !== "content-type",
    )!;
    blocks.push(
      fence(
        [
          `import { ${create} } from ${literal(packageName)};`,
          "",
          `const api = ${create}({ baseUrl: ${literal(baseUrl)} });`,
          `const page = await api.${withHeaders.operation.name}();`,
          `if (page.status === ${withHeaders.response.status}) {`,
          `  console.log(page.headers[${literal(header.name)}]); // typed from the header's schema`,
          "}",
        ].join("\n"),
      ),
    );
  }
  blocks.push(
    "### Response validation (opt-in)",
    `${"`"}${packageName}/validate${"`"} checks every response against the spec with the precompiled validators: its status (declared, or covered by a range or \`default\`), its content type, its body (JSON schema) and its declared headers. Pass it as \`validateResponse\`; a mismatch rejects the call with a \`ResponseValidationError\` naming the operation, the status and the JSON pointer. It is a separate entry point (Node.js), so a client that does not validate carries none of it.`,
    fence(
      [
        `import { ${create} } from ${literal(packageName)};`,
        `import { ResponseValidationError, validate${context.apiName}Response } from ${literal(`${packageName}/validate`)};`,
        "",
        `const checked = ${create}({ baseUrl: ${literal(baseUrl)}, validateResponse: validate${context.apiName}Response });`,
        ...(narrowing
          ? [
              "try {",
              `  await checked.${narrowing.name}();`,
              "} catch (error) {",
              "  if (error instanceof ResponseValidationError) console.error(error.operationId, error.status, error.pointer, error.message);",
              "}",
            ]
          : []),
      ].join("\n"),
    ),
    "### `throwOnError` and `unwrap`",
    "With `throwOnError: true` (on the client, or on one call) a failure rejects with an `ApiError` (`operationId`, `status`, `error`, `response`, `rateLimit`) of its status's class (`BadRequestError`, `AuthenticationError`, `PermissionDeniedError`, `NotFoundError`, `ConflictError`, `UnprocessableEntityError`, `RateLimitError`, `InternalServerError`), and the promise's type keeps only the successes, declared headers included. `unwrap(result)` returns the data, typed, and throws that `ApiError` otherwise; `unwrapResult(result)` returns the whole success (`data`, `headers`, `status`, `response`). `isApiError(error, api.someMethod)` types `error.error` from that operation's error bodies; `isErrorBody(result.error)` narrows a result's `error` to the spec's body. The spec's schemas are exported by name (`components[\"schemas\"][\"Pet\"]` as `Pet`; a schema that would shadow a global, such as `Error`, as `ErrorSchema`). The runtime's internals are under the `./runtime` entry.",
    fence(
      [
        `import { ${create}, unwrap, unwrapResult } from ${literal(packageName)};`,
        "",
        `const strict = ${create}({ baseUrl: ${literal(baseUrl)}, throwOnError: true });`,
        ...(narrowing
          ? [
              `const { data } = await strict.${narrowing.name}(); // only 2XX results get here`,
              `const same = unwrap(await ${create}({ baseUrl: ${literal(baseUrl)} }).${narrowing.name}()); // the 2XX data, or throws ApiError`,
              `const { data: again, headers } = unwrapResult(await ${create}({ baseUrl: ${literal(baseUrl)} }).${narrowing.name}()); // with the declared headers`,
              "void [same, again, headers];",
            ]
          : []),
      ].join("\n"),
    ),
  );
  return blocks;
}
