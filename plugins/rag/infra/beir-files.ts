// Reads a BEIR-format collection: corpus.jsonl ({_id, title, text}), queries.jsonl ({_id, text}) and a qrels TSV (query-id, corpus-id, score).
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';

export interface BeirDocument {
  readonly id: string;
  readonly title: string;
  readonly text: string;
}

async function* jsonLines(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line) as Record<string, unknown>;
    } catch {
      throw new Error(`${file}:${n}: not a JSON object`);
    }
  }
}

export async function readCorpus(file: string): Promise<BeirDocument[]> {
  const out: BeirDocument[] = [];
  for await (const row of jsonLines(file)) {
    if (typeof row['_id'] !== 'string' && typeof row['_id'] !== 'number') throw new Error(`${file}: a document has no _id`);
    out.push({ id: String(row['_id']), title: typeof row['title'] === 'string' ? row['title'] : '', text: typeof row['text'] === 'string' ? row['text'] : '' });
  }
  return out;
}

export async function readQueries(file: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const row of jsonLines(file)) {
    if (typeof row['text'] === 'string') out.set(String(row['_id']), row['text']);
  }
  return out;
}

/** Grades by query, then document; a header line (BEIR has one) is skipped. */
export async function readQrels(file: string): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    const cols = line.trim().split(/\t|\s+/);
    if (cols.length < 3) continue;
    // BEIR: query-id corpus-id score; TREC: query-id 0 corpus-id score.
    const [query, doc, grade] = cols.length >= 4 ? [cols[0]!, cols[2]!, cols[3]!] : [cols[0]!, cols[1]!, cols[2]!];
    if (!/^-?\d+$/.test(grade)) continue;
    const judged = out.get(query) ?? new Map<string, number>();
    judged.set(doc, Number(grade));
    out.set(query, judged);
  }
  return out;
}
