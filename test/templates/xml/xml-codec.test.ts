/**
 * The XML codec (templates/xml/xml-codec.ts): values written and read by their node tree
 * (attributes, wrapped and unwrapped arrays, prefixes and namespaces, typed scalars), and hostile
 * or broken input refused with a message naming the problem.
 */
import { describe, expect, it } from "vitest";
import {
  MAX_XML_DEPTH,
  readXml,
  writeXml,
  XmlBodyError,
} from "../../../templates/xml/xml-codec.js";
import { isXmlMediaType } from "../../../templates/xml/xml-media.js";
import { negotiateMediaType } from "../../../templates/xml/xml-negotiate.js";
import type { XmlNode } from "../../../templates/xml/xml-shape.js";

const pet: XmlNode = {
  name: "pet",
  prefix: "p",
  namespace: "urn:pets",
  type: "object",
  properties: {
    id: { name: "id", attribute: true, type: "integer" },
    name: { name: "name" },
    alive: { name: "alive", type: "boolean" },
    weight: { name: "weight", type: "number" },
    photoUrls: {
      name: "photoUrls",
      type: "array",
      wrapped: true,
      items: { name: "photoUrl" },
    },
    tags: {
      name: "tags",
      type: "array",
      items: { name: "tag", type: "object", properties: { label: { name: "label" } } },
      required: true,
    },
    extra: { name: "extra", type: "any" },
  },
};

