import { describe, expect, it } from "vitest";
import { stylePathValue } from "../../../templates/client/path-style.js";

describe("path parameter styles (OpenAPI 3.0.3 style examples)", () => {
  const array = ["blue", "black", "brown"];
  const object = { R: 100, G: 200, B: 150 };
  it.each([
    ["simple", false, "blue", "blue"],
    ["simple", false, array, "blue,black,brown"],
    ["simple", true, array, "blue,black,brown"],
    ["simple", false, object, "R,100,G,200,B,150"],
    ["simple", true, object, "R=100,G=200,B=150"],
    ["label", false, "blue", ".blue"],
    ["label", false, array, ".blue,black,brown"],
    ["label", true, array, ".blue.black.brown"],
    ["label", false, object, ".R,100,G,200,B,150"],
    ["label", true, object, ".R=100.G=200.B=150"],
    ["matrix", false, "blue", ";color=blue"],
    ["matrix", false, array, ";color=blue,black,brown"],
    ["matrix", true, array, ";color=blue;color=black;color=brown"],
    ["matrix", false, object, ";color=R,100,G,200,B,150"],
    ["matrix", true, object, ";R=100;G=200;B=150"],
  ] as const)("%s explode=%s %j → %s", (style, explode, value, expected) => {
    expect(stylePathValue("color", value, { style, explode })).toBe(expected);
  });

  it("percent-encodes each value but keeps the style's delimiters", () => {
    expect(stylePathValue("p", ["a,b", "c/d"])).toBe("a%2Cb,c%2Fd");
    expect(stylePathValue("p", { "k y": "v&w" }, { style: "matrix", explode: true })).toBe(
      ";k%20y=v%26w",
    );
  });
});
