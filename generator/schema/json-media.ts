/**
 * "Is this media type JSON", for the generator and the conformance runner: the very function the
 * client and server runtimes use (templates/client/json-media.ts, copied into generated/runtime),
 * so the code that is generated, the code that runs and the code that judges agree by
 * construction (test/generator/json-media-rule.test.ts).
 */
export { isJsonMediaType } from "../../templates/client/json-media.js";
