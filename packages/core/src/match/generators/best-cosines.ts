/**
 * The character 3-gram query the matcher asks (char-ngrams.ts `best`): one text's entries whose cosine reaches a
 * floor, the best first, and the cosine of any entry asked. The same numbers, bit for bit, and the same entries as the
 * general query (`cosines`, then `top`, then the floor), for less work per row:
 * - the text's 3-grams are read as numbers (each character the index knows gets a symbol), not sliced into strings
 *   and looked up by string;
 * - the postings are walked as the general query walks them (the sums are the same floating-point numbers), but an
 *   entry's cosine, the best of its texts', is taken only for an entry asked for and for the texts at or above the
 *   floor, not for every entry met (a row meets about half the dictionary).
 */

/** A 3-gram's postings: the documents that have it, its weight in each, its rarity. */
export interface PostingList {
  readonly docs: Int32Array;
  readonly weights: Float64Array;
  readonly idf: number;
}

/** What {@link BestQuery} answers; it holds until the next query of the same index. */
export interface BestEntries {
  /** Up to `limit` entries whose cosine is at or above `floor`, best first (see rankedFirst for ties). */
  readonly top: readonly number[];
  /** The entry's cosine, 0 for an entry sharing no 3-gram with the text. */
  cosine(entry: number): number;
}

/** One query: the text, how many entries, the floor. */
export type BestQuery = (text: string, limit: number, floor: number) => BestEntries;

/** What the query reads of the index, as char-ngrams.ts built it. */
export interface BestQuerySource {
  /** Each document's entry; null for a twin text of its entry, which is never looked up. */
  readonly entryOf: readonly (number | null)[];
  readonly postings: ReadonlyMap<string, PostingList>;
  /** The rarity of a 3-gram no document has (it lengthens the query's vector). */
  readonly unknownIdf: number;
  /** 3-grams more common than this rarity (lower idf) are skipped, as the general query skips them. */
  readonly minIdf: number;
}

