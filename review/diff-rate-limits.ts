/**
 * Document side: the root `x-rate-limits` extension (plans with `perMinute`/`perDay`, `null` =
 * agreed per customer; the ban rule). Lowering what a client may send breaks clients that stay
 * within today's figures.
 */
import { ChangeSink } from "./raw-change.js";
import type { RawChange } from "./raw-change.js";
import { isObject, show } from "./refs.js";
import type { JsonObject } from "./refs.js";

const LOCATION = "#/x-rate-limits";

export function diffRateLimits(baseDoc: unknown, headDoc: unknown): RawChange[] {
  const before = isObject(baseDoc) ? baseDoc["x-rate-limits"] : undefined;
  const after = isObject(headDoc) ? headDoc["x-rate-limits"] : undefined;
  const out: RawChange[] = [];
  const sink = new ChangeSink({ side: "document", location: LOCATION, path: "" }, out);
  if (!isObject(before) && !isObject(after)) return out;
  if (!isObject(after)) {
    sink.breaking(
      "rate-limits-removed",
      "x-rate-limits removed: clients can no longer plan their traffic",
    );
    return out;
  }
  if (!isObject(before)) {
    sink.compatible("rate-limits-added", "minor", "x-rate-limits declared");
    return out;
  }
  if (before.algorithm !== after.algorithm) {
    sink
      .at("algorithm")
      .breaking(
        "algorithm-changed",
        `rate-limit algorithm ${show(before.algorithm)} → ${show(after.algorithm)}: quotas are counted differently`,
        {
          before: before.algorithm,
          after: after.algorithm,
        },
      );
  }
  comparePlans(sink, plansOf(before), plansOf(after));
  const oldBan = isObject(before.ban) ? before.ban : {};
  const newBan = isObject(after.ban) ? after.ban : {};
  compareFigure(
    sink.at("ban.afterRejectedRequests"),
    oldBan.afterRejectedRequests,
    newBan.afterRejectedRequests,
    "lower-is-stricter",
  );
  compareFigure(
    sink.at("ban.durationSeconds"),
    oldBan.durationSeconds,
    newBan.durationSeconds,
    "higher-is-stricter",
  );
  return out;
}

function plansOf(limits: JsonObject): Map<string, JsonObject> {
  const plans = Array.isArray(limits.plans) ? limits.plans.filter(isObject) : [];
  return new Map(plans.map((plan) => [String(plan.name), plan]));
}

function comparePlans(
  sink: ChangeSink,
  before: Map<string, JsonObject>,
  after: Map<string, JsonObject>,
): void {
  for (const [name, plan] of before) {
    const next = after.get(name);
    const planSink = sink.at(`plans[${name}]`);
    if (!next) {
      planSink.breaking("plan-removed", `plan ${name} removed: keys on it lose their quota`);
      continue;
    }
    for (const figure of ["perMinute", "perDay"] as const)
      compareFigure(planSink.at(figure), plan[figure], next[figure], "lower-is-stricter");
  }
  for (const name of after.keys()) {
    if (!before.has(name))
      sink.at(`plans[${name}]`).compatible("plan-added", "minor", `new plan ${name}`);
  }
}

type Direction = "lower-is-stricter" | "higher-is-stricter";

function compareFigure(
  sink: ChangeSink,
  before: unknown,
  after: unknown,
  direction: Direction,
): void {
  if (before === after) return;
  const values = { before, after };
  const what = sink.scope.path;
  if (typeof before === "number" && typeof after === "number") {
    const stricter = direction === "lower-is-stricter" ? after < before : after > before;
    const verb = after < before ? "lowered" : "raised";
    if (stricter)
      sink.breaking(
        "limit-tightened",
        `${what} ${verb} from ${before} to ${after}: clients within today's limits get 429`,
        values,
      );
    else
      sink.compatible(
        "limit-relaxed",
        "patch",
        `${what} ${verb} from ${before} to ${after}`,
        values,
      );
    return;
  }
  // null = agreed per customer: a change between a published figure and a per-customer one may lower
  // somebody's quota, so it is treated as breaking.
  sink.breaking(
    "limit-changed",
    `${what} changed from ${figure(before)} to ${figure(after)}: some clients' quota may drop`,
    values,
  );
}

function figure(value: unknown): string {
  return value === null ? "per-customer (null)" : value === undefined ? "(none)" : show(value);
}
