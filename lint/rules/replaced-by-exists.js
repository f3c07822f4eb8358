/**
 * house/replaced-by-exists: `x-replaced-by` names the operationId of the successor, an operation
 * of this spec that is not itself deprecated (and not the operation itself): the client's
 * `@deprecated` text, the README and the server's `Link` header all point at it. A near miss gets
 * a "did you mean" suggestion.
 */
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
          const near = closest(successor, [...operations.keys()]);
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

/** The candidate within edit distance 2 (or a case-only difference), if exactly one is nearest. */
function closest(word, candidates) {
  let best;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