export function createBestQuery(source: BestQuerySource): BestQuery {
  const { postings, unknownIdf, minIdf } = source;
  // The postings of every 3-gram in two contiguous arrays (3-gram by id, in the map's order), those of the 3-grams the
  // query skips (too common) left out: fewer, denser reads than one small array per 3-gram.
  const gramCount = postings.size;
  const gramIdf = new Float64Array(gramCount);
  const postingStart = new Int32Array(gramCount + 1);
  let total = 0;
  for (const list of postings.values()) if (list.idf >= minIdf) total += list.docs.length;
  const postingDocs = new Int32Array(total);
  const postingWeights = new Float64Array(total);
  let gramId = 0;
  let at = 0;
  for (const list of postings.values()) {
    gramIdf[gramId] = list.idf;
    if (list.idf >= minIdf) {
      postingDocs.set(list.docs, at);
      postingWeights.set(list.weights, at);
      at += list.docs.length;
    }
    gramId += 1;
    postingStart[gramId] = at;
  }
  // Symbols of the characters the indexed 3-grams use (0: any other), and the 3-grams by their symbols.
  const symbolOf = new Int32Array(65536);
  let symbols = 1;
  for (const gram of postings.keys()) {
    for (let i = 0; i < gram.length; i += 1) if (symbolOf[gram.charCodeAt(i)] === 0) symbolOf[gram.charCodeAt(i)] = symbols++;
  }
  const keyOf = (a: number, b: number, c: number) => (a * symbols + b) * symbols + c;
  const gramOfKey = new Map<number, number>();
  let id = 0;
  for (const gram of postings.keys()) {
    gramOfKey.set(keyOf(symbolOf[gram.charCodeAt(0)]!, symbolOf[gram.charCodeAt(1)]!, symbolOf[gram.charCodeAt(2)]!), id);
    id += 1;
  }
  const docCount = source.entryOf.length;
  const entryOf = Int32Array.from(source.entryOf, (entry) => entry ?? -1);
  const entryCount = entryOf.reduce((max, entry) => Math.max(max, entry + 1), 0);
  const docsOfEntry: number[][] = Array.from({ length: entryCount }, () => []);
  entryOf.forEach((entry, doc) => {
    if (entry >= 0) docsOfEntry[entry]!.push(doc);
  });

  // Per query, reused: each document's dot product and the order it was first met (cleared when the next query
  // starts), the entries' cosines asked (stamped by query).
  const dots = new Float64Array(docCount);
  const metAt = new Int32Array(docCount);
  const touched = new Int32Array(docCount);
  let size = 0;
  const entryStamp = new Int32Array(entryCount);
  const entryCosine = new Float64Array(entryCount);
  const entryMet = new Int32Array(entryCount);
  let stamp = 0;

  // The query's distinct 3-grams in the order first met, with their counts and ids (-1: no document has it).
  const slotOfGram = new Int32Array(gramCount).fill(-1);
  const slotGram: number[] = [];
  const slotCount: number[] = [];
  const unknownSlots = new Map<number | string, number>();
  // Their weights before normalization.
  const weights: number[] = [];
  const countGram = (c1: number, c2: number, c3: number) => {
    const s1 = symbolOf[c1]!;
    const s2 = symbolOf[c2]!;
    const s3 = symbolOf[c3]!;
    const key = s1 !== 0 && s2 !== 0 && s3 !== 0 ? keyOf(s1, s2, s3) : String.fromCharCode(c1, c2, c3);
    const gram = typeof key === 'number' ? gramOfKey.get(key) : undefined;
    let slot = gram === undefined ? unknownSlots.get(key) : slotOfGram[gram]!;
    if (slot === undefined || slot < 0) {
      slot = slotGram.length;
      slotGram.push(gram ?? -1);
      slotCount.push(0);
      if (gram === undefined) unknownSlots.set(key, slot);
      else slotOfGram[gram] = slot;
    }
    slotCount[slot]! += 1;
  };

  /** The entry's cosine: the best of its texts' (a text's dot product capped at 1), 0 when none was met. */
  const cosineOfEntry = (entry: number): number => {
    if (entryStamp[entry] === stamp) return entryCosine[entry]!;
    let best = 0;
    let met = docCount;
    for (const doc of docsOfEntry[entry]!) {
      const dot = dots[doc]!;
      if (dot === 0) continue;
      const cosine = Math.min(1, dot);
      if (cosine > best) best = cosine;
      if (metAt[doc]! < met) met = metAt[doc]!;
    }
    entryStamp[entry] = stamp;
    entryCosine[entry] = best;
    entryMet[entry] = met;
    return best;
  };

  return (text, limit, floor) => {
    stamp += 1;
    for (let k = 0; k < size; k += 1) dots[touched[k]!] = 0;
    size = 0;
    slotGram.length = 0;
    slotCount.length = 0;
    unknownSlots.clear();
    // The padded 3-grams of each word (char-ngrams.ts `gramCounts`), read in place.
    for (let i = 0; i < text.length; ) {
      if (text.charCodeAt(i) === 32) {
        i += 1;
        continue;
      }
      let end = i;
      while (end < text.length && text.charCodeAt(end) !== 32) end += 1;
      // The word padded with a space on both sides, slid over three characters at a time.
      let c1 = 32;
      let c2 = text.charCodeAt(i);
      for (let k = i + 1; k <= end; k += 1) {
        const c3 = k === end ? 32 : text.charCodeAt(k);
        countGram(c1, c2, c3);
        c1 = c2;
        c2 = c3;
      }
      i = end;
    }
    // TF-IDF weights, L2-normalized over every 3-gram of the text, known or not (char-ngrams.ts `queryWeights`).
    weights.length = 0;
    let norm = 0;
    for (let s = 0; s < slotGram.length; s += 1) {
      const gram = slotGram[s]!;
      const weight = (1 + Math.log(slotCount[s]!)) * (gram >= 0 ? gramIdf[gram]! : unknownIdf);
      norm += weight * weight;
      weights.push(weight);
      if (gram >= 0) slotOfGram[gram] = -1;
    }
    const length = Math.sqrt(norm) || 1;
    // The postings in the query's order, each product added as the general query adds it.
    for (let s = 0; s < slotGram.length; s += 1) {
      const gram = slotGram[s]!;
      if (gram < 0) continue;
      if (gramIdf[gram]! < minIdf) continue;
      const weight = weights[s]! / length;
      for (let k = postingStart[gram]!; k < postingStart[gram + 1]!; k += 1) {
        const doc = postingDocs[k]!;
        if (dots[doc] === 0) {
          metAt[doc] = size;
          touched[size++] = doc;
        }
        dots[doc]! += weight * postingWeights[k]!;
      }
    }
    // The entries of the texts at or above the floor.
    const reached: number[] = [];
    for (let k = 0; k < size; k += 1) {
      const doc = touched[k]!;
      if (Math.min(1, dots[doc]!) < floor) continue;
      const entry = entryOf[doc]!;
      if (entryStamp[entry] === stamp) continue;
      cosineOfEntry(entry);
      reached.push(entry);
    }
    const queried = stamp;
    return {
      top: rankedFirst(reached, entryCosine, entryMet, limit),
      cosine(entry) {
        if (queried !== stamp) throw new Error('char-ngrams: the cosines of an earlier query were read after a later query');
        return cosineOfEntry(entry);
      },
    };
  };
}

// ---- internal helpers ----

/**
 * The best `limit` entries, as the general query's `top` keeps them: meeting the entries in the order the query met
 * them, it keeps a list ordered by cosine (ties by entry index) and admits an entry into a full list only when it
 * scores above the last one, so of entries tied at the last place the ones met first stay. Entries below the floor
 * never change which of the others it keeps, so meeting only these gives the same list.
 */
function rankedFirst(entries: number[], cosines: Float64Array, met: Int32Array, limit: number): number[] {
  entries.sort((a, b) => met[a]! - met[b]!);
  const kept: number[] = [];
  for (const entry of entries) {
    const cosine = cosines[entry]!;
    if (kept.length === limit && cosine <= cosines[kept[limit - 1]!]!) continue;
    // Inserted by shifting the ones it beats down (the last falls off a full list).
    let at = kept.length < limit ? kept.length : limit - 1;
    while (at > 0 && (cosines[kept[at - 1]!]! < cosine || (cosines[kept[at - 1]!]! === cosine && kept[at - 1]! > entry))) {
      kept[at] = kept[at - 1]!;
      at -= 1;
    }
    kept[at] = entry;
  }
  return kept;
}
