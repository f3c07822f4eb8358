/** Operation as a whole: its operationId (the generated method and handler name) and its stability. */
import type { OperationInfo } from "./operations.js";
import { ChangeSink } from "./raw-change.js";
import type { RawChange } from "./raw-change.js";
import { show } from "./refs.js";
import { stabilityRank } from "./stability.js";

export function diffOperationMeta(base: OperationInfo, head: OperationInfo): RawChange[] {
  const out: RawChange[] = [];
  const sink = new ChangeSink({ side: "operation", location: base.key, path: "" }, out);
  const oldId = base.operation.operationId;
  const newId = head.operation.operationId;
  if (oldId !== newId) {
    const values = { before: oldId, after: newId };
    if (oldId === undefined)
      sink.compatible("operation-id-added", "patch", `operationId ${show(newId)} added`, values);
    else
      sink.breaking(
        "operation-id-changed",
        `operationId ${show(oldId)} → ${show(newId)}: generated client methods and server handlers are renamed`,
        values,
      );
  }
  if (base.stability !== head.stability) {
    const values = { before: base.stability, after: head.stability };
    const text = `stability ${base.stability} → ${head.stability}`;
    if (stabilityRank(head.stability) < stabilityRank(base.stability)) {
      sink.breaking(
        "stability-lowered",
        `${text}: clients lose compatibility guarantees they relied on`,
        values,
      );
    } else {
      sink.compatible(
        "stability-raised",
        "minor",
        `${text}: stronger compatibility guarantees`,
        values,
      );
    }
  }
  return out;
}
