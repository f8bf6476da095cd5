// The one "did you mean" of the tool: the name of ours a misspelt one most likely meant, for MOCKAPI_ variables and
// .env keys (src/run/config.ts, closestSetting), flags (flagError) and a config file's properties (config-file.ts).

/** Edit distance with transpositions (optimal string alignment): ULR -> URL is one edit. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The candidate a name most likely meant, case aside: the nearest of `forms` (the name as given, and any other
 * form it may stand for) within two edits, or a third of the candidate's own part (`ownPart`: a variable's name
 * without its prefix) where that is more; undefined when none is that close.
 */
export function closestName(forms: readonly string[], candidates: readonly string[], ownPart: (candidate: string) => string = (c) => c): string | undefined {
  let closest: string | undefined;
  let closestDistance = Infinity;
  for (const candidate of candidates) {
    const bound = Math.max(2, Math.floor(ownPart(candidate).length / 3));
    for (const form of forms) {
      const distance = editDistance(form.toLowerCase(), candidate.toLowerCase());
      if (distance <= bound && distance < closestDistance) [closest, closestDistance] = [candidate, distance];
    }
  }
  return closest;
}
