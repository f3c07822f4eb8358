/**
 * Helpers of the mocks tests: a request for every mocked operation and status, and the check of a
 * mocked response with the precompiled validators of the `./validate` entry.
 */
import { MOCK_OPERATIONS } from "../../generated/entry/mocks.js";
import { validatePetStoreResponse } from "../../generated/entry/validate.js";
import { OPERATIONS } from "../../generated/client.js";
import { isJsonMediaType } from "../../generated/runtime/client/url.js";

export type MockName = keyof typeof MOCK_OPERATIONS;

export const MOCK_NAMES = Object.keys(MOCK_OPERATIONS) as MockName[];

/** The URL of a request of `name` under `baseUrl`: every path parameter `1`. */
export function requestUrl(baseUrl: string, name: MockName): string {
  return `${baseUrl}${MOCK_OPERATIONS[name].path.replace(/\{[^}]*\}/g, "1")}`;
}

/** Every `[operation, status]` the table mocks. */
export function mockedStatuses(): [MockName, number][] {
  return MOCK_NAMES.flatMap((name) =>
    Object.keys(MOCK_OPERATIONS[name].responses).map(
      (status) => [name, Number(status)] as [MockName, number],
    ),
  );
}

/** What a mocked response was: status, headers, body text. */
export interface Exchanged {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly text: string;
}

/** The validation problems of a mocked response of operation `name` (empty when it matches the spec). */
export function validationProblems(name: MockName, exchanged: Exchanged): string[] {
  const response = new Response(
    exchanged.status === 204 || exchanged.text === "" ? null : exchanged.text,
    {
      status: exchanged.status,
      headers: exchanged.headers,
    },
  );
  const contentType = response.headers.get("content-type");
  const body =
    exchanged.text === ""
      ? undefined
      : contentType !== null && isJsonMediaType(contentType)
        ? (JSON.parse(exchanged.text) as unknown)
        : exchanged.text;
  try {
    validatePetStoreResponse({
      operationId: OPERATIONS[name].operationId,
      status: exchanged.status,
      body,
      response,
    });
    return [];
  } catch (error) {
    return [`${name} ${exchanged.status}: ${(error as Error).message}`];
  }
}

export async function exchange(response: Response): Promise<Exchanged> {
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    text: await response.text(),
  };
}
