// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Which declared media type a body is written or read as, for bodies that declare XML: the node
 * tree of a media type, and the media type the request's `Accept` prefers among several declared
 * (JSON and XML for one status, say). Part of the XML codec (xml-codec.ts), so that servers and
 * clients without XML carry none of it.
 */
import { essenceOf } from "./xml-media.js";
import type { XmlNode } from "./xml-shape.js";

/** The node tree of `contentType` among a body's XML media types (by essence), if it is one. */
export function xmlNodeFor(
  shapes: Readonly<Record<string, XmlNode>>,
  contentType: string,
): XmlNode | undefined {
  const essence = essenceOf(contentType);
  for (const mediaType of Object.keys(shapes)) {
    if (essenceOf(mediaType) === essence) return shapes[mediaType];
  }
  return undefined;
}

/** One range of an `Accept` header: its essence (`type/subtype`, `type/*`, `*\/*`) and weight. */
interface AcceptRange {
  readonly essence: string;
  readonly q: number;
}

function acceptRanges(accept: string): AcceptRange[] {
  return accept.split(",").map((part) => {
    const [range = "", ...parameters] = part.split(";");
    let q = 1;
    for (const parameter of parameters) {
      const [name, value] = parameter.split("=");
      if (name?.trim().toLowerCase() === "q") q = Number(value?.trim() ?? "1");
    }
    return { essence: range.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0 };
  });
}

/** How much the ranges want `essence`: the weight of the most specific range matching it, else 0. */
function weight(ranges: readonly AcceptRange[], essence: string): number {
  let best = 0;
  let specificity = -1;
  const anyOfType = `${essence.slice(0, essence.indexOf("/") + 1)}*`;
  for (const range of ranges) {
    const level =
      range.essence === essence
        ? 2
        : range.essence === anyOfType
          ? 1
          : range.essence === "*/*"
            ? 0
            : -1;
    if (level > specificity) {
      specificity = level;
      best = range.q;
    }
  }
  return best;
}

/**
 * The media type to answer with among those a response declares: the one `accept` weighs most
 * (the spec's order breaks ties; wildcard entries of the spec are skipped), or the first declared
 * when the request states no preference or accepts none of them (answered rather than a 406).
 */
export function negotiateMediaType(offered: readonly string[], accept: string | null): string {
  const first = offered[0] ?? "application/xml";
  if (accept === null || accept.trim() === "" || offered.length < 2) return first;
  const ranges = acceptRanges(accept);
  let chosen = first;
  let chosenWeight = 0;
  for (const mediaType of offered) {
    if (mediaType.includes("*")) continue;
    const q = weight(ranges, essenceOf(mediaType));
    if (q > chosenWeight) {
      chosen = mediaType;
      chosenWeight = q;
    }
  }
  return chosen;
}
