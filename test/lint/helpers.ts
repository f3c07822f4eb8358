/**
 * Shared helpers for the contract and lint tests: the project's Redocly config
 * (redocly.yaml with the house plugin), linting through @redocly/openapi-core
 * without spawning the CLI, and a small fixture that keeps every house rule.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { lint, lintFromString, loadConfig } from "@redocly/openapi-core";
import type { Config, NormalizedProblem } from "@redocly/openapi-core";
import { parse, stringify } from "yaml";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SPEC_PATH = path.join(ROOT, "spec/openapi.yaml");
export const CONFIG_PATH = path.join(ROOT, "redocly.yaml");

/** A parsed YAML/JSON document: the tests walk it freely. */
export type Doc = any;

let config: Promise<Config> | undefined;

/** The project's lint configuration, loaded once per test file. */
export function projectConfig(): Promise<Config> {
  config ??= loadConfig({ configPath: CONFIG_PATH });
  return config;
}

function reported(problems: NormalizedProblem[]): NormalizedProblem[] {
  return problems.filter((problem) => !problem.ignored);
}

/**
 * Lints a YAML string with the project's configuration. The small fixtures are not the pet store,
 * so house/seed-facts (the interface document's facts) is left out unless `seedFacts` is set.
 */
export async function lintYaml(
  source: string,
  { seedFacts = false }: { readonly seedFacts?: boolean } = {},
): Promise<NormalizedProblem[]> {
  const problems = await lintFromString({
    source,
    absoluteRef: path.join(ROOT, "test/lint/inline.yaml"),
    config: await projectConfig(),
  });
  return reported(problems).filter((problem) => seedFacts || problem.ruleId !== "house/seed-facts");
}

/** Lints the real spec file with the project's configuration. */
export async function lintSpec(): Promise<NormalizedProblem[]> {
  return reported(await lint({ ref: SPEC_PATH, config: await projectConfig() }));
}

/** The distinct rule ids among the problems, sorted. */
export function ruleIds(problems: readonly NormalizedProblem[]): string[] {
  return [...new Set(problems.map((problem) => problem.ruleId))].sort();
}

