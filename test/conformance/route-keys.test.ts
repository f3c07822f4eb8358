/**
 * Conformance requests of operations whose path key has a fragment (`/#Action=X`,
 * `/{Bucket}#tagging`, `/#X-Amz-Target=X`): the keys go in the query or the declared header, as
 * the generated server routes them, never as a fragment.
 */
import { describe, expect, it } from "vitest";
import { prepareRequest } from "../../conformance/http-request.js";
import type { ParameterModel } from "../../generator/model/types.js";

const request = (path: string, query: Record<string, unknown> = {}) => ({
  operationId: "op",
  method: "get",
  path,
  parameters: { path: { Bucket: "b" }, query, header: {}, cookie: {} },
});
const base = { baseUrl: "http://127.0.0.1:1", headers: [] };

describe("conformance requests carry a fragment's route keys", () => {
  it("puts query keys in the query and header keys in their header, once, with their values", () => {
    expect(prepareRequest(request("/{Bucket}#tagging") as never, base).url).toBe(
      "http://127.0.0.1:1/b?tagging=",
    );
    expect(
      prepareRequest(request("/#Action=Describe", { Action: "Describe", N: 1 }) as never, base).url,
    ).toBe("http://127.0.0.1:1/?N=1&Action=Describe");
    // a value the fragment fixes replaces the one drawn
    expect(prepareRequest(request("/#Action=Describe", { Action: "x" }) as never, base).url).toBe(
      "http://127.0.0.1:1/?Action=Describe",
    );
    const target = { name: "X-Amz-Target", in: "header" } as unknown as ParameterModel;
    const withTarget = {
      ...request("/#X-Amz-Target=S.Get"),
      parameters: { path: {}, query: {}, header: { "X-Amz-Target": "other" }, cookie: {} },
    };
    const prepared = prepareRequest(withTarget as never, {
      ...base,
      parameters: [target],
    });
    expect(prepared.url).toBe("http://127.0.0.1:1/");
    expect(prepared.headers).toEqual([["x-amz-target", "S.Get"]]);
  });
});
