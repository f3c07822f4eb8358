// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Rate-limit states shared by the clients of one process: clients that call the same origin with
 * the same credentials (and the same scheduler settings, clock and `fetch`) get one `RateLimitScheduler`,
 * so three instances on one key hold back together instead of each sending its own burst. Keyed
 * by origin and credential fingerprint (client-identity.ts), never by a raw key. A state lives as
 * long as a client uses it (weakly held here).
 */
import { functionId, type ClientIdentity } from "./client-identity.js";
import { RateLimitScheduler, type RateLimitSchedulerOptions } from "./rate-limit-scheduler.js";

const states = new Map<string, WeakRef<RateLimitScheduler>>();
const forget = new FinalizationRegistry<string>((id) => {
  if (states.get(id)?.deref() === undefined) states.delete(id);
});

/**
 * The scheduler of the clients of this identity and settings, created on first use.
 *
 * @param clock the client's `now` option when it gave one (clients on different clocks do not
 *   share: a test's fake clock never leaks into another client's state)
 * @param transport the client's `fetch` option when it gave one: a client with its own `fetch` (a
 *   test double, another proxy or network identity) shares only with clients given the same one
 */
export function sharedScheduler(
  identity: ClientIdentity,
  options: RateLimitSchedulerOptions,
  clock: (() => number) | undefined,
  transport?: object,
): RateLimitScheduler {
  const id = [
    identity.origin,
    identity.key,
    options.maxConcurrent,
    options.maxWaitMs,
    options.budget,
    clock === undefined ? "clock" : `clock#${functionId(clock)}`,
    transport === undefined ? "fetch" : `fetch#${functionId(transport)}`,
  ].join("\n");
  const existing = states.get(id)?.deref();
  if (existing !== undefined) return existing;
  const created = new RateLimitScheduler(options);
  states.set(id, new WeakRef(created));
  forget.register(created, id);
  return created;
}

/** How many shared states are alive (for tests). */
export function sharedStateCount(): number {
  let count = 0;
  for (const ref of states.values()) if (ref.deref() !== undefined) count++;
  return count;
}
