/**
 * The `Accept` header the client sends (templates/client/media-type.ts): what the operation's 2XX
 * responses declare, JSON first, the others at a lower weight, header-unsafe types left out.
 */
import { describe, expect, it } from "vitest";
import { acceptHeader } from "../../../templates/client/media-type.js";

describe("acceptHeader", () => {
  it("is absent when no 2XX declares content", () => {
    expect(acceptHeader(undefined)).toBeUndefined();
    expect(acceptHeader({ "204": [] })).toBeUndefined();
  });

  it("names a single declared type as it is", () => {
    expect(acceptHeader({ "200": ["application/json"] })).toBe("application/json");
    expect(acceptHeader({ "200": ["text/event-stream"] })).toBe("text/event-stream");
  });

  it("puts JSON (any +json type) first and weighs the others lower, each type once", () => {
    expect(
      acceptHeader({
        "200": ["application/xml", "application/json"],
        "201": ["application/xml", "application/problem+json", "text/csv"],
      }),
    ).toBe("application/json, application/problem+json, application/xml;q=0.9, text/csv;q=0.9");
  });

  it("lists several non-JSON types in the spec's order, unweighted", () => {
    expect(acceptHeader({ "200": ["application/xml", "text/plain"] })).toBe(
      "application/xml, text/plain",
    );
  });

  it("stays CORS-safelisted: no type with an unsafe byte, no value over 128 characters", () => {
    expect(
      acceptHeader({ "200": ["application/json", 'application/ld+json; profile="https://x"'] }),
    ).toBe("application/json");
    const many = Array.from({ length: 12 }, (_, i) => `application/vnd.example.v${i}`);
    expect(acceptHeader({ "200": ["application/json", ...many] })).toBe(
      "application/json, */*;q=0.9",
    );
    expect(acceptHeader({ "200": many })).toBe("*/*");
  });

  it("leaves out a type a header cannot carry", () => {
    expect(acceptHeader({ "200": ["application/json", "text/x\r\nevil: 1", "text/é"] })).toBe(
      "application/json",
    );
  });
});
