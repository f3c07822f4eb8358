/**
 * Skipping Redocly's bundle on a warm run, when an earlier run showed that bundling this spec
 * changes nothing a prose edit could change. A spec in one file with internal `$ref`s only is
 * usually left as it is by the bundle, but not always (it adds `components: {}` when there is
 * none, inlines a `$ref` standing where a plain value goes, such as `example: {$ref}`, and copies
 * discriminator mapping targets into components), so the bundle is not skipped by a rule: each
 * run that bundles records what the bundle did, keyed by what the bundle reads in the document
 * (bundle-skeleton.ts: its `$ref`s and discriminators where they stand, without prose and without
 * the subtrees holding neither), and a later run with the same key (an edit of a description, of
 * a schema's constraints, a property or a parameter holding no `$ref`) applies that record instead
 * of bundling. Recorded only when the bundle read no other file, reported nothing and changed the
 * document at most by adding `components: {}`. A `$ref` to another file or URL may be in a
 * recorded key: the bundle follows `$ref`s by the place they stand at, which the key holds, and
 * leaves some where they are (inside an example's `value`: Octokit's point at api.github.com); a
 * bundle that followed one read another file, or rewrote a `$ref` naming this file, and was not
 * recorded.
 *
 * Why prose and `$ref`-free subtrees cannot change what the bundle does: it acts on `$ref`s,
 * `externalValue`s and discriminator mappings, at positions given by the document's keys; string
 * `description` and `summary` values are none of those, and a subtree holding none is not read
 * (test/generator/bundle-skeleton.test.ts bundles edited copies of real specs to check it). A
 * spec with a `$ref` that does not resolve without its prose (one pointing at a description, say)
 * is never recorded.
 */
import { isObject } from "../model/resolve-ref.js";
import { CachePack, sha256Hex } from "../cache/cache-pack.js";
import { isLiteralKey, isProse } from "../cache/without-prose.js";
import { bundleSkeleton } from "./bundle-skeleton.js";
import { sectionKey } from "./bundle-key.js";
import { computeToolHash } from "../write/inputs-hash.js";

/** What bundling did to a document of that shape: nothing, or `components: {}` added. */
type Verdict = "unchanged" | "components added";

export interface BundleRecord {
  /** The verdict recorded for this document, if any: then the bundle can be skipped. */
  readonly verdict: Verdict | undefined;
  /**
   * Whether a `$ref` names another file or a URL: the bundle may read other files (then a split
   * spec's record takes the spec: split-bundle.ts), or leave them where they stand.
   */
  readonly refersOut: boolean;
  /**
   * After bundling (on a miss): records what the bundle did, given the document's JSON before it
   * (`before`), the bundled document and the files it read.
   */
  record(before: string, bundled: unknown, files: number, problems: number): void;
}

/**
 * The record for `parsed` (the root document as parsed, before bundling) in the cache of `cwd`,
 * or undefined when the document cannot be keyed (an internal `$ref` that does not resolve
 * without prose, an `externalValue`, or a value JSON has no text for).
 */
export async function bundleRecord(
  cwd: string,
  specPath: string,
  parsed: Record<string, unknown>,
  leaves?: WeakMap<object, string>,
): Promise<BundleRecord | undefined> {
  const name = sha256Hex(specPath).slice(0, 24);
  const salt = await computeToolHash();
  let key: string;
  let refs: Iterable<string>;
  const sections =
    leaves === undefined ? undefined : CachePack.open(cwd, `load/bundle-pieces/${name}`, salt);
  const fromSections = sections && sectionKey(parsed, leaves as WeakMap<object, string>, sections);
  sections?.save();
  if (fromSections !== undefined) {
    if (fromSections.external) return undefined;
    refs = fromSections.refs;
    key = fromSections.key;
  } else {
    try {
      const skeleton = bundleSkeleton(parsed, false, true);
      if (skeleton.external) return undefined;
      refs = skeleton.refs;
      key = sha256Hex(`skeleton\0${skeleton.text}`);
    } catch {
      return undefined; // a cycle through YAML aliases, a value JSON has no text for: bundle as usual
    }
  }
  let refersOut = false;
  for (const ref of refs) {
    if (!ref.startsWith("#")) refersOut = true;
    else if (!resolves(ref, parsed)) return undefined;
  }
  const pack = CachePack.open(cwd, `load/bundle/${name}`, salt);
  const known = pack.get(key);
  const verdict = known === "unchanged" || known === "components added" ? known : undefined;
  if (verdict !== undefined) pack.save();
  return {
    verdict,
    refersOut,
    record(before, bundled, files, problems) {
      if (files !== 0 || problems !== 0) return;
      const after = JSON.stringify(bundled);
      const withComponents = (): string => {
        const document = JSON.parse(before) as Record<string, unknown>;
        return JSON.stringify({ ...document, components: document.components || {} });
      };
      const seen: Verdict | undefined =
        after === before
          ? "unchanged"
          : after === withComponents()
            ? "components added"
            : undefined;
      if (seen === undefined) return;
      pack.set(key, seen);
      pack.save();
    },
  };
}

/** The document as a skipped bundle leaves it (what the recorded bundle did to it). */
export function applyVerdict(parsed: Record<string, unknown>, verdict: Verdict): void {
  if (verdict === "components added") parsed.components = parsed.components || {};
}

/**
 * Whether the internal `ref` resolves in the prose-free copy of `root` (`root` itself may still
 * have its prose: a `$ref` to a `description` that `withoutProse` drops does not resolve).
 */
function resolves(ref: string, root: Record<string, unknown>): boolean {
  if (ref === "#") return true;
  if (!ref.startsWith("#/")) return false;
  let node: unknown = root;
  let literal = false;
  for (const segment of ref.slice(2).split("/")) {
    let key: string;
    try {
      key = decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return false;
    }
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else {
      node = isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
      if (!literal && isProse(key, node)) return false;
      literal ||= isLiteralKey(key);
    }
    if (node === undefined) return false;
  }
  return true;
}
