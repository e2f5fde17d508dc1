/**
 * The character n-gram generator: TF-IDF over character 3-grams of each word (padded with a space on both sides,
 * so `узи` gives ` уз`, `узи`, `зи `), cosine between sparse vectors, looked up through an inverted index. It finds
 * an entry whose words are damaged by OCR (`гемоглобнн`), inflected (`печени` / `печень`) or glued, which the term
 * index misses. Each entry is read in several texts (its normalized name, its stems, each reading and alias as
 * stems); an entry's cosine is the best over its texts.
 */
import { createBestQuery, type BestEntries, type PostingList } from './best-cosines.js';

export type { BestEntries } from './best-cosines.js';

/** One text of an entry, as the generator indexes it. */
export interface NgramDocument {
  /** Index of the entry the text belongs to (several texts per entry). */
  readonly entry: number;
  readonly text: string;
}

export interface CharNgramIndex {
  /**
   * The cosine of every entry that shares a 3-gram with one of `texts`, best text against best text; entries
   * sharing none are absent. Scores are in 0..1. The answer holds until the next query of the same index (its
   * storage is reused); reading it later throws.
   */
  cosines(texts: readonly string[]): Cosines;
  /** The `limit` entries of highest cosine, best first (ties by entry index). */
  top(cosines: Cosines, limit: number): number[];
  /**
   * One text's best entries and any entry's cosine, as {@link cosines} and {@link top} give them (`top` then keeping
   * the entries at or above `floor`), bit for bit, without scoring every document that shares a 3-gram: a document
   * that shares with the text only 3-grams whose largest possible contribution sums below `floor` cannot reach it
   * and is scored only when its entry is asked for (max-score pruning). The answer holds until the next query of the
   * same index (its storage is reused); reading it later throws.
   */
  best(text: string, limit: number, floor: number): BestEntries;
}


/** The cosines of one query: by entry, and the entries it touched in the order it met them. */
export interface Cosines {
  /** The entry's cosine; `undefined` for an entry sharing no 3-gram with the query. */
  get(entry: number): number | undefined;
  has(entry: number): boolean;
  /** The entries met, in the order the query met them. */
  readonly entries: readonly number[];
}

export interface CharNgramOptions {
  /**
   * 3-grams found in more than this share of the documents are skipped at query time: they say little and their
   * postings are the longest (the cosine is then a slight underestimate). @default 1 (none skipped)
   */
  readonly maxDocumentShare?: number;
}

