/**
 * house/seed-facts: the facts the pet store interface document (../shared/source/
 * pet-store-interface.md) states, which no version of the spec may change: its schemas' fields,
 * types, formats and required flags (`Pet` is `NewPet` plus `id`), the `PetStatus` values, the two
 * operations it shows, the tags and the rate-limit plan table. Everything else about the shape is
 * the spec's to change (new fields, operations, statuses); other house rules keep the
 * conventions. The facts live in redocly.yaml (this rule's options), so the checked list is the one
 * a reviewer reads.
 *
 * Options:
 * - `source`: the document the facts come from (named in every message);
 * - `schemas`: name → `{ properties: { field: "string" | "integer/int64" | "$Schema" },
 *   required: [...], includes: "OtherSchema", noRequired: true, items: "$Schema", enum: [...] }`;
 * - `operations`: `[{ method, path, pathParameters: [...], deprecated: true, extensions: {...} }]`;
 * - `tags`: names that must exist; `ratePlans`: `[{ name, perMinute, perDay }]` of `x-rate-limits`.
 */
import { docsLink, isObject, quotedList } from "../rule-helpers.js";

export default function SeedFacts(options = {}) {
  const source = options.source ?? "the interface document";
  const reference = docsLink("seed-facts");
  return {
    Root: {
      enter(root, { report, location, resolve }) {
        const fail = (path, fact, fix) =>
          report({
            message: `Seed fact of ${source}: ${fact}. ${fix}`,
            location: location.child(path).key(),
            reference,
          });
        const schemas = isObject(root?.components?.schemas) ? root.components.schemas : {};
        for (const [name, facts] of Object.entries(options.schemas ?? {})) {
          checkSchema(name, facts, schemas, resolve, fail);
        }
        for (const facts of options.operations ?? []) checkOperation(facts, root, resolve, fail);
        const tags = new Set((Array.isArray(root?.tags) ? root.tags : []).map((tag) => tag?.name));
        for (const tag of options.tags ?? []) {
          if (!tags.has(tag))
            fail(
              ["tags"],
              `operations are grouped under the tag \`${tag}\``,
              `Keep \`- name: ${tag}\` under the root \`tags\`.`,
            );
        }
        checkRatePlans(options.ratePlans ?? [], root?.["x-rate-limits"], fail);
      },
    },
  };
}

/** `string`, `integer/int64` or `$PetStatus` for a property node. */
function shapeOf(property, resolve) {
  if (!isObject(property)) return "nothing";
  if (typeof property.$ref === "string" && property.$ref.startsWith("#/components/schemas/")) {
    return `$${property.$ref.slice("#/components/schemas/".length)}`;
  }
  const node = resolve(property).node;
  if (!isObject(node)) return "nothing";
  return node.format === undefined ? String(node.type) : `${node.type}/${node.format}`;
}

function describeShape(shape) {
  if (shape.startsWith("$")) return `\`$ref: '#/components/schemas/${shape.slice(1)}'\``;
  const [type, format] = shape.split("/");
  return format === undefined ? `\`type: ${type}\`` : `\`type: ${type}, format: ${format}\``;
}

