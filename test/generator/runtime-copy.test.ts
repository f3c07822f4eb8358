import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { emitRuntime, TEMPLATES_DIR } from "../../generator/emit/emit-runtime.js";
import { ROOT } from "./cli-helper.js";

describe("runtime templates", () => {
  it("are copied into generated/runtime byte for byte", () => {
    const files = emitRuntime();
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const template = readFileSync(
        join(TEMPLATES_DIR, file.path.replace(/^runtime\//, "")),
        "utf8",
      );
      expect(readFileSync(join(ROOT, "generated", file.path), "utf8"), file.path).toBe(template);
    }
  });

  it("are already formatted with the repository's prettier options (.prettierrc.json) and carry the do-not-edit header", async () => {
    const options = await prettier.resolveConfig(join(TEMPLATES_DIR, "client/runtime.ts"), {
      editorconfig: false,
    });
    expect(options?.printWidth).toBe(100);
    for (const file of emitRuntime()) {
      expect(
        file.content.startsWith("// Runtime template of the pet store contract toolchain"),
        file.path,
      ).toBe(true);
      const formatted = await prettier.format(file.content, { ...options, parser: "typescript" });
      expect(formatted, file.path).toBe(file.content);
    }
  });
});
