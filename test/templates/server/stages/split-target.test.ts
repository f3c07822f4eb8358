import { describe, expect, it } from "vitest";
import { RequestContext } from "../../../../templates/server/core/request-context.js";
import type { RequestSource } from "../../../../templates/server/core/request-source.js";
import { splitTarget } from "../../../../templates/server/core/stages/split-target.js";

function split(url: string): RequestContext<unknown> {
  const source = { method: "GET", url } as unknown as RequestSource;
  const context = new RequestContext<unknown>(source);
  expect(splitTarget(context)).toBeUndefined();
  return context;
}

describe("split-target stage", () => {
  it("splits absolute and origin-form targets into path and query", () => {
    expect(split("http://h.test/pets?limit=2")).toMatchObject({
      pathname: "/pets",
      search: "limit=2",
      pathStart: 13,
    });
    expect(split("/pets/1")).toMatchObject({ pathname: "/pets/1", search: "", pathStart: 0 });
  });

  it("gives an empty path as / and keeps everything after the first ?", () => {
    expect(split("http://h.test")).toMatchObject({ pathname: "/", search: "" });
    expect(split("http://h.test/?a=1?b")).toMatchObject({ pathname: "/", search: "a=1?b" });
  });
});
