import { describe, expect, it } from "vitest";
import { fieldName, validationMessage } from "../../../templates/server/core/validation-message.js";
import { errorBody } from "../../../templates/server/core/errors.js";
import { PLAIN_TEXT } from "../../../templates/server/core/plain-text.js";

describe("validationMessage", () => {
  it("names nested fields, array items and escaped pointer segments", () => {
    expect(fieldName("body", "")).toBe("body");
    expect(fieldName("body", "/owner/name")).toBe("body.owner.name");
    expect(fieldName("body", "/tags/0")).toBe("body.tags[0]");
    expect(fieldName("body", "/a~1b/c~0d")).toBe("body.a/b.c~d");
    expect(fieldName("", "/query/limit")).toBe("query.limit");
  });

  it("describes the rule with Ajv's message, or its own when messages were compiled out", () => {
    const issue = (keyword: string, params: Record<string, unknown>, message?: string) => ({
      instancePath: "/status",
      keyword,
      params,
      ...(message === undefined ? {} : { message }),
    });
    expect(validationMessage("body", [issue("enum", { allowedValues: ["a", "b"] })])).toBe(
      'body.status must be one of "a", "b" (enum)',
    );
    expect(validationMessage("body", [issue("type", { type: ["string", "null"] })])).toBe(
      "body.status must be string or null (type)",
    );
    expect(validationMessage("body", [issue("maximum", { limit: 3 }, "must be <= 3")])).toBe(
      "body.status must be <= 3 (maximum)",
    );
    expect(validationMessage("body", [issue("pattern", {})])).toBe(
      "body.status is invalid (pattern)",
    );
    // the plain-text guard of a coerced type (plain-text.ts) reads as the type it stands for
    expect(
      validationMessage("body", [
        issue("pattern", { pattern: PLAIN_TEXT.integer }, "must match pattern"),
      ]),
    ).toBe("body.status must be integer (type)");
    const numberOrNull = `${PLAIN_TEXT.number}|${PLAIN_TEXT.null}`;
    expect(
      validationMessage("body", [
        issue("pattern", { pattern: numberOrNull }, "must match pattern"),
      ]),
    ).toBe("body.status must be number or null (type)");
    expect(
      validationMessage("body", [
        issue("pattern", { pattern: `${PLAIN_TEXT.integer}|^x$` }, "must match pattern x"),
      ]),
    ).toBe("body.status must match pattern x (pattern)");
    expect(
      validationMessage("", [
        { instancePath: "", keyword: "required", params: { missingProperty: "query" } },
      ]),
    ).toBe("request must have required property 'query' (required)");
    expect(validationMessage("body", null)).toBe("body is invalid");
  });
});

describe("errorBody", () => {
  it("is the spec's Error object", () => {
    expect(errorBody(404, "not_found", "No such pet")).toEqual({
      code: "not_found",
      message: "No such pet",
      status: 404,
    });
  });
});