/** Builds the inverted index once per dictionary version. */
export function createCharNgramIndex(documents: readonly NgramDocument[], options: CharNgramOptions = {}): CharNgramIndex {
  const minIdf = Math.log(1 + 1 / (options.maxDocumentShare ?? 1));
  const counts = documents.map((doc) => gramCounts(doc.text));
  const df = new Map<string, number>();
  for (const grams of counts) for (const gram of grams.keys()) df.set(gram, (df.get(gram) ?? 0) + 1);
  const total = Math.max(documents.length, 1);
  const idf = (gram: string): number => Math.log(1 + total / (df.get(gram) ?? 0.5));
  // Postings as parallel typed arrays per 3-gram: the document and the 3-gram's weight in it. A text an entry has twice
  // counts twice in the rarities but is looked up once: its twin would score the same for the same entry.
  const lists = new Map<string, { docs: number[]; weights: number[] }>();
  const indexed = new Set<string>();
  // Each looked-up document's entry (null for a twin text), for the matcher's query.
  const lookedUp: (number | null)[] = counts.map(() => null);
  counts.forEach((grams, doc) => {
    const key = `${documents[doc]!.entry}\u0000${documents[doc]!.text}`;
    if (indexed.has(key)) return;
    indexed.add(key);
    lookedUp[doc] = documents[doc]!.entry;
    for (const [gram, weight] of weightsOf(grams, idf)) {
      let list = lists.get(gram);
      if (!list) lists.set(gram, (list = { docs: [], weights: [] }));
      list.docs.push(doc);
      list.weights.push(weight);
    }
  });
  const postings = new Map<string, { docs: Int32Array; weights: Float64Array; idf: number }>();
  for (const [gram, list] of lists) postings.set(gram, { docs: Int32Array.from(list.docs), weights: Float64Array.from(list.weights), idf: idf(gram) });
  // A query's 3-gram absent from every document weighs as `idf` says of it (it lengthens the query's vector).
  const unknownIdf = idf('');
  const entryOf = Int32Array.from(documents.map((doc) => doc.entry));
  const dots = new Float64Array(documents.length);
  const touched = new Int32Array(documents.length);
  const entryCount = entryOf.reduce((max, entry) => Math.max(max, entry + 1), 0);
  // The best cosine per entry, dense (entries are few thousand at most) and shared by the queries: 0 stands for «not
  // met», as a met entry's cosine is > 0; the entries the last query met are cleared when the next one starts.
  const bestOf = new Float64Array(entryCount);
  let lastEntries: readonly number[] = [];
  let queries = 0;
  const best = createBestQuery({ entryOf: lookedUp, postings, unknownIdf, minIdf });

  return {
    best,
    cosines(texts) {
      for (const entry of lastEntries) bestOf[entry] = 0;
      const entries: number[] = [];
      lastEntries = entries;
      const query = ++queries;
      const current = () => {
        if (query !== queries) throw new Error('char-ngrams: the cosines of an earlier query were read after a later query');
      };
      for (const text of new Set(texts)) {
        let size = 0;
        const grams = queryWeights(gramCounts(text), postings, unknownIdf);
        for (let q = 0; q < grams.postings.length; q += 1) {
          const posting = grams.postings[q]!;
          if (posting.idf < minIdf) continue;
          const weight = grams.weights[q]!;
          const { docs, weights } = posting;
          for (let k = 0; k < docs.length; k += 1) {
            const doc = docs[k]!;
            if (dots[doc] === 0) touched[size++] = doc;
            dots[doc]! += weight * weights[k]!;
          }
        }
        for (let k = 0; k < size; k += 1) {
          const doc = touched[k]!;
          const entry = entryOf[doc]!;
          const cosine = Math.min(1, dots[doc]!);
          if (bestOf[entry] === 0) entries.push(entry);
          if (cosine > bestOf[entry]!) bestOf[entry] = cosine;
          dots[doc] = 0;
        }
      }
      return {
        entries,
        get: (entry) => {
          current();
          return bestOf[entry] ? bestOf[entry] : undefined;
        },
        has: (entry) => {
          current();
          return bestOf[entry]! > 0;
        },
      };
    },
    top(cosines, limit) {
      // A bounded insertion list: the limit is small against the entries touched.
      const kept: [number, number][] = [];
      for (const entry of cosines.entries) {
        const cosine = cosines.get(entry)!;
        if (kept.length === limit && cosine <= kept[limit - 1]![1]) continue;
        let at = kept.length;
        while (at > 0 && (kept[at - 1]![1] < cosine || (kept[at - 1]![1] === cosine && kept[at - 1]![0] > entry))) at -= 1;
        kept.splice(at, 0, [entry, cosine]);
        if (kept.length > limit) kept.pop();
      }
      return kept.map(([entry]) => entry);
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

type Posting = PostingList;

/**
 * A query's 3-grams that some document has, with their weights: as {@link weightsOf} computes them (the norm counts
 * every 3-gram of the query, known or not), one posting lookup per 3-gram.
 */
function queryWeights(
  counts: ReadonlyMap<string, number>,
  postings: ReadonlyMap<string, Posting>,
  unknownIdf: number,
): { postings: Posting[]; weights: number[] } {
  const found: Posting[] = [];
  const weights: number[] = [];
  let norm = 0;
  for (const [gram, count] of counts) {
    const posting = postings.get(gram);
    const weight = (1 + Math.log(count)) * (posting ? posting.idf : unknownIdf);
    norm += weight * weight;
    if (posting) {
      found.push(posting);
      weights.push(weight);
    }
  }
  const length = Math.sqrt(norm) || 1;
  for (let q = 0; q < weights.length; q += 1) weights[q] = weights[q]! / length;
  return { postings: found, weights };
}

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
