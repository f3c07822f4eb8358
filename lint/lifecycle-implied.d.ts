/** Types of lifecycle-implied.js (what deprecated + x-sunset / x-deprecated-since / x-replaced-by imply). */
export declare function impliedLifecycleHeaders(operation: unknown): {
  readonly every: readonly string[];
  readonly gone: readonly string[];
};
export declare function implyLifecycle<T>(document: T): T;
