import { describe, expect, it } from "vitest";
import {
  NameRegistry,
  defaultApiName,
  deriveOperationName,
  toCamelCase,
  toPascalCase,
} from "../../generator/model/names.js";

describe("toCamelCase", () => {
  const cases: [string, string][] = [
    ["listPets", "listPets"],
    ["list-pets", "listPets"],
    ["find pet by id", "findPetById"],
    ["pets.list", "petsList"],
    ["GetPetByID", "getPetById"],
    ["2fa-verify", "op2faVerify"],
    ["délétéPet", "délétéPet"],
    ["delete", "delete"],
    ["__weird__", "weird"],
    ["***", ""],
  ];
  it.each(cases)("%j → %j", (given, want) => {
    expect(toCamelCase(given)).toBe(want);
  });
});

describe("toPascalCase", () => {
  it("capitalizes the camelCase form", () => {
    expect(toPascalCase("list-pets")).toBe("ListPets");
    expect(toPascalCase("Pet Store")).toBe("PetStore");
  });
});

describe("deriveOperationName", () => {
  it("uses the method and the path words, path parameters as `by`", () => {
    expect(deriveOperationName("get", "/pets/{petId}")).toBe("getPetsByPetId");
    expect(deriveOperationName("post", "/store/order-items")).toBe("postStoreOrderItems");
    expect(deriveOperationName("get", "/")).toBe("get");
  });
});

describe("NameRegistry", () => {
  it("keeps the first name and numbers later collisions, case-insensitively", () => {
    const registry = new NameRegistry();
    expect(registry.claim("getPet")).toBe("getPet");
    expect(registry.claim("getPet")).toBe("getPet2");
    expect(registry.claim("GetPet")).toBe("GetPet3");
    expect(registry.claim("other")).toBe("other");
  });
});

describe("defaultApiName", () => {
  const cases: [string, string][] = [
    ["Pet Store API", "PetStore"],
    ["Stripe Api", "Stripe"],
    ["GitHub v3 REST API", "GitHubV3Rest"],
    ["Rapid", "Rapid"],
    ["API", "Api"],
    ["OpenAPI Petstore", "OpenApiPetstore"],
    ["", "Api"],
  ];
  it.each(cases)("%j → %j", (given, want) => {
    expect(defaultApiName(given)).toBe(want);
  });
});