function checkSchema(name, facts, schemas, resolve, fail) {
  const where = ["components", "schemas", name];
  const raw = schemas[name];
  if (raw === undefined) {
    fail(
      ["components", "schemas"],
      `the schema \`${name}\` exists`,
      `Keep \`components.schemas.${name}\` (renaming or removing it breaks every client).`,
    );
    return;
  }
  const schema = resolve(raw).node;
  if (Array.isArray(facts.enum)) {
    const values = Array.isArray(schema?.enum) ? schema.enum : [];
    const missing = facts.enum.filter((value) => !values.includes(value));
    const extra = values.filter((value) => !facts.enum.includes(value));
    if (missing.length > 0 || extra.length > 0) {
      fail(
        [...where, "enum"],
        `\`${name}\` allows exactly ${quotedList(facts.enum)}`,
        `Set its \`enum\` to [${facts.enum.join(", ")}]${missing.length > 0 ? ` (missing ${quotedList(missing)})` : ""}${extra.length > 0 ? ` (not in the document: ${quotedList(extra)})` : ""}.`,
      );
    }
  }
  if (typeof facts.items === "string") {
    const items = shapeOf(schema?.items, resolve);
    if (schema?.type !== "array" || items !== facts.items) {
      fail(
        where,
        `\`${name}\` is an array of ${facts.items.slice(1)}`,
        `Declare \`type: array\` with \`items: { $ref: '#/components/schemas/${facts.items.slice(1)}' }\`.`,
      );
    }
  }
  const properties = isObject(schema?.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  const wanted = { ...(facts.properties ?? {}) };
  const wantedRequired = new Set(facts.required ?? []);
  if (typeof facts.includes === "string") {
    // `Pet` has every field of `NewPet`, with the same types and required flags (new ones too).
    const base = resolve(schemas[facts.includes] ?? {}).node;
    const baseRequired = new Set(Array.isArray(base?.required) ? base.required : []);
    for (const [field, property] of Object.entries(
      isObject(base?.properties) ? base.properties : {},
    )) {
      wanted[field] ??= shapeOf(property, resolve);
      if (baseRequired.has(field)) wantedRequired.add(field);
    }
  }
  for (const [field, shape] of Object.entries(wanted)) {
    const actual = shapeOf(properties[field], resolve);
    const origin =
      typeof facts.includes === "string" && facts.properties?.[field] === undefined
        ? ` (as in \`${facts.includes}\`, which \`${name}\` extends)`
        : "";
    if (properties[field] === undefined) {
      fail(
        [...where, "properties"],
        `\`${name}\` has the field \`${field}\`${origin}`,
        `Add \`${field}: { ${describeShape(shape).slice(1, -1)} }\` under its \`properties\` (rename by adding a new field, never by replacing this one).`,
      );
    } else if (actual !== shape) {
      fail(
        [...where, "properties", field],
        `\`${name}.${field}\` is ${describeShape(shape)}${origin}`,
        `It is ${describeShape(actual)} here: change it back.`,
      );
    }
    const shouldRequire = wantedRequired.has(field);
    if (properties[field] !== undefined && required.has(field) !== shouldRequire) {
      fail(
        [...where, "required"],
        `\`${name}.${field}\` is ${shouldRequire ? "required" : "optional"}${origin}`,
        shouldRequire
          ? `Add \`${field}\` to \`${name}.required\`.`
          : `Remove \`${field}\` from \`${name}.required\`.`,
      );
    }
  }
  if (facts.noRequired === true && required.size > 0) {
    const extra = [...required].filter((field) => wanted[field] === undefined);
    if (extra.length > 0)
      fail(
        [...where, "required"],
        `no field of \`${name}\` is required`,
        `Remove ${quotedList(extra)} from \`${name}.required\`.`,
      );
  }
}

function checkOperation(facts, root, resolve, fail) {
  const label = `${facts.method.toUpperCase()} ${facts.path}`;
  const pathItem = isObject(root?.paths) ? root.paths[facts.path] : undefined;
  const operation = isObject(pathItem) ? pathItem[facts.method] : undefined;
  if (!isObject(operation)) {
    fail(
      ["paths"],
      `the operation \`${label}\` exists`,
      "Keep it (deprecate it with a sunset date instead; it is removed by a major version once the sunset has passed).",
    );
    return;
  }
  const where = ["paths", facts.path, facts.method];
  const parameters = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ].map((parameter) => resolve(parameter).node);
  for (const name of facts.pathParameters ?? []) {
    if (!parameters.some((parameter) => parameter?.in === "path" && parameter?.name === name)) {
      fail(
        where,
        `\`${label}\` takes the path parameter \`${name}\``,
        `Declare \`- { name: ${name}, in: path, required: true, ... }\`.`,
      );
    }
  }
  if (
    facts.deprecated === true &&
    (operation.deprecated !== true || operation["x-sunset"] === undefined)
  ) {
    fail(
      where,
      `\`${label}\` is deprecated with a sunset date`,
      "Keep `deprecated: true` with its `x-sunset` and `x-deprecated-since` dates (the operation goes once the sunset has passed, with a major version).",
    );
  }
  for (const [key, value] of Object.entries(facts.extensions ?? {})) {
    if (operation[key] !== value)
      fail(
        where,
        `\`${label}\` has \`${key}: ${JSON.stringify(value)}\``,
        `Set \`${key}: ${JSON.stringify(value)}\` on it.`,
      );
  }
}

function checkRatePlans(plans, rateLimits, fail) {
  const declared = Array.isArray(rateLimits?.plans) ? rateLimits.plans : [];
  for (const plan of plans) {
    const found = declared.find((candidate) => candidate?.name === plan.name);
    if (found?.perMinute === plan.perMinute && found?.perDay === plan.perDay) continue;
    const limits = (value) => (value === null ? "null (agreed per customer)" : String(value));
    fail(
      ["x-rate-limits", "plans"],
      `the plan \`${plan.name}\` allows ${limits(plan.perMinute)} requests per minute and ${limits(plan.perDay)} per day`,
      `Keep \`{ name: ${plan.name}, perMinute: ${plan.perMinute}, perDay: ${plan.perDay} }\` in the root \`x-rate-limits.plans\`.`,
    );
  }
}
