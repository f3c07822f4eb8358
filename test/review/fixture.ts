/**
 * A small pet store contract used by the spec-diff tests: every case takes a fresh copy, applies
 * one mutation and diffs the pair. It has the shapes the rules care about: component schemas,
 * parameters and responses shared by several operations, a path-level parameter, a deprecated
 * operation with a sunset, a beta and an experimental operation, an anonymous operation, the
 * root security and `x-rate-limits`, and a self-referencing schema (cycle).
 */
import { parse } from "yaml";

const BASE_YAML = `
openapi: 3.0.3
info:
  title: Mini pet store
  version: 1.0.0
security:
  - ApiKeyAuth: []
x-rate-limits:
  algorithm: fixed-window
  plans:
    - { name: free, perMinute: 60, perDay: 1000 }
    - { name: pro, perMinute: 300, perDay: 10000 }
    - { name: enterprise, perMinute: null, perDay: null }
  ban: { afterRejectedRequests: 5, durationSeconds: 900 }
paths:
  /health:
    get:
      operationId: getHealth
      summary: Health check
      security: []
      responses:
        '200': { description: Up. }
  /pets:
    get:
      operationId: listPets
      summary: List pets
      parameters:
        - $ref: '#/components/parameters/Limit'
        - name: status
          in: query
          schema: { $ref: '#/components/schemas/PetStatus' }
        - name: sort
          in: query
          schema: { type: string, enum: [name, id] }
      responses:
        '200':
          description: One page of pets.
          headers:
            X-Total-Count: { $ref: '#/components/headers/X-Total-Count' }
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        '400': { $ref: '#/components/responses/Error' }
    post:
      operationId: createPet
      summary: Create a pet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewPet' }
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '400': { $ref: '#/components/responses/Error' }
  /pets/{petId}:
    parameters:
      - name: petId
        in: path
        required: true
        schema: { type: integer, format: int64, minimum: 1 }
    get:
      operationId: getPet
      summary: Get a pet (deprecated)
      deprecated: true
      x-deprecated-since: '2026-01-01'
      x-sunset: '2027-06-30'
      x-replaced-by: getPetById
      responses:
        '200':
          description: The pet.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '404': { $ref: '#/components/responses/Error' }
  /pets/by-id/{petId}:
    get:
      operationId: getPetById
      summary: Get a pet
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: integer, format: int64, minimum: 1 }
      responses:
        '200':
          description: The pet.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '404': { $ref: '#/components/responses/Error' }
  /categories:
    get:
      operationId: listCategories
      summary: List categories
      x-stability: beta
      parameters:
        - name: name
          in: query
          schema: { type: string, maxLength: 50 }
      responses:
        '200':
          description: The categories.
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Category' } }
  /store/inventory/{petId}:
    put:
      operationId: setInventoryStock
      summary: Set a pet's stock
      x-stability: experimental
      parameters:
        - name: petId
          in: path
          required: true
          schema: { type: integer, format: int64, minimum: 1 }
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              additionalProperties: false
              required: [quantity]
              properties:
                quantity: { type: integer, minimum: 0, maximum: 1000000 }
      responses:
        '200':
          description: The new stock.
          content:
            application/json:
              schema:
                type: object
                required: [petId, quantity]
                properties:
                  petId: { type: integer, format: int64 }
                  quantity: { type: integer }
        '400': { $ref: '#/components/responses/Error' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  parameters:
    Limit:
      name: limit
      in: query
      schema: { type: integer, minimum: 1, maximum: 100, default: 20 }
  headers:
    X-Total-Count:
      required: true
      schema: { type: integer, minimum: 0 }
  responses:
    Error:
      description: An error.
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    PetStatus:
      type: string
      enum: [available, pending, sold]
    NewPet:
      type: object
      additionalProperties: false
      required: [name]
      properties:
        name: { type: string, minLength: 1, maxLength: 100 }
        tag: { type: string }
        status: { $ref: '#/components/schemas/PetStatus' }
    Pet:
      type: object
      required: [id, name, status]
      properties:
        id: { type: integer, format: int64 }
        name: { type: string, minLength: 1, maxLength: 100 }
        tag: { type: string }
        status: { $ref: '#/components/schemas/PetStatus' }
    Category:
      type: object
      required: [id, name]
      properties:
        id: { type: integer, format: int64 }
        name: { type: string, maxLength: 50 }
        parent: { $ref: '#/components/schemas/Category' }
    Error:
      type: object
      required: [code, message]
      properties:
        code: { type: string, enum: [validation_failed, not_found, rate_limited] }
        message: { type: string }
`;

/** A parsed YAML/JSON document: the tests mutate it freely. */
export type Doc = any;

/** A fresh copy of the base document. */
export function baseDoc(): Doc {
  return parse(BASE_YAML);
}

/** The base document with one mutation applied (on a fresh copy). */
export function mutated(mutate: (doc: Doc) => void): Doc {
  const doc = baseDoc();
  mutate(doc);
  return doc;
}
