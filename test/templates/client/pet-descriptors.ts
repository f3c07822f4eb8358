/** Unsecured descriptors of the pet store's everyday operations, for the client runtime's tests. */
import type { ClientOperationDescriptor } from "../../../templates/client/index.js";

export const getPet: ClientOperationDescriptor = {
  operationId: "getPet",
  method: "get",
  path: "/pets/{petId}",
  secured: false,
};

export const listPets: ClientOperationDescriptor = {
  operationId: "listPets",
  method: "get",
  path: "/pets",
  secured: false,
};

export const createPet: ClientOperationDescriptor = {
  operationId: "createPet",
  method: "post",
  path: "/pets",
  bodyMediaType: "application/json",
  secured: false,
};
