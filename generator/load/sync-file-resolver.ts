/**
 * Redocly's resolver reading the spec's local files synchronously, and JSON files with
 * `JSON.parse`. Its own reader awaits `fs.promises.readFile` once per `$ref`'d file: on a spec
 * split into thousands of files (DigitalOcean's 2,850) the run spent about 0.1 s of CPU opening
 * file handles and waited on the thread pool for each. The text is what Redocly reads (CRLF line
 * ends as LF); URLs, and any file that cannot be read, go to Redocly's reader, which reports them
 * as it always does. A document whose text is JSON is parsed by `JSON.parse` (json-text.ts: about
 * 65 ms of a warm pet store run in JSON); any other text, and JSON that `JSON.parse` refuses, is
 * parsed by Redocly as before (its errors locate the problem).
 */
import { readFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import {
  BaseResolver,
  bundle,
  createConfig,
  Source,
  makeDocumentFromString,
  type Document,
} from "@redocly/openapi-core";
import { specFileDigest } from "../write/inputs-hash.js";
import { jsonValue } from "./json-text.js";
import type { ProseMarks } from "./prose-marks.js";
import { fileKeyText, type YamlPieces } from "./yaml-sections.js";

export class SyncFileResolver extends BaseResolver {
  /**
   * `pieces`: where parsed files are kept from run to run (yaml-sections.ts), if anywhere; `marks`:
   * what stands in for each file's prose while a split spec's bundle is recorded (split-bundle.ts).
   */
  constructor(
    config?: ConstructorParameters<typeof BaseResolver>[0],
    private readonly pieces?: YamlPieces,
    private readonly marks?: ProseMarks,
  ) {
    super(config);
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    if (isAbsolute(absoluteRef)) {
      let content: string | undefined;
      try {
        const bytes = readFileSync(absoluteRef);
        content = bytes.toString("utf8");
        // while a split spec's bundle is recorded: the digest of what was read (split-bundle.ts)
        this.marks?.sums.set(absoluteRef, specFileDigest(bytes));
      } catch {
        // a folder, a missing or unreadable file: Redocly's reader says which
      }
      if (content !== undefined) return new Source(absoluteRef, content.replace(/\r\n/g, "\n"));
    }
    return super.loadExternalRef(absoluteRef);
  }

  override parseDocument(source: Source, isRoot = false): Document {
    const document = this.#parse(source, isRoot);
    this.marks?.file(source, isRoot, document.parsed);
    return document;
  }

  #parse(source: Source, isRoot: boolean): Document {
    const json = jsonDocument(source);
    if (json !== undefined || this.pieces === undefined)
      return json ?? super.parseDocument(source, isRoot);
    // what Redocly makes of this file (its parse, or the text it leaves as it is), kept by its text
    const parsed = this.pieces.value(fileKeyText(source, isRoot), () => {
      return super.parseDocument(source, isRoot).parsed;
    });
    return { source, parsed };
  }
}

/**
 * The document of `text` at `path` (the root spec): JSON through `JSON.parse` (json-text.ts), else
 * Redocly's parser; `parsed` when the caller has parsed the JSON already.
 */
export function documentFromText(text: string, path: string, parsed?: unknown): Document {
  if (parsed !== undefined) return { source: new Source(path, text), parsed };
  return jsonDocument(new Source(path, text)) ?? makeDocumentFromString(text, path);
}

function jsonDocument(source: Source): Document | undefined {
  const json = jsonValue(source.body);
  return json === undefined ? undefined : { source, parsed: json.value };
}

/**
 * Redocly's bundle of `doc` as the loader makes it (load-spec.ts): no lint rules, internal `$ref`s
 * kept, every file read through {@link SyncFileResolver} (and `pieces`, when given).
 */
export async function bundleDocument(doc: Document, pieces?: YamlPieces, marks?: ProseMarks) {
  const config = await createConfig({ rules: {} });
  return bundle({
    doc,
    config,
    dereference: false,
    externalRefResolver: new SyncFileResolver(config.resolve, pieces, marks),
  });
}
