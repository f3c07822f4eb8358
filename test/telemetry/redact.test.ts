/** What telemetry redacts: credential and `format: password` names, in URLs, queries and headers. */
import { describe, expect, it } from "vitest";
import {
  headerAttributes,
  redactQuery,
  redactUrl,
  sensitiveNames,
} from "../../templates/telemetry/redact.js";

const names = sensitiveNames([
  { in: "query", name: "api_key" },
  { in: "header", name: "X-API-Key" },
  { in: "cookie", name: "session" },
  { in: "query", name: "pin" },
]);

describe("redaction", () => {
  it.each([
    ["a=1&api_key=secret&b=2", "a=1&api_key=REDACTED&b=2"],
    ["api%5Fkey=secret", "api%5Fkey=REDACTED"], // the name as decoded
    ["pin=1234&pin=5678", "pin=REDACTED&pin=REDACTED"],
    ["api_key", "api_key=REDACTED"],
    ["%E0%A4%A=1&pin=9", "%E0%A4%A=1&pin=REDACTED"], // a malformed escape is compared as written
    ["limit=5", "limit=5"],
  ])("query %s → %s", (query, expected) => {
    expect(redactQuery(query, names)).toBe(expected);
  });

  it.each([
    [
      "https://user:pw@api.test/pets?api_key=k#top",
      "https://REDACTED:REDACTED@api.test/pets?api_key=REDACTED#top",
    ],
    ["http://api.test/pets?next=a@b&api_key=k", "http://api.test/pets?next=a@b&api_key=REDACTED"],
    ["/pets?pin=1", "/pets?pin=REDACTED"],
  ])("URL %s → %s", (url, expected) => {
    expect(redactUrl(url, names)).toBe(expected);
  });

  it("records captured headers, credentials (any API-key header, Cookie, Authorization) as REDACTED", () => {
    const values: Record<string, string> = {
      "x-api-key": "k",
      cookie: "session=s",
      authorization: "Bearer t",
      "user-agent": "ua",
    };
    expect(
      headerAttributes(
        "http.request.header.",
        ["x-api-key", "cookie", "authorization", "user-agent", "x-missing"],
        (name) => values[name],
        names,
      ),
    ).toEqual({
      "http.request.header.x-api-key": ["REDACTED"],
      "http.request.header.cookie": ["REDACTED"],
      "http.request.header.authorization": ["REDACTED"],
      "http.request.header.user-agent": ["ua"],
    });
  });
});
