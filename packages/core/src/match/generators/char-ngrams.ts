/**
 * The character n-gram generator: TF-IDF over character 3-grams of each word (padded with a space on both sides,
 * so `узи` gives ` уз`, `узи`, `зи `), cosine between sparse vectors, looked up through an inverted index. It finds
 * an entry whose words are damaged by OCR (`гемоглобнн`), inflected (`печени` / `печень`) or glued, which the term
 * index misses. Each entry is read in several texts (its normalized name, its stems, each reading and alias as
 * stems); an entry's cosine is the best over its texts.
 */

/** One text of an entry, as the generator indexes it. */
export interface NgramDocument {
  /** Index of the entry the text belongs to (several texts per entry). */
  readonly entry: number;
  readonly text: string;
}

export interface CharNgramIndex {
  /**
   * The cosine of every entry that shares a 3-gram with one of `texts`, best text against best text; entries
   * sharing none are absent. Scores are in 0..1.
   */
  cosines(texts: readonly string[]): Map<number, number>;
  /** The `limit` entries of highest cosine, best first (ties by entry index). */
  top(cosines: ReadonlyMap<number, number>, limit: number): number[];
}

/** 3-grams whose inverse document frequency is below this are skipped at query time: they say little. */
const MIN_IDF = 0.5;

/** Builds the inverted index once per dictionary version. */
export function createCharNgramIndex(documents: readonly NgramDocument[]): CharNgramIndex {
  const counts = documents.map((doc) => gramCounts(doc.text));
  const df = new Map<string, number>();
  for (const grams of counts) for (const gram of grams.keys()) df.set(gram, (df.get(gram) ?? 0) + 1);
  const total = Math.max(documents.length, 1);
  const idf = (gram: string): number => Math.log(1 + total / (df.get(gram) ?? 0.5));
  const postings = new Map<string, { doc: number; weight: number }[]>();
  counts.forEach((grams, doc) => {
    const weighted = weightsOf(grams, idf);
    for (const [gram, weight] of weighted) {
      const list = postings.get(gram);
      if (list) list.push({ doc, weight });
      else postings.set(gram, [{ doc, weight }]);
    }
  });
  const entryOf = documents.map((doc) => doc.entry);
  const dots = new Float64Array(documents.length);

  return {
    cosines(texts) {
      const best = new Map<number, number>();
      for (const text of new Set(texts)) {
        const touched: number[] = [];
        for (const [gram, weight] of weightsOf(gramCounts(text), idf)) {
          if (idf(gram) < MIN_IDF) continue;
          for (const posting of postings.get(gram) ?? []) {
            if (dots[posting.doc] === 0) touched.push(posting.doc);
            dots[posting.doc]! += weight * posting.weight;
          }
        }
        for (const doc of touched) {
          const entry = entryOf[doc]!;
          const cosine = Math.min(1, dots[doc]!);
          if (cosine > (best.get(entry) ?? 0)) best.set(entry, cosine);
          dots[doc] = 0;
        }
      }
      return best;
    },
    top(cosines, limit) {
      return [...cosines.entries()]
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, limit)
        .map(([entry]) => entry);
    },
  };
}

/** Counts of the padded 3-grams of each word of a text. */
export function gramCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.split(' ')) {
    if (word.length === 0) continue;
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) {
      const gram = padded.slice(i, i + 3);
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  }
  return counts;
}

// ---- internal helpers ----

/** Sublinear TF times IDF, L2-normalized. */
function weightsOf(counts: ReadonlyMap<string, number>, idf: (gram: string) => number): Map<string, number> {
  const weights = new Map<string, number>();
  let norm = 0;
  for (const [gram, count] of counts) {
    const weight = (1 + Math.log(count)) * idf(gram);
    weights.set(gram, weight);
    norm += weight * weight;
  }
  const length = Math.sqrt(norm) || 1;
  for (const [gram, weight] of weights) weights.set(gram, weight / length);
  return weights;
}
