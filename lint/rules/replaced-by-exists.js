/**
 * house/replaced-by-exists: `x-replaced-by` names the operationId of the successor, an operation
 * of this spec that is not itself deprecated (and not the operation itself): the client's
 * `@deprecated` text, the README and the server's `Link` header all point at it. A near miss gets
 * a "did you mean" suggestion.
 */
import { nearestName } from "../nearest-name.js";
import { docsLink, isObject } from "../rule-helpers.js";

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export default function ReplacedByExists() {
  const reference = docsLink("replaced-by-exists");
  let operations = new Map();
  return {
    Root: {
      enter(root) {
        operations = new Map();
        for (const pathItem of Object.values(isObject(root?.paths) ? root.paths : {})) {
          for (const method of METHODS) {
            const operation = isObject(pathItem) ? pathItem[method] : undefined;
            if (isObject(operation) && typeof operation.operationId === "string")
              operations.set(operation.operationId, operation);
          }
        }
      },
    },
    Operation: {
      enter(operation, { report, location }) {
        const successor = operation?.["x-replaced-by"];
        if (successor === undefined) return;
        const name = operation.operationId ?? location.pointer;
        const at = location.child(["x-replaced-by"]).key();
        if (typeof successor !== "string" || successor === "") {
          report({
            message: `\`${name}\`: \`x-replaced-by\` is the operationId of the successor, a non-empty string.`,
            location: at,
            reference,
          });
          return;
        }
        const target = operations.get(successor);
        if (target === undefined) {
          const near = nearestName(successor, operations.keys());
          report({
            message: `\`${name}\`: \`x-replaced-by: ${successor}\` names no operation of this spec${near ? `: did you mean \`${near}\`?` : ": set it to the operationId of the successor."}`,
            location: at,
            reference,
            ...(near ? { suggest: [near] } : {}),
          });
        } else if (target === operation) {
          report({
            message: `\`${name}\` names itself in \`x-replaced-by\`: name its successor.`,
            location: at,
            reference,
          });
        } else if (target.deprecated === true) {
          report({
            message: `\`${name}\`: the successor \`${successor}\` is itself deprecated: point \`x-replaced-by\` at the operation that replaces both${typeof target["x-replaced-by"] === "string" ? ` (\`${target["x-replaced-by"]}\`?)` : ""}.`,
            location: at,
            reference,
          });
        }
      },
    },
  };
}
