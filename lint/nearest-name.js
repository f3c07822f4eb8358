/**
 * "Did you mean": the candidate nearest to a mistyped name (edit distance at most 2, or a
 * difference of case only), shared by lint (house/replaced-by-exists) and `generate`.
 * Plain JavaScript (the Redocly plugin loads it as is); types in nearest-name.d.ts.
 */

/** The nearest candidate to `word`, or undefined when none is within an edit distance of 2. */
export function nearestName(word, candidates) {
  let best;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance =
      candidate.toLowerCase() === word.toLowerCase() ? 0 : editDistance(word, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return best;
}

function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
