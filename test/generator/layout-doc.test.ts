/**
 * generator/emit/ts/layout-doc.ts prints a document as prettier's own document printer does:
 * random documents of texts, lines, groups (some made to break), indents, `ifBreak`s, conditional
 * groups and break-parent markers, built in both languages and printed at random widths, give the
 * same text. A flat-only group prints as a group where it fits and throws where it would break.
 */
import fc from "fast-check";
import { doc as prettierDoc } from "prettier";
import { describe, expect, it } from "vitest";
import { breakParent, conditionalGroup, flatOnly, group, hardline, ifBreak, indent, line, printDoc, softline, type Doc } from "../../generator/emit/ts/layout-doc.js";
import { UnsupportedLayout } from "../../generator/emit/ts/prettier-text.js";

const builders = prettierDoc.builders;
type PrettierDoc = Parameters<typeof prettierDoc.printer.printDocToString>[0];

/** One document, written in both languages. */
interface Pair {
  readonly ours: Doc;
  readonly theirs: PrettierDoc;
}

const pair = (ours: Doc, theirs: PrettierDoc): Pair => ({ ours, theirs });

const leaf: fc.Arbitrary<Pair> = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z(){}:,]{1,12}$/).map((text) => pair(text, text)) },
  { weight: 2, arbitrary: fc.constant(pair(line, builders.line)) },
  { weight: 2, arbitrary: fc.constant(pair(softline, builders.softline)) },
  // (a hard line in a group of its own, as the printers write them: never printed flat, see layout-doc.ts)
  { weight: 1, arbitrary: fc.constant(pair(group(["", hardline]), builders.group(builders.hardline))) },
  { weight: 1, arbitrary: fc.constant(pair(breakParent, builders.breakParent)) },
);

const { document } = fc.letrec<{ document: Pair }>((tie) => ({
  document: fc.oneof(
    { depthSize: "medium", withCrossShrink: true },
    leaf,
    fc.array(tie("document"), { maxLength: 5 }).map((parts) => pair(parts.map((part) => part.ours), parts.map((part) => part.theirs))),
    fc.tuple(tie("document"), fc.boolean()).map(([contents, shouldBreak]) => pair(group(contents.ours, { shouldBreak }), builders.group(contents.theirs, { shouldBreak }))),
    tie("document").map((contents) => pair(indent(contents.ours), builders.indent(contents.theirs))),
    fc.tuple(tie("document"), tie("document")).map(([broken, flat]) => pair(ifBreak(broken.ours, flat.ours), builders.ifBreak(broken.theirs, flat.theirs))),
    fc.array(tie("document"), { minLength: 2, maxLength: 3 }).map((states) => pair(conditionalGroup(states.map((state) => state.ours)), builders.conditionalGroup(states.map((state) => state.theirs)))),
  ),
}));

describe("the layout printer", () => {
  it("prints what prettier's document printer prints", () => {
    fc.assert(
      fc.property(document, fc.integer({ min: 4, max: 40 }), (generated, width) => {
        const theirs = prettierDoc.printer.printDocToString(generated.theirs, { printWidth: width, tabWidth: 2, useTabs: false }).formatted;
        expect(printDoc(generated.ours, width)).toBe(theirs);
      }),
      { numRuns: 4000 },
    );
  });

  it("prints a flat-only group flat where it fits, and throws where it would break", () => {
    const call = (inner: Doc): Doc => group(["call(", indent([softline, inner]), softline, ")"]);
    const condition = flatOnly(group(["test", indent([line, "? yes", line, ": no"])]));
    expect(printDoc(call(condition), 40)).toBe("call(test ? yes : no)");
    // the call breaks first; the condition fits on its own line
    expect(printDoc(call(condition), 18)).toBe("call(\n  test ? yes : no\n)");
    expect(() => printDoc(call(condition), 12)).toThrow(UnsupportedLayout);
  });
});
