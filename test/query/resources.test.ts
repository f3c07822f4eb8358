/**
 * Resources and invalidation from the spec's paths (generator/emit/query/resources.ts), table
 * driven over path shapes of real APIs: shared prefixes, nested collections, parameters first,
 * static siblings of a parameter, and a mutation without a collection.
 */
import { describe, expect, it } from "vitest";
import {
  invalidationMap,
  keyHelperNames,
  operationResources,
} from "../../generator/emit/query/resources.js";
import type { HttpMethod, OperationModel } from "../../generator/model/types.js";

function operation(name: string, method: HttpMethod, path: string): OperationModel {
  return {
    operationId: name,
    name,
    typeName: name,
    method,
    path,
    pointer: "",
    tags: [],
    summary: undefined,
    description: undefined,
    deprecation: undefined,
    stability: undefined,
    parameters: { path: [], query: [], header: [], cookie: [] },
    requestBody: undefined,
    forms: [],
    responses: [],
    secured: false,
    security: [],
    securityRequirements: [],
    idempotencyKeyHeader: undefined,
  };
}

const API = [
  operation("listUsers", "get", "/api/v1/users"),
  operation("createUser", "post", "/api/v1/users"),
  operation("getUser", "get", "/api/v1/users/{userId}"),
  operation("getMe", "get", "/api/v1/users/me"),
  operation("patchUser", "patch", "/api/v1/users/{id}"),
  operation("listPosts", "get", "/api/v1/users/{userId}/posts"),
  operation("getPost", "get", "/api/v1/users/{userId}/posts/{postId}"),
  operation("deletePost", "delete", "/api/v1/users/{userId}/posts/{postId}"),
  operation("health", "get", "/api/v1/health"),
  operation("reindex", "post", "/api/v1/admin/reindex"),
  operation("tenantThing", "put", "/api/v1/{tenant}"),
  operation("getTenant", "get", "/api/v1/{tenant}"),
];

describe("resources from paths", () => {
  it("skips the prefix every path shares and names each operation's first static segment", () => {
    expect(Object.fromEntries(operationResources(API))).toEqual({
      listUsers: "users",
      createUser: "users",
      getUser: "users",
      getMe: "users",
      patchUser: "users",
      listPosts: "users",
      getPost: "users",
      deletePost: "users",
      health: "health",
      reindex: "admin",
      tenantThing: "root",
      getTenant: "root",
    });
  });

  it("keeps a path's only segment as its resource (nothing is shared after it)", () => {
    const resources = operationResources([
      operation("listPets", "get", "/pets"),
      operation("getPet", "get", "/pets/{petId}"),
    ]);
    expect([...resources.values()]).toEqual(["pets", "pets"]);
  });

  it("gives each resource a unique helper name", () => {
    expect(Object.fromEntries(keyHelperNames(["users", "Users", "2fa", "user-groups"]))).toEqual({
      users: "usersKeys",
      Users: "usersKeys2",
      "2fa": "op2faKeys",
      "user-groups": "userGroupsKeys",
    });
  });
});

describe("invalidation from paths", () => {
  const table = Object.fromEntries(
    [...invalidationMap(API)].map(([name, queries]) => [name, queries.map((query) => query.name)]),
  );

  it.each([
    [
      "createUser",
      ["listUsers", "getUser", "getMe", "listPosts", "getPost"],
      "a create invalidates its collection and everything under it",
    ],
    [
      "patchUser",
      ["listUsers", "getUser", "getMe", "listPosts", "getPost"],
      "an item's update invalidates its collection (parameter names differ: {id} vs {userId})",
    ],
    [
      "deletePost",
      ["listPosts", "getPost"],
      "a nested item's delete invalidates its own collection, not the parent's",
    ],
    ["reindex", [], "a path no query lives under invalidates nothing"],
    [
      "tenantThing",
      ["getTenant"],
      "a path that is all parameters invalidates the queries of the same shape",
    ],
  ])("%s → %j (%s)", (mutation, queries) => {
    expect(table[mutation]).toEqual(queries);
  });

  it("maps every mutation and no query", () => {
    expect(Object.keys(table).sort()).toEqual([
      "createUser",
      "deletePost",
      "patchUser",
      "reindex",
      "tenantThing",
    ]);
  });
});
