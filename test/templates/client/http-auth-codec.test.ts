/**
 * The `httpAuth` codec (http-auth.ts): what the schemes sent in `Authorization` send (bearer,
 * basic, other http schemes, OAuth 2, OpenID Connect). A runtime created without it serves
 * API-key operations and refuses, before sending, one whose requirement uses such a scheme; with
 * it, a bearer token is shared by the bearer schemes of one requirement and checked for its type.
 */
import { describe, expect, it } from "vitest";
import {
  basicAuthorization,
  createClientRuntimeWith,
  httpAuth,
  type ClientCodecs,
  type ClientOperationDescriptor,
  type ClientOptions,
  type ClientSecurity,
} from "../../../templates/client/index.js";
import { json, scriptedFetch } from "./fake-fetch.js";

const SECURITY: ClientSecurity = {
  schemes: {
    key: { type: "apiKey", in: "header", name: "X-Key" },
    bearer: { type: "http", scheme: "bearer" },
    oauth: { type: "oauth2" },
    basic: { type: "http", scheme: "basic" },
    digest: { type: "http", scheme: "digest" },
  },
};

const op = (security: string[][]): ClientOperationDescriptor => ({
  operationId: "op",
  method: "get",
  path: "/things",
  security,
});

function runtime(codecs: ClientCodecs, auth: ClientOptions["auth"]) {
  const scripted = scriptedFetch(json(200, {}), json(200, {}));
  const created = createClientRuntimeWith(
    { baseUrl: "https://api.test", fetch: scripted.fetch, retry: false, auth },
    undefined,
    codecs,
    SECURITY,
  );
  return { runtime: created, ...scripted };
}

describe("the httpAuth codec", () => {
  it("is not needed by an API-key operation", async () => {
    const { runtime: api, headersOf } = runtime({}, { key: "k1" });
    expect((await api.call(op([["key"]]))).status).toBe(200);
    expect(headersOf(0).get("x-key")).toBe("k1");
    expect(headersOf(0).get("authorization")).toBeNull();
  });

  it("without it, a bearer operation rejects before sending, naming the codec", async () => {
    const { runtime: api, calls } = runtime({}, { bearer: "t" });
    await expect(api.call(op([["bearer"]]))).rejects.toThrow(
      /Operation "op" needs the http credentials serializer/,
    );
    // a credential given as a function: checked when the call resolves it
    const dynamic = runtime({}, { bearer: () => "t" }).runtime;
    await expect(dynamic.call(op([["bearer"]]))).rejects.toThrow(/http credentials serializer/);
    expect(calls).toHaveLength(0);
  });

  it("with it, sends each scheme's Authorization, one token for a requirement's bearer schemes", async () => {
    const { runtime: api, headersOf } = runtime(
      { httpAuth, basicAuth: basicAuthorization },
      { oauth: "tok", digest: "abc", basic: { username: "u", password: "p" }, key: "k" },
    );
    await api.call(op([["bearer", "oauth", "key"]]));
    expect(headersOf(0).get("authorization")).toBe("Bearer tok");
    expect(headersOf(0).get("x-key")).toBe("k");
    await api.call(op([["digest"]]));
    expect(headersOf(1).get("authorization")).toBe("digest abc");
    const basic = runtime(
      { httpAuth, basicAuth: basicAuthorization },
      {
        basic: { username: "u", password: "p" },
      },
    );
    await basic.runtime.call(op([["basic"]]));
    expect(basic.headersOf(0).get("authorization")).toBe(`Basic ${btoa("u:p")}`);
  });

  it("checks a credential's type for its scheme, naming the scheme, not the value", async () => {
    const codecs = { httpAuth, basicAuth: basicAuthorization };
    const wrongBasic = runtime(codecs, { basic: "secret-string" }).runtime;
    await expect(wrongBasic.call(op([["basic"]]))).rejects.toThrow(
      /"basic" is string; it must be \{ username, password \} \(strings\)/,
    );
    const wrongBearer = runtime(codecs, { bearer: { username: "u", password: "p" } }).runtime;
    await expect(wrongBearer.call(op([["bearer"]]))).rejects.toThrow(
      /"bearer" is object; it must be a string/,
    );
  });
});
