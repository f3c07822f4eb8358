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
import { specFileDigest, type SpecDigests } from "../write/inputs-hash.js";
import { refuseAliasBomb } from "./alias-expansion.js";
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
    private readonly digests?: SpecDigests,
  ) {
    super(config);
  }

  /** Why a file was refused while the bundle read it (its aliases expand past any spec's size). */
  refused: unknown;

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    if (isAbsolute(absoluteRef)) {
      let content: string | undefined;
      try {
        const bytes = readFileSync(absoluteRef);
        content = bytes.toString("utf8");
        // the digest of what was read: for a split spec's bundle record (split-bundle.ts), and
        // for the inputs hash, which then reads no file again (DigitalOcean's 2,850: about 80 ms)
        if (this.marks !== undefined || this.digests?.has(absoluteRef) === false) {
          const sum = specFileDigest(bytes);
          this.marks?.sums.set(absoluteRef, sum);
          if (this.digests?.has(absoluteRef) === false) this.digests.set(absoluteRef, sum);
        }
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
    if (json !== undefined) return json;
    const parse = (): unknown => {
      const { parsed } = super.parseDocument(source, isRoot);
      try {
        refuseAliasBomb(parsed, source.body, source.absoluteRef); // alias-expansion.ts
      } catch (error) {
        // Redocly reports a file its resolver could not read as a `$ref` that points at nothing:
        // the bundle throws this instead (bundleDocument)
        this.refused ??= error;
        throw error;
      }
      return parsed;
    };
    if (this.pieces === undefined) return { source, parsed: parse() };
    // what Redocly makes of this file (its parse, or the text it leaves as it is), kept by its text
    return { source, parsed: this.pieces.value(fileKeyText(source, isRoot), parse) };
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

/** What a bundle reads through besides the files: see {@link SyncFileResolver}. */
export interface BundleReading {
  /** Where parsed files are kept from run to run (yaml-sections.ts). */
  readonly pieces?: YamlPieces | undefined;
  /** What stands in for each file's prose while a split spec's bundle is recorded (split-bundle.ts). */
  readonly marks?: ProseMarks | undefined;
  /** The run's digests of the spec files it read (inputs-hash.ts), each file's added as it is read. */
  readonly digests?: SpecDigests | undefined;
}

/**
 * Redocly's bundle of `doc` as the loader makes it (load-spec.ts): no lint rules, internal `$ref`s
 * kept, every file read through {@link SyncFileResolver}.
 */
export async function bundleDocument(doc: Document, reading: BundleReading = {}) {
  const config = await createConfig({ rules: {} });
  const { pieces, marks, digests } = reading;
  const resolver = new SyncFileResolver(config.resolve, pieces, marks, digests);
  const result = await bundle({ doc, config, dereference: false, externalRefResolver: resolver });
  if (resolver.refused !== undefined) throw resolver.refused;
  return result;
}
