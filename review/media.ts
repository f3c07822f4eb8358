/** Media-type maps (`content`) of request bodies and responses. */
import { isObject } from "./refs.js";
import type { JsonObject } from "./refs.js";
import { joinPath } from "./raw-change.js";

export function contentOf(node: JsonObject): Map<string, JsonObject> {
  const result = new Map<string, JsonObject>();
  if (!isObject(node.content)) return result;
  for (const [mediaType, media] of Object.entries(node.content))
    result.set(mediaType, isObject(media) ? media : {});
  return result;
}

/** `body` for JSON, `body(text/plain)` for any other media type. */
export function bodyPath(path: string, mediaType: string): string {
  const body = joinPath(path, "body");
  return mediaType === "application/json" ? body : `${body}(${mediaType})`;
}
