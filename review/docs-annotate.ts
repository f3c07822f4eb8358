/**
 * Makes the policy extensions visible in the rendered reference. Redoc shows `deprecated`
 * natively but ignores `x-sunset` and `x-stability`; it does render `x-badges` on operations (in
 * the operation heading and the side menu). So, on a copy of the bundled spec (never on
 * spec/openapi.yaml), every deprecated operation gets a `Sunset <date>` badge and a leading
 * description line with the date and the replacement, and every beta / experimental operation a
 * `Beta` / `Experimental` badge and a leading line saying what the marker promises.
 */
import { isObject } from "./refs.js";
import type { JsonObject } from "./refs.js";

const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

const STABILITY_TEXT: Record<string, { badge: string; color: string; line: string }> = {
  beta: {
    badge: "Beta",
    color: "orange",
    line: "**Stability: beta** — supported, but may change incompatibly with 30 days' notice in the changelog.",
  },
  experimental: {
    badge: "Experimental",
    color: "purple",
    line: "**Stability: experimental** — for evaluation only: may change or disappear without notice, and a deployment may answer `501`.",
  },
};

/** A deep copy of `doc` with badges and description lines added to deprecated and non-stable operations. */
export function annotateForDocs(doc: JsonObject): JsonObject {
  const copy = structuredClone(doc);
  const paths = isObject(copy.paths) ? copy.paths : {};
  for (const item of Object.values(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (METHODS.has(method) && isObject(operation)) annotateOperation(operation);
    }
  }
  return copy;
}

function annotateOperation(operation: JsonObject): void {
  const badges: JsonObject[] = Array.isArray(operation["x-badges"])
    ? operation["x-badges"].filter(isObject)
    : [];
  const lines: string[] = [];
  const stability =
    typeof operation["x-stability"] === "string"
      ? STABILITY_TEXT[operation["x-stability"]]
      : undefined;
  if (stability) {
    badges.push({ name: stability.badge, color: stability.color, position: "after" });
    lines.push(stability.line);
  }
  if (operation.deprecated === true) {
    const sunset = typeof operation["x-sunset"] === "string" ? operation["x-sunset"] : undefined;
    const replacement =
      typeof operation["x-replaced-by"] === "string"
        ? `; use \`${operation["x-replaced-by"]}\``
        : "";
    if (sunset) badges.push({ name: `Sunset ${sunset}`, color: "red", position: "after" });
    lines.push(
      `**Deprecated — ${sunset ? `sunset ${sunset}` : "no sunset date yet"}${replacement}.**`,
    );
  }
  if (lines.length === 0) return;
  operation["x-badges"] = badges;
  const description = typeof operation.description === "string" ? operation.description : "";
  operation.description = [...lines, description].filter((part) => part !== "").join("\n\n");
}
