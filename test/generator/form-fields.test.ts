/**
 * Form field shapes read from real-world schema forms: `$ref`s, `allOf` merges, `oneOf`/`anyOf`
 * unions (Stripe's "set or clear"), 3.1 type arrays and `contentMediaType`, the media type's
 * `encoding`, recursive schemas, and the validation schema of a multipart body with files.
 */
import { describe, expect, it } from "vitest";
import { formBodies, formFieldShape } from "../../generator/model/form-fields.js";
import { documentRefs } from "../../generator/model/resolve-ref.js";
import type { OperationModel } from "../../generator/model/types.js";

const document = {
  paths: {
    "/upload": {
      post: {
        requestBody: { $ref: "#/components/requestBodies/Upload" },
      },
    },
  },
  components: {
    requestBodies: {
      Upload: {
        content: {
          "multipart/form-data": {
            schema: { $ref: "#/components/schemas/Upload" },
            encoding: {
              tags: { style: "pipeDelimited", explode: false },
              extra: { contentType: "text/plain" },
              list: { contentType: "application/json" },
            },
          },
        },
      },
    },
    schemas: {
      Node: {
        type: "object",
        properties: { name: { type: "string" }, child: { $ref: "#/components/schemas/Node" } },
      },
      Base: { type: "object", required: ["label"], properties: { label: { type: "string" } } },
      Upload: {
        allOf: [
          { $ref: "#/components/schemas/Base" },
          {
            type: "object",
            required: ["file"],
            properties: {
              file: { type: "string", format: "binary" },
              pictures: {
                type: "array",
                maxItems: 2,
                items: { type: "string", contentMediaType: "image/png" },
              },
              tags: { type: "array", items: { type: "string" } },
              extra: { type: "object", properties: { a: { type: "integer" } } },
              meta: { type: "object", properties: { b: { type: ["integer", "null"] } } },
              list: { type: "array", items: { type: "integer" } },
              tree: { $ref: "#/components/schemas/Node" },
              amount: { anyOf: [{ type: "integer" }, { type: "string", enum: [""] }] },
              anything: { oneOf: [{ type: "boolean" }, {}] },
            },
          },
        ],
      },
    },
  },
};

const operation = {
  path: "/upload",
  method: "post",
  requestBody: {
    required: true,
    description: undefined,
    contents: [
      { mediaType: "multipart/form-data", schema: { $ref: "#/components/schemas/Upload" } },
    ],
  },
} as unknown as OperationModel;

describe("form field shapes", () => {
  const [form] = formBodies(document, operation);

  it("merge allOf, follow $refs, unite anyOf and keep unknown alternatives unknown", () => {
    expect(form?.validatorPart).toBe("multipart");
    expect(Object.keys(form?.fields ?? {})).toEqual([
      "label",
      "file",
      "pictures",
      "tags",
      "extra",
      "meta",
      "list",
      "tree",
      "amount",
      "anything",
    ]);
    expect(form?.fields["amount"]).toEqual({ types: ["integer", "string"] });
    expect(form?.fields["anything"]).toEqual({});
    expect(form?.fields["meta"]?.properties?.["b"]).toEqual({ types: ["integer"] });
  });

  it("mark binary parts and files, read the encoding, and default object parts to JSON", () => {
    expect(form?.fields["file"]).toEqual({ types: ["string"], binary: true });
    expect(form?.fields["pictures"]?.items).toEqual({ types: ["string"], binary: true });
    expect([form?.files, form?.fileLists]).toEqual([["file"], ["pictures"]]);
    expect(form?.fields["tags"]).toMatchObject({ style: "pipeDelimited", explode: false });
    expect(form?.fields["extra"]?.json).toBeUndefined(); // encoding says text/plain
    expect(form?.fields["meta"]?.json).toBe(true); // an object's default content type is JSON
    expect(form?.fields["list"]?.items?.json).toBe(true); // encoding says JSON, per item
  });

  it("stop at a bounded depth on recursive schemas", () => {
    let depth = 0;
    for (
      let node = form?.fields["tree"];
      node?.properties?.["child"] !== undefined;
      node = node.properties["child"]
    )
      depth += 1;
    expect(depth).toBeGreaterThan(2);
    expect(depth).toBeLessThan(10);
    expect(
      formFieldShape(documentRefs(document), { $ref: "#/components/schemas/Missing" }),
    ).toEqual({});
  });

  it("validate files as any value (arrays keep their own limits) and keep every other constraint", () => {
    expect(form?.validationSchema).toMatchObject({
      type: "object",
      required: ["label", "file"],
      properties: {
        file: {},
        pictures: { type: "array", maxItems: 2, items: {} },
        tags: { type: "array", items: { type: "string" } },
      },
    });
  });
});
