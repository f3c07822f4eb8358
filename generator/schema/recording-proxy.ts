/**
 * A table (the model's `schemas`, `refTargets`) seen through a proxy that reports what is read of
 * it, so that a cached value made from it can be keyed by exactly those entries: the mocks' bodies
 * (emit/mocks/mock-bodies.ts) and operations.ts's parts (emit/client/schema-reads.ts).
 */

/**
 * `target` through a proxy that calls `read` with each key read (`get`, `in`) and `listed` when
 * its keys are listed or a property descriptor asked for (the reader then depends on all of it).
 */
export function recordingProxy<T extends object>(
  target: T,
  read: (key: string | symbol) => void,
  listed: () => void,
): T {
  return new Proxy(target, {
    get: (object, key, receiver) => {
      read(key);
      return Reflect.get(object, key, receiver) as unknown;
    },
    has: (object, key) => {
      read(key);
      return Reflect.has(object, key);
    },
    ownKeys: (object) => {
      listed();
      return Reflect.ownKeys(object);
    },
    getOwnPropertyDescriptor: (object, key) => {
      listed();
      return Reflect.getOwnPropertyDescriptor(object, key);
    },
  });
}
