import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../../../templates/server/core/errors.js";
import { routeKeys } from "../../../templates/server/core/route-keys.js";
import { createRouter, type RoutableOperation } from "../../../templates/server/core/router.js";

const op = (operationId: string, method: RoutableOperation["method"], path: string) => ({
  operationId,
  method,
  path,
});

const router = createRouter([
  op("root", "get", "/"),
  op("listPets", "get", "/pets"),
  op("createPet", "post", "/pets"),
  op("getPet", "get", "/pets/{petId}"),
  op("deletePet", "delete", "/pets/{petId}"),
  op("mine", "get", "/pets/mine"),
  op("photo", "get", "/pets/{petId}/photos/{photoId}"),
  op("minePhotos", "get", "/pets/mine/photos"),
  op("ownerPets", "get", "/owners/{ownerId}/pets"),
  op("slash", "get", "/slashed/"),
]);

function found(method: string, path: string) {
  const match = router.match(method, path);
  if (match.kind !== "found") throw new Error(`expected a match, got ${match.kind}`);
  return { operationId: match.operation.operationId, params: match.params };
}

describe("router", () => {
  it("matches static paths, the root and parameters", () => {
    expect(found("GET", "/")).toEqual({ operationId: "root", params: {} });
    expect(found("GET", "/pets")).toEqual({ operationId: "listPets", params: {} });
    expect(found("POST", "/pets")).toEqual({ operationId: "createPet", params: {} });
    expect(found("GET", "/pets/42")).toEqual({ operationId: "getPet", params: { petId: "42" } });
    expect(found("GET", "/pets/7/photos/abc")).toEqual({
      operationId: "photo",
      params: { petId: "7", photoId: "abc" },
    });
  });

  it("prefers static segments over parameters, and backtracks when the static branch fails", () => {
    expect(found("GET", "/pets/mine").operationId).toBe("mine");
    expect(found("GET", "/pets/mine/photos").operationId).toBe("minePhotos");
    // The static branch "mine" has no photos/{photoId}: the parameter branch takes it.
    expect(found("GET", "/pets/mine/photos/9")).toEqual({
      operationId: "photo",
      params: { petId: "mine", photoId: "9" },
    });
    // DELETE is only declared on the parameter route: /pets/mine is a petId there.
    expect(found("DELETE", "/pets/mine")).toEqual({
      operationId: "deletePet",
      params: { petId: "mine" },
    });
  });

  it("percent-decodes parameter values, and reports malformed escapes", () => {
    expect(found("GET", "/pets/a%20b%2Fc").params).toEqual({ petId: "a b/c" });
    expect(found("GET", "/pets/%E2%82%AC").params).toEqual({ petId: "€" });
    // the values as sent, for parameters read by their style after splitting (parameter-styles.ts)
    expect(router.match("GET", "/pets/a%2Cb,c")).toMatchObject({
      params: { petId: "a,b,c" },
      rawParams: { petId: "a%2Cb,c" },
    });
    expect(router.match("GET", "/pets/plain")).not.toHaveProperty("rawParams");
    expect(router.match("GET", "/pets/%E2%82")).toMatchObject({
      kind: "bad-path",
      operation: { operationId: "getPet" },
      parameter: "petId",
      message: "path.petId is not valid percent-encoding",
    });
  });

  it("answers not-found for unknown paths, empty parameter segments and trailing slashes", () => {
    for (const path of [
      "/nope",
      "/pets/",
      "/pets//photos/1",
      "/pets/1/photos",
      "pets",
      "",
      "/owners//pets",
    ]) {
      expect(router.match("GET", path), path).toEqual({ kind: "not-found" });
    }
    expect(found("GET", "/slashed/").operationId).toBe("slash");
    expect(router.match("GET", "/slashed").kind).toBe("not-found");
  });

  it("answers method-not-allowed with every method the path accepts, in a stable order", () => {
    expect(router.match("PUT", "/pets")).toEqual({
      kind: "method-not-allowed",
      allow: ["GET", "HEAD", "POST"],
    });
    expect(router.match("PATCH", "/pets/1")).toEqual({
      kind: "method-not-allowed",
      allow: ["GET", "HEAD", "DELETE"],
    });
    // Both /pets/mine (GET) and /pets/{petId} (GET, DELETE) match the path.
    expect(router.match("POST", "/pets/mine")).toEqual({
      kind: "method-not-allowed",
      allow: ["GET", "HEAD", "DELETE"],
    });
    expect(router.allowed("/pets")).toEqual(["GET", "HEAD", "POST"]);
    expect(router.allowed("/nowhere")).toEqual([]);
  });

  it("matches methods case-sensitively (RFC 9110 §9.1): get is not GET", () => {
    expect(router.match("get", "/pets")).toEqual({
      kind: "method-not-allowed",
      allow: ["GET", "HEAD", "POST"],
    });
    expect(router.match("Delete", "/pets/3").kind).toBe("method-not-allowed");
  });

  it("serves HEAD with the GET operation of the path (RFC 9110 §9.3.2)", () => {
    expect(found("HEAD", "/pets").operationId).toBe("listPets");
    expect(found("HEAD", "/pets/3").operationId).toBe("getPet");
    expect(router.match("HEAD", "/nowhere").kind).toBe("not-found");
  });

  it("never throws at construction: unroutable templates are listed in conflicts, the rest served", () => {
    const r = createRouter([
      op("a", "get", "/x/{id}"),
      op("b", "get", "/x/{other}"),
      op("c", "get", "pets"),
      op("d", "get", "/y/{a}{b}"),
      op("e", "get", "/z"),
    ]);
    expect(r.conflicts.map((conflict) => conflict.operationIds)).toEqual([
      ["a", "b"],
      ["c"],
      ["d"],
    ]);
    expect(r.conflicts[0]?.message).toMatch(
      /a \(GET \/x\/\{id\}\) and b \(GET \/x\/\{other\}\).*b is never reached/,
    );
    expect(r.conflicts[1]?.message).toMatch(/must start with/);
    expect(r.match("GET", "/x/1")).toMatchObject({
      kind: "found",
      operation: { operationId: "a" },
    });
    expect(r.match("GET", "/z")).toMatchObject({ kind: "found", operation: { operationId: "e" } });
    expect(r.match("GET", "/y/12")).toMatchObject({ kind: "found", params: { a: "1", b: "2" } });
  });

  it("routes parameters that are part of a segment, before whole-segment parameters", () => {
    const r = createRouter([
      op("fetchAccount", "get", "/Accounts/{Sid}.json"),
      op("accountRaw", "get", "/Accounts/{Sid}"),
      op("calls", "get", "/Accounts/{AccountSid}/Calls.json"),
      op("call", "get", "/Accounts/{AccountSid}/Calls/{Sid}.json"),
      op("download", "get", "/files/{id}/download{extension}"),
      op("split", "get", "/names/{name}.{format}"),
      op("labelled", "get", "/label/{.id}"),
    ]);
    expect(r.conflicts).toEqual([]);
    expect(r.match("GET", "/Accounts/AC1.json")).toMatchObject({
      operation: { operationId: "fetchAccount" },
      params: { Sid: "AC1" },
    });
    expect(r.match("GET", "/Accounts/AC1")).toMatchObject({
      operation: { operationId: "accountRaw" },
      params: { Sid: "AC1" },
    });
    expect(r.match("GET", "/Accounts/AC1/Calls.json")).toMatchObject({
      operation: { operationId: "calls" },
      params: { AccountSid: "AC1" },
    });
    expect(r.match("GET", "/Accounts/AC1/Calls/CA%202.json")).toMatchObject({
      params: { AccountSid: "AC1", Sid: "CA 2" },
    });
    expect(r.match("GET", "/files/f1/download.pdf")).toMatchObject({
      params: { id: "f1", extension: ".pdf" },
    });
    expect(r.match("GET", "/files/f1/download").kind).toBe("not-found");
    expect(r.match("GET", "/names/a.b.c")).toMatchObject({ params: { name: "a", format: "b.c" } });
    expect(r.match("GET", "/names/.json").kind).toBe("not-found");
    expect(r.match("GET", "/label/7")).toMatchObject({ params: { id: "7" } });
    expect(r.allowed("/files/f1/download.zip")).toEqual(["GET", "HEAD"]);
  });

  it("selects the operation whose literal query the request carries", () => {
    const r = createRouter([
      op("getResponse", "get", "/responses/{id}"),
      op("betaGetResponse", "get", "/responses/{id}?beta=true"),
      op("betaV2", "get", "/responses/{id}?beta=true&v=2"),
      op("onlyConditioned", "post", "/responses/{id}?beta=true"),
    ]);
    expect(r.conflicts).toEqual([]);
    const id = (query?: string) => {
      const match = r.match("GET", "/responses/r1", query);
      return match.kind === "found"
        ? [match.operation.operationId, match.params["id"]]
        : match.kind;
    };
    expect(id()).toEqual(["getResponse", "r1"]);
    expect(id("include=x")).toEqual(["getResponse", "r1"]);
    expect(id("beta=true")).toEqual(["betaGetResponse", "r1"]);
    expect(id("include=x&beta=true")).toEqual(["betaGetResponse", "r1"]);
    expect(id("beta=false")).toEqual(["getResponse", "r1"]);
    expect(id("v=2&beta=true")).toEqual(["betaV2", "r1"]);
    expect(r.match("POST", "/responses/r1")).toMatchObject({
      operation: { operationId: "onlyConditioned" },
    });
    const same = createRouter([op("a", "get", "/r?x=1"), op("b", "get", "/r?x=1")]);
    expect(same.conflicts.map((conflict) => conflict.operationIds)).toEqual([["a", "b"]]);
  });

  it("lets different operations name the same parameter position differently", () => {
    const r = createRouter([op("a", "get", "/x/{id}"), op("b", "get", "/x/{xid}/y")]);
    expect(r.match("GET", "/x/1")).toMatchObject({ params: { id: "1" } });
    expect(r.match("GET", "/x/2/y")).toMatchObject({ params: { xid: "2" } });
  });

  it("matches a static segment that cannot stand in a path as written by its percent-encoded form too", () => {
    const r = createRouter([
      op("upload", "put", "/<upload_url>"),
      op("cafe", "get", "/café/{id}"),
      op("escaped", "get", "/a%20b"),
    ]);
    expect(r.match("PUT", "/%3Cupload_url%3E")).toMatchObject({
      kind: "found",
      operation: { operationId: "upload" },
    });
    expect(r.match("PUT", "/<upload_url>")).toMatchObject({
      kind: "found",
      operation: { operationId: "upload" },
    });
    expect(r.match("GET", "/caf%C3%A9/1")).toMatchObject({ kind: "found", params: { id: "1" } });
    // text already percent-encoded in the template is matched as written
    expect(r.match("GET", "/a%20b")).toMatchObject({
      kind: "found",
      operation: { operationId: "escaped" },
    });
    expect(r.match("GET", "/a%2520b").kind).toBe("not-found");
  });

  it("routes by a fragment's keys, from the query or a declared header, never by a guess", () => {
    const r = createRouter(
      [
        op("describe", "get", "/#Action=Describe"),
        op("create", "get", "/#Action=Create&Version=1"),
        op("getItem", "post", "/#X-Amz-Target=S.GetItem"),
        op("deleteBucket", "delete", "/{Bucket}"),
        op("deleteTags", "delete", "/{Bucket}#tagging"),
        op("acl", "get", "/{Bucket}#acl"),
        op("policy", "get", "/{Bucket}#policy"),
      ],
      (operation, name) => operation.operationId === "getItem" && name === "X-Amz-Target",
      routeKeys,
    );
    const id = (method: string, path: string, query?: string, headers = {}) => {
      const match = r.match(method, path, query, (name) => headers[name as never] ?? null);
      return match.kind === "found" ? match.operation.operationId : match.kind;
    };
    expect(r.conflicts).toEqual([]);
    expect(id("GET", "/", "Action=Describe")).toBe("describe");
    expect(id("GET", "/", "Action=Create")).toBe("not-found");
    expect(id("GET", "/", "Version=1&Action=Create")).toBe("create");
    expect(id("GET", "/")).toBe("not-found");
    expect(id("POST", "/", "", { "x-amz-target": " S.GetItem " })).toBe("getItem");
    expect(id("POST", "/", "X-Amz-Target=S.GetItem")).toBe("not-found");
    expect(id("DELETE", "/b", "tagging")).toBe("deleteTags");
    expect(id("DELETE", "/b", "tagging=x")).toBe("deleteTags");
    expect(id("DELETE", "/b")).toBe("deleteBucket");
    expect(id("GET", "/b", "acl")).toBe("acl");
    expect(id("GET", "/b", "acl&policy")).toBe("not-found");
    expect(id("GET", "/b")).toBe("not-found");
    const same = createRouter(
      [op("a", "get", "/r#x"), op("b", "get", "/r#x&")],
      undefined,
      routeKeys,
    );
    expect(same.conflicts.map((conflict) => conflict.operationIds)).toEqual([["a", "b"]]);
  });

  it("refuses a fragment's keys without their reader (the API descriptor's readers.routeKeys)", () => {
    const build = () => createRouter([op("tags", "get", "/{Bucket}#tagging")]);
    expect(build).toThrow(ConfigurationError);
    expect(build).toThrow(
      "tags: its route keys (#tagging) needs the API descriptor's readers.routeKeys; import { routeKeys } from runtime/server/core/route-keys.js",
    );
    // an empty fragment has no keys: no reader needed
    expect(createRouter([op("a", "get", "/r#")]).match("GET", "/r").kind).toBe("found");
  });
});