/** One line per problem, for readable assertion failures. */
export function describeProblems(problems: readonly NormalizedProblem[]): string {
  return problems
    .map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`)
    .join("\n");
}

/**
 * The smallest document that keeps every house rule (and the tightened recommended rules):
 * one operation per tag, shared error responses, rate-limit headers everywhere.
 */
export const FIXTURE_YAML = `
openapi: 3.0.3
info:
  title: Lint fixture
  version: 1.0.0
  description: Smallest document that keeps every house rule.
  contact: { name: Tests }
  license: { name: MIT, url: 'https://opensource.org/licenses/MIT' }
servers:
  - url: '{base_url}'
    description: Service.
    variables:
      base_url: { default: 'http://localhost:8080', description: Base URL. }
security:
  - ApiKeyAuth: []
tags:
  - { name: Pets, description: Pets. }
  - { name: Store, description: Store. }
paths:
  /pets/{petId}:
    get:
      operationId: getPet
      tags: [Pets]
      summary: Get a pet
      description: Returns one pet.
      parameters:
        - name: petId
          in: path
          required: true
          description: Identifier of the pet.
          schema: { type: integer, format: int64, minimum: 1, example: 1 }
      responses:
        '200':
          description: The pet.
          headers:
            X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
            X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
            X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '400': { $ref: '#/components/responses/Failure' }
        '401': { $ref: '#/components/responses/Failure' }
        '404': { $ref: '#/components/responses/NotFound' }
        '414': { $ref: '#/components/responses/Failure' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '431': { $ref: '#/components/responses/Failure' }
        '500': { $ref: '#/components/responses/Failure' }
        '503': { $ref: '#/components/responses/Failure' }
  /store/inventory:
    get:
      operationId: getInventory
      tags: [Store]
      summary: Get the inventory
      description: Returns the inventory.
      responses:
        '200':
          description: The inventory.
          headers:
            X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
            X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
            X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        '401':
          description: Missing or unknown key.
          headers:
            X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
            X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
            X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Error' }
        '400': { $ref: '#/components/responses/Failure' }
        '414': { $ref: '#/components/responses/Failure' }
        '429': { $ref: '#/components/responses/TooManyRequests' }
        '431': { $ref: '#/components/responses/Failure' }
        '500': { $ref: '#/components/responses/Failure' }
        '503': { $ref: '#/components/responses/Failure' }
components:
  securitySchemes:
    ApiKeyAuth: { type: apiKey, in: header, name: X-API-Key }
  headers:
    X-RateLimit-Limit: { description: Limit., schema: { type: integer, example: 60 } }
    X-RateLimit-Remaining: { description: Remaining., schema: { type: integer, example: 59 } }
    X-RateLimit-Reset: { description: Reset time., schema: { type: integer, example: 1767225660 } }
    Retry-After: { description: Seconds to wait., schema: { type: integer, example: 12 } }
  responses:
    Failure:
      description: A refusal or failure (one shared response keeps the fixture short).
      headers:
        X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
        X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
        X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
    NotFound:
      description: Not found.
      headers:
        X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
        X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
        X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
    TooManyRequests:
      description: Rate limited.
      headers:
        Retry-After: { $ref: '#/components/headers/Retry-After' }
        X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
        X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
        X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Error' }
  schemas:
    Pet:
      type: object
      required: [id]
      properties:
        id: { type: integer, format: int64, example: 1 }
    Error:
      type: object
      required: [code, message, status]
      properties:
        code: { type: string, minLength: 1, example: not_found }
        message: { type: string, minLength: 1, example: pet 1 does not exist }
        status: { type: integer, example: 404 }
`;

/** The fixture as YAML after `change` edits its parsed form. */
export function fixture(change?: (doc: Doc) => void): string {
  const doc: Doc = parse(FIXTURE_YAML);
  change?.(doc);
  return stringify(doc);
}

/** Gives `operation` the page parameters `limit` and `offset` (as `$ref`s to new components of `doc`). */
export function takePageParameters(operation: Doc, doc: Doc): void {
  doc.components.parameters = {
    Limit: yaml(
      "{ name: limit, in: query, description: Page size., schema: { type: integer, minimum: 1, maximum: 100, default: 20, example: 20 } }",
    ),
    Offset: yaml(
      "{ name: offset, in: query, description: Records to skip., schema: { type: integer, minimum: 0, default: 0, example: 0 } }",
    ),
  };
  operation.parameters = [
    { $ref: "#/components/parameters/Limit" },
    { $ref: "#/components/parameters/Offset" },
  ];
}

/** A small YAML snippet, parsed (for readable inline edits in the cases). */
export function yaml(source: string): Doc {
  return parse(source);
}

/** Resolves a local `$ref` (`#/...`) inside a parsed document; other values pass through. */
export function deref(doc: Doc, node: Doc): Doc {
  let current = node;
  const seen = new Set<string>();
  while (current && typeof current === "object" && typeof current.$ref === "string") {
    const ref: string = current.$ref;
    if (!ref.startsWith("#/") || seen.has(ref)) throw new Error(`Cannot resolve ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split("/")
      .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<Doc>((value, key) => (value === undefined ? undefined : value[key]), doc);
    if (current === undefined) throw new Error(`Unresolved ${ref}`);
  }
  return current;
}

export const HTTP_METHODS = [
  "get",
  "put",
  "post",
  "delete",
  "options",
  "head",
  "patch",
  "trace",
] as const;

export interface OperationEntry {
  readonly path: string;
  readonly method: string;
  readonly operation: Doc;
  /** Path-level and operation-level parameters, resolved. */
  readonly parameters: Doc[];
}

/** Every operation of a parsed document. */
export function operations(doc: Doc): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [pathKey, pathItem] of Object.entries<Doc>(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map(
        (p: Doc) => deref(doc, p),
      );
      entries.push({ path: pathKey, method, operation, parameters });
    }
  }
  return entries;
}
