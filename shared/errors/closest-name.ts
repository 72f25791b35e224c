// The declared name a mistyped one most likely meant, by edit distance, so an unknown field can say "did you mean".

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost one. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidate closest to `name`, or undefined when none is close enough to be a plausible slip: case is ignored first
 * (`timezone` means `timeZone`), and at most one edit per three characters is allowed beyond that.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  let best: { candidate: string; distance: number; exact: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance > Math.max(1, Math.floor(Math.max(name.length, candidate.length) / 3))) continue;
    const exact = editDistance(name, candidate);
    if (!best || distance < best.distance || (distance === best.distance && exact < best.exact)) best = { candidate, distance, exact };
  }
  return best?.candidate;
}
