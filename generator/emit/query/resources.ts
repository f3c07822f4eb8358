/**
 * Resources and invalidation, read from the spec's paths (the query entry's keys and `INVALIDATES`):
 * - an operation's resource is the first static segment of its path after the prefix every path
 *   shares (`/pets/{petId}` → `pets`; `/api/v1/users` → `users` when every path starts with
 *   `/api/v1`); `root` when there is none;
 * - a mutation invalidates the GET operations under its collection: its path without the trailing
 *   path parameters (`PUT /pets/{petId}` → `/pets`), compared segment by segment with every path
 *   parameter equal to any other. `POST /pets` invalidates `GET /pets`, `GET /pets/{petId}` and
 *   `GET /pets/by-id/{petId}`; `DELETE /store/orders/{orderId}` invalidates the orders, not the
 *   inventory (paths cannot say that; the user adds such links). A mutation with no collection
 *   below the shared prefix (`PUT /{tenant}`) invalidates the GET operations of the same path shape.
 */
import type { OperationModel } from "../../model/types.js";
import { toCamelCase } from "../../model/names.js";

const PARAMETER = /^\{[^}]*\}$/;

function segments(path: string): string[] {
  return path.split("/").filter((segment) => segment.length > 0);
}

function isParameter(segment: string): boolean {
  return PARAMETER.test(segment);
}

/** The static segments every path starts with (none when a path has nothing after them). */
function sharedPrefix(paths: readonly string[]): number {
  const all = paths.map(segments);
  const first = all[0] ?? [];
  let length = 0;
  while (
    length < first.length &&
    !isParameter(first[length] ?? "") &&
    all.every((parts) => parts.length > length + 1 && parts[length] === first[length])
  ) {
    length += 1;
  }
  return length;
}

/** Operation name → resource name (the key part, as written in the path), for every operation. */
export function operationResources(operations: readonly OperationModel[]): Map<string, string> {
  const skip = sharedPrefix(operations.map((operation) => operation.path));
  const out = new Map<string, string>();
  for (const operation of operations) {
    const resource = segments(operation.path)
      .slice(skip)
      .find((segment) => !isParameter(segment));
    out.set(operation.name, resource ?? "root");
  }
  return out;
}

/** Resource name → the identifier of its key helper (`pets` → `petsKeys`), unique. */
export function keyHelperNames(resources: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const resource of [...new Set(resources)]) {
    const base = `${toCamelCase(resource) || "resource"}Keys`;
    let name = base;
    for (let index = 2; taken.has(name); index += 1) name = `${base}${index}`;
    taken.add(name);
    out.set(resource, name);
  }
  return out;
}

/** Whether `path` starts with `prefix`, segment by segment, path parameters matching each other. */
function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  if (prefix.length > path.length) return false;
  return prefix.every((segment, index) => {
    const other = path[index] ?? "";
    return isParameter(segment) ? isParameter(other) : segment === other;
  });
}

export function isQuery(operation: OperationModel): boolean {
  return operation.method === "get";
}

/** Mutation name → the GET operations (in spec order) whose queries it changes. */
export function invalidationMap(
  operations: readonly OperationModel[],
): Map<string, OperationModel[]> {
  // each query's segments split once (not once per mutation: Stripe has hundreds of each)
  const queries = operations
    .filter(isQuery)
    .map((query) => ({ query, path: segments(query.path) }));
  const skip = sharedPrefix(operations.map((operation) => operation.path));
  const out = new Map<string, OperationModel[]>();
  for (const mutation of operations.filter((operation) => !isQuery(operation))) {
    const own = segments(mutation.path);
    let end = own.length;
    while (end > 0 && isParameter(own[end - 1] ?? "")) end -= 1;
    // no collection below the shared prefix (`PUT /api/{tenant}`): only the queries of the same shape
    const sameShape = end <= skip;
    const collection = own.slice(0, end);
    out.set(
      mutation.name,
      queries
        .filter(({ path }) =>
          sameShape
            ? path.length === own.length && startsWith(path, own)
            : startsWith(path, collection),
        )
        .map(({ query }) => query),
    );
  }
  return out;
}
