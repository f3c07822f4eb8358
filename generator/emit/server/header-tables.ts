/**
 * The response header tables of server-api.ts. A table several different responses declare is
 * written once, as `const headersN` (shared-constants.ts); and a run of headers that several
 * different tables end with (the pet store declares its rate-limit headers on every response,
 * after `Link`, `Location`, `Retry-After` or the deprecation headers) is written once too and
 * spread into each: `{ Link: …, ...headers2 }`. A table keeps its headers in their order, so the
 * runtime reads the same object as before (issue 41: the worker bundle carried a copy of the
 * rate-limit headers per table).
 */
import {
  DataObject,
  DataReference,
  DataSpread,
  type DataConstant,
  type DataValue,
} from "../ts/data-layout.js";
import { SharedConstants } from "../ts/shared-constants.js";

/** One declared header: its name, its descriptor literal and that literal's text. */
export interface HeaderEntry {
  readonly name: string;
  readonly value: DataValue;
  readonly text: string;
}

/** A table as written: the headers written in it, then the runs spread after them. */
interface Layout {
  own: readonly HeaderEntry[];
  readonly tails: string[];
}

/** What a spread costs in the source (`    ...headers12,\n`), against the headers it replaces. */
const SPREAD_LENGTH = 18;

function keyOf(entries: readonly HeaderEntry[]): string {
  return JSON.stringify(entries.map(({ name, text }) => [name, text]));
}

function lengthOf(entries: readonly HeaderEntry[]): number {
  return entries.reduce((sum, { name, text }) => sum + name.length + text.length + 8, 0);
}

export class HeaderTables {
  readonly #constants: SharedConstants;
  readonly #layouts = new Map<string, Layout>();

  constructor(into: DataConstant[]) {
    this.#constants = new SharedConstants(
      {
        prefix: "headers",
        type: "Readonly<Record<string, ResponseHeaderDescriptor>>",
        doc: "Response header tables several responses declare (or end with), written once.",
      },
      into,
    );
  }

  get used(): boolean {
    return this.#constants.used;
  }

  /** Counts one response literal that declares `headers`. */
  count(headers: readonly HeaderEntry[]): void {
    const key = keyOf(headers);
    this.#constants.count(key);
    if (!this.#layouts.has(key)) this.#layouts.set(key, { own: headers, tails: [] });
  }

  /**
   * Shares the runs of headers several tables end with, the one that saves most first, until
   * none saves anything. Each step shortens the headers written in place, so it ends.
   */
  shareTails(): void {
    for (;;) {
      const candidates = new Map<string, { entries: HeaderEntry[]; layouts: Layout[] }>();
      for (const layout of this.#layouts.values()) {
        for (let length = 1; length <= layout.own.length; length++) {
          const entries = layout.own.slice(-length);
          const key = keyOf(entries);
          const candidate = candidates.get(key) ?? { entries, layouts: [] };
          candidate.layouts.push(layout);
          candidates.set(key, candidate);
        }
      }
      let best: { key: string; entries: HeaderEntry[]; layouts: Layout[] } | undefined;
      let bestSaving = 0;
      for (const [key, { entries, layouts }] of candidates) {
        const saving = (layouts.length - 1) * lengthOf(entries) - layouts.length * SPREAD_LENGTH;
        if (layouts.length >= 2 && saving > bestSaving) {
          best = { key, entries, layouts };
          bestSaving = saving;
        }
      }
      if (best === undefined) return;
      const tail = this.#layouts.get(best.key);
      for (const layout of best.layouts) {
        if (layout === tail) continue; // the table that is exactly this run stays its constant
        layout.own = layout.own.slice(0, layout.own.length - best.entries.length);
        layout.tails.unshift(best.key);
      }
      if (tail === undefined) this.#layouts.set(best.key, { own: best.entries, tails: [] });
      this.#constants.count(best.key, 2);
    }
  }

  /** The table of `headers` (counted first): a literal, or a reference to its constant. */
  write(headers: readonly HeaderEntry[]): DataValue {
    return this.#write(keyOf(headers));
  }

  #write(key: string): DataValue {
    return this.#constants.write(key, () => {
      const layout = this.#layouts.get(key);
      if (layout === undefined) throw new Error(`header table ${key} was not counted`);
      const spreads = layout.tails.map((tail) => {
        const written = this.#write(tail);
        if (!(written instanceof DataReference))
          throw new Error(`header run ${tail} is not shared`);
        return written;
      });
      if (layout.own.length === 0 && spreads.length === 1) return spreads[0]!;
      return new DataObject([
        ...layout.own.map(({ name, value }) => [name, value] as const),
        ...spreads.map((spread) => new DataSpread(spread)),
      ]);
    });
  }
}