describe("writeXml and readXml", () => {
  it("write attributes, wrapped and unwrapped arrays and the namespace", () => {
    const value = {
      id: 7,
      name: "Rex & <Co>",
      alive: true,
      weight: 1.5,
      photoUrls: ["a", "b"],
      tags: [{ label: "x" }, { label: "y" }],
    };
    const text = writeXml(value, pet);
    expect(text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><p:pet id="7" xmlns:p="urn:pets"><name>Rex &amp; &lt;Co&gt;</name><alive>true</alive><weight>1.5</weight><photoUrls><photoUrl>a</photoUrl><photoUrl>b</photoUrl></photoUrls><tag><label>x</label></tag><tag><label>y</label></tag></p:pet>',
    );
    expect(readXml(text, pet)).toEqual(value);
  });

  it("read scalars typed by the schema, by local name whatever the prefix, ignoring the unknown", () => {
    const text = `<?xml version="1.0"?>
      <q:pet xmlns:q="urn:other" q:id=" 12 " other="x">
        <name>  spaced  </name><alive>0</alive><weight>heavy</weight>
        <unknown>ignored</unknown>
        <extra a="1"><b>2</b><b>3</b></extra>
      </q:pet>`;
    expect(readXml(text, pet)).toEqual({
      id: 12,
      name: "  spaced  ",
      alive: false,
      weight: "heavy", // not a number: left as text for the validator to name
      tags: [], // a required unwrapped array with no element
      extra: { a: "1", b: ["2", "3"] },
    });
  });

  it("omit null and undefined values and write dates as ISO text", () => {
    const node: XmlNode = {
      name: "event",
      type: "object",
      properties: {
        at: { name: "at" },
        gone: { name: "gone" },
        list: { name: "list", type: "array", items: { name: "list" } },
      },
    };
    const text = writeXml(
      { at: new Date(Date.UTC(2026, 0, 2)), gone: null, list: [1, null, 2] },
      node,
    );
    expect(text).toContain("<at>2026-01-02T00:00:00.000Z</at>");
    expect(text).not.toContain("gone");
    expect(text).toContain("<list>1</list><list>2</list>");
  });

  it("read character references and keep tabs, newlines and carriage returns", () => {
    const node: XmlNode = {
      name: "a",
      type: "object",
      properties: { s: { name: "s" }, t: { name: "t", attribute: true } },
    };
    expect(readXml('<a t="x&quot;"><s>&#65;&#x42;&lt;&amp;</s></a>', node)).toEqual({
      s: "AB<&",
      t: 'x"',
    });
    const value = { s: "a\tb\r\nc <&>'\"", t: "q'\"<&" };
    const text = writeXml(value, node);
    expect(text).toContain("&#13;");
    expect(readXml(text, node)).toEqual(value);
  });

  it("give a root array a wrapper element and read it back", () => {
    const node: XmlNode = {
      name: "pets",
      type: "array",
      wrapped: true,
      items: { name: "Pet", type: "integer" },
    };
    const text = writeXml([1, 2], node);
    expect(text).toContain("<pets><Pet>1</Pet><Pet>2</Pet></pets>");
    expect(readXml(text, node)).toEqual([1, 2]);
  });

  it("keep the other child elements of an open object, never a __proto__", () => {
    const node: XmlNode = { name: "map", type: "object", properties: {}, open: true };
    const value = readXml(
      '<map __proto__="x"><a>1</a><__proto__><polluted>yes</polluted></__proto__><constructor>c</constructor></map>',
      node,
    ) as Record<string, unknown>;
    expect(value).toEqual({ a: "1", constructor: "c" });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("readXml refuses", () => {
  const node: XmlNode = { name: "a", type: "any" };
  const refused = (text: string): string => {
    try {
      readXml(text, node);
    } catch (error) {
      expect(error).toBeInstanceOf(XmlBodyError);
      return (error as Error).message;
    }
    throw new Error("not refused");
  };

  it("a document type (entity expansion) before parsing it", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><a>&lol2;</a>`;
    expect(refused(laughs)).toMatch(/declares a document type \(<!DOCTYPE>\), which is refused/);
    expect(refused('<!doctype a SYSTEM "file:///etc/passwd"><a/>')).toMatch(/document type/);
  });

  it("text that is not well-formed, naming line and column", () => {
    expect(refused("<a><b></a>")).toMatch(/^is not well-formed XML: .*\(line 1, column \d+\)$/);
    expect(refused('{"json": true}')).toMatch(/not well-formed XML/);
  });

  it(`elements nested deeper than ${MAX_XML_DEPTH}`, () => {
    const deep = "<a>".repeat(MAX_XML_DEPTH + 1) + "</a>".repeat(MAX_XML_DEPTH + 1);
    expect(refused(deep)).toBe(`nests elements deeper than ${MAX_XML_DEPTH} levels`);
    const fine = "<a>".repeat(MAX_XML_DEPTH) + "</a>".repeat(MAX_XML_DEPTH);
    expect(() => readXml(fine, node)).not.toThrow();
  });
});

describe("isXmlMediaType", () => {
  it.each([
    ["application/xml", true],
    ["text/xml; charset=utf-8", true],
    ["application/atom+xml", true],
    ["Application/XML", true],
    ["application/json", false],
    ["application/xml-dtd", false],
    ["text/plain", false],
  ])("%s → %s", (mediaType, expected) => {
    expect(isXmlMediaType(mediaType)).toBe(expected);
  });
});

describe("negotiateMediaType", () => {
  const offered = ["application/json", "application/xml"];
  it.each([
    [null, "application/json"],
    ["", "application/json"],
    ["application/xml", "application/xml"],
    ["application/json;q=0.5, application/xml", "application/xml"],
    ["application/xml;q=0, */*", "application/json"],
    ["application/*;q=0.2, application/xml;q=0.1", "application/json"],
    ["text/xml, text/html", "application/json"],
    ["*/*", "application/json"],
  ])("Accept %j → %s", (accept, expected) => {
    expect(negotiateMediaType(offered, accept)).toBe(expected);
  });

  it("keeps the spec's order on ties and skips the spec's wildcards", () => {
    expect(negotiateMediaType(["text/xml", "application/json"], "*/*")).toBe("text/xml");
    expect(negotiateMediaType(["*/*", "application/xml"], "application/xml")).toBe(
      "application/xml",
    );
  });
});

describe("a text root (a string body without xml)", () => {
  const node: XmlNode = { name: "root", text: true };
  it("is the document itself both ways, still checked", () => {
    const document = '<?xml version="1.0"?><note><to>Ann</to></note>';
    expect(readXml(document, node)).toBe(document);
    expect(writeXml(document, node)).toBe(document);
    expect(() => readXml("<note>", node)).toThrow(/not well-formed/);
    expect(() => readXml("<!DOCTYPE x><note/>", node)).toThrow(/document type/);
  });
});
