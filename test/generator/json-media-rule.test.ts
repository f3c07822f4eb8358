/**
 * One rule for "is this media type JSON": the client runtime, the server runtime, the generator
 * and the conformance runner classify every media type alike (they used to disagree on
 * `text/x+json` and on parameters).
 */
import { describe, expect, it } from "vitest";
import { isJsonMedia } from "../../conformance/checks/response-checks.js";
import { isJsonParameter } from "../../conformance/parameter-text.js";
import { isJsonMediaType as generatorRule } from "../../generator/emit/validators/validator-names.js";
import { isJsonMediaType as clientRule } from "../../templates/client/url.js";
import {
  isJsonMediaType as serverRule,
  mediaTypeEssence,
} from "../../templates/server/core/media-type.js";

const CASES: readonly (readonly [string, boolean])[] = [
  ["application/json", true],
  ["application/json; charset=utf-8", true],
  ["Application/JSON;charset=UTF-8", true],
  ["  application/json  ", true],
  ["application/problem+json", true],
  ["application/merge-patch+json", true],
  ["application/vnd.api+json; ext=bulk", true],
  ["text/x+json", true],
  ["application/json-seq", false],
  ["application/jsonl", false],
  ["application/x-ndjson", false],
  ["text/json-ish", false],
  ["application/+json", false],
  ["+json", false],
  ["application/xml", false],
  ["application/problem+xml", false],
  ["text/plain", false],
  ["multipart/form-data", false],
  ["application/x-www-form-urlencoded", false],
  ["", false],
];

const classifiers: readonly (readonly [string, (mediaType: string) => boolean])[] = [
  ["client runtime", clientRule],
  ["server runtime", (mediaType) => serverRule(mediaTypeEssence(mediaType))],
  ["generator", generatorRule],
  ["conformance response check", (mediaType) => isJsonMedia(mediaTypeEssence(mediaType))],
  ["conformance parameter text", (contentType) => isJsonParameter({ contentType })],
];

describe("the JSON media-type rule", () => {
  it.each(classifiers)("%s classifies every media type as the rule says", (_name, classify) => {
    expect(CASES.map(([mediaType]) => [mediaType, classify(mediaType)])).toEqual(CASES);
  });
});
