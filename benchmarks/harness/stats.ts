/** Small statistics and formatting helpers. */

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The `p`-th percentile (0–100) by nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Rounds to `digits` significant decimals, keeping JSON short. */
export function round(value: number, digits = 3): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Decimal units (1 kB = 1000 B), as bundle sizes are usually quoted. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)} MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(1)} kB`;
  return `${bytes} B`;
}

export function formatSeconds(seconds: number): string {
  return seconds >= 10 ? `${seconds.toFixed(1)} s` : `${seconds.toFixed(2)} s`;
}

export function formatCount(value: number): string {
  return Math.round(value).toLocaleString("en-US");
}

/** Rotates `items` by `shift`: interleaved rounds start with a different contender each time. */
export function rotate<T>(items: readonly T[], shift: number): T[] {
  const n = items.length;
  if (n === 0) return [];
  const s = ((shift % n) + n) % n;
  return [...items.slice(s), ...items.slice(0, s)];
}
