/** `unwrap`: the 2XX data, or an `ApiError` carrying the failure (and the operation when known). */
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  ApiError,
  RuntimeResult,
  UnexpectedResponseBody,
  unwrap,
  type ClientOperationDescriptor,
} from "../../../templates/client/index.js";

const op: ClientOperationDescriptor = {
  operationId: "getThing",
  method: "get",
  path: "/things/{id}",
  secured: false,
};

describe("unwrap", () => {
  it("returns the data of a 2XX result", () => {
    const response = new Response(null, { status: 200 });
    type Result =
      | {
          ok: true;
          status: 200;
          data: { id: number };
          error?: undefined;
          response: Response;
          rateLimit: undefined;
        }
      | {
          ok: false;
          status: 404;
          data?: undefined;
          error: { message: string };
          response: Response;
          rateLimit: undefined;
        };
    const result: Result = {
      ok: true,
      status: 200,
      data: { id: 7 },
      response,
      rateLimit: undefined,
    };
    const data = unwrap(result);
    expectTypeOf(data).toEqualTypeOf<{ id: number }>();
    expect(data).toEqual({ id: 7 });
  });

  it("throws an ApiError with the status, the error body, the response and the operation", () => {
    const response = new Response(null, { status: 404, statusText: "Not Found" });
    const result = new RuntimeResult(
      undefined,
      { code: "not_found", message: "no thing 3" },
      response,
      undefined,
      op,
    );
    let thrown: unknown;
    try {
      unwrap(result);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      name: "NotFoundError", // an ApiError of its status's class
      operationId: "getThing",
      status: 404,
      error: { code: "not_found", message: "no thing 3" },
      response,
      rateLimit: undefined,
      message: "getThing failed with 404 Not Found: no thing 3",
    });
  });

  it("says what it can when the body was not JSON and the operation is unknown", () => {
    const error = new UnexpectedResponseBody(
      502,
      "Bad Gateway",
      "text/html",
      "<h1>Bad Gateway</h1>",
    );
    expect(error.message).toBe("502 Bad Gateway: <h1>Bad Gateway</h1>");
    const response = new Response(null, { status: 502 });
    expect(() => unwrap({ ok: false, status: 502, error, response, rateLimit: undefined })).toThrow(
      "the operation failed with 502: 502 Bad Gateway: <h1>Bad Gateway</h1>",
    );
    expect(new UnexpectedResponseBody(500, "", null, "x".repeat(300)).message).toBe(
      `500: ${"x".repeat(200)}…`,
    );
  });
});
