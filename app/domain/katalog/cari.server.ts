/**
 * Product search: the public site's `/produk?q=`, the header's suggestions
 * (`/cari/saran?q=`) and `GET /api/produk?q=` all search through here.
 *
 * The index. `produk_cari` (migration 0016_produk_cari.sql) is an SQLite FTS5 table over each
 * product's name, category name and description, keyed by produk.id. It is kept in step by
 * SQLite triggers on `produk` (insert, update, delete) and `kategori` (a rename re-indexes its
 * products), inside the writing transaction: every writer — this app's domain functions, the
 * CSV import's own statements, the seed, bench/scale.mjs's bulk SQL, a restored backup — keeps
 * it right without calling anything, and nothing here writes to it. Drafts are indexed too; the
 * queries below apply the one visibility rule (produkTayangRaw, app/domain/tayang/tayang.server.ts).
 *
 * Tokenizer: `unicode61 remove_diacritics 2` rather than trigram, because
 * - it folds case and accents the same way on both sides ('kúrsi' finds 'Kursi');
 * - Indonesian builds words by suffixes (meja → mejanya, kursi → kursinya): a prefix query per
 *   term ("kursi"*) finds them, where unicode61's whole words alone would not, and a trigram
 *   index would need ≥ 3 characters per term (the suggestions start at two) and be ~3× larger;
 * - `prefix='2 3'` keeps the 2- and 3-letter prefixes indexed, so the 2-character suggestion
 *   query is an index lookup, not a scan of the vocabulary.
 * Terms of one character are matched whole ("meja 2 pintu": the token '2', not every number
 * starting with 2).
 *
 * Typo tolerance: a term of ≥ 4 letters that starts no word of the index also matches the
 * index's words within Damerau–Levenshtein distance 1 of it, or of one of their prefixes that
 * starts with the same letter ('kurso', 'krusi' → kursi; 'lemri' → lemari; 'krus' → kursi while
 * still typing), the 16 found in most products. The vocabulary comes from `produk_cari_kata`
 * (fts5vocab), is held in memory, read again once the index has changed (kosakata below), and
 * only when a query has such a term: an ordinary search never reads it.
 *
 * User input never reaches FTS5's query syntax: it is cut into the tokenizer's own terms
 * (letters and digits; everything else — quotes, `*`, `(`, `:`, `^`, `-` — separates) and every
 * term is written quoted, so `AND`, `OR`, `NEAR(` and `"` are plain words or nothing at all.
 *
 * Which products: those matching ANY of the terms ('sofa murah' finds the sofas, though no
 * product says "murah"). Ranking: the products whose name holds the terms as typed, then those
 * whose name holds every term, then the phrase or every term anywhere (further MATCHes, whose
 * rowids SQLite collects once per query); within each, bm25 with column weights name 10,
 * category 4, description 1 (a product named after the word before one whose category is,
 * before one that only mentions it); then the name.
 *
 * Caching. Search answers do not get readThrough keys of their own: its 256 entries are shared
 * with every public page's data, so arbitrary `q` values would push the header's, the home
 * page's … out. They are kept instead in ONE readThrough entry, "cari:hasil": a Map of answers
 * made for the data as it is now (readThrough hands out a new, empty one after any change of
 * the database, as for its own answers), bounded here by the cards it holds (HASIL_MAX_KARTU,
 * oldest first out: at most ~1 MB whatever the visitors type). Measured at 10,000 products, a
 * new search costs ~3 ms of SQLite (bm25 over a couple of thousand matches for a common word),
 * a repeated one microseconds. In front, the public page cache (server/app.ts) keeps whole
 * rendered answers per URL for anonymous visitors, bounded in bytes (LRU): a popular search is
 * served from memory and random ones only recycle its least used pages.
 */
import { sql } from "drizzle-orm";
import { deepFreeze, readThrough, type Db } from "~/lib/server/db.server";
import { uploadUrl } from "~/lib/server/uploads.server";
import { paged, type Page } from "~/lib/server/paging.server";
import { firstImage, type ProdukCard } from "~/domain/produk/public.server";
import { produkTayangRaw } from "~/domain/tayang/tayang.server";
import type { TableState } from "~/lib/util/table-state";

/** A search text is cut to this many characters (never an error). */
export const CARI_MAX = 100;
/** Suggestions start at this many characters. */
export const SARAN_MIN = 2;
/** Terms beyond this many are ignored (100 characters hold at most ~50 anyway). */
const MAX_TERMS = 10;
/** Typo tolerance applies to terms of at least this many characters. */
const TYPO_MIN = 4;
/** Words a misspelt term may stand for, the most frequent first. */
const TYPO_CANDIDATES = 16;
/** bm25 weights of the index's columns: nama_produk, kategori, deskripsi. */
const BOBOT = "10.0, 4.0, 1.0";

/** The search text as the pages use it: trimmed, inner whitespace collapsed, at most CARI_MAX characters. */
export function normalizeCari(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, CARI_MAX).trim();
}

/**
 * The terms of a search text, as FTS5's unicode61 tokenizer with remove_diacritics 2 makes
 * them: accents removed, lower case, split on everything that is not a letter or a digit.
 */
export function termsOf(q: string): string[] {
  return q
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
}

/** An FTS5 string: the term between double quotes (a quote inside is doubled). */
function quoted(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** True when a and b are within Damerau–Levenshtein (optimal string alignment) distance 1. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    // One substitution, or two neighbours swapped.
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  // One character more in the longer one.
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * True when `term` is within one edit of `word`, or — the user may still be typing — of a
 * prefix of it that starts with the same letter (a looser guess needs that much to hold on to).
 */
function closeTo(term: string, word: string): boolean {
  if (withinOneEdit(term, word)) return true;
  if (word[0] !== term[0]) return false;
  const n = term.length;
  for (const length of [n - 1, n, n + 1]) {
    if (length >= word.length) continue;
    if (withinOneEdit(term, word.slice(0, length))) return true;
  }
  return false;
}

type Kosakata = { terms: string[]; docs: number[] };
const kosakataKept = new WeakMap<object, { versi: Buffer; kata: Kosakata }>();

/**
 * The index's words (and in how many products each occurs). Reading them walks the whole index
 * (~15 ms at 10,000 products), so they are kept per connection until the index itself changes:
 * its FTS5 structure record (row 10 of produk_cari_data, FTS5's on-disk format) is rewritten by
 * every write to the index — from this process or any other — and by nothing else, and reading
 * it costs microseconds. (readThrough would re-read them after ANY write: a WhatsApp click, a
 * session.) Inside a transaction they are simply read.
 */
function kosakata(db: Db): Kosakata {
  const read = (): Kosakata => {
    const rows = db.all<{ term: string; doc: number }>(sql.raw("select term, doc from produk_cari_kata"));
    return { terms: rows.map((r) => r.term), docs: rows.map((r) => r.doc) };
  };
  if (!("$client" in db)) return read();
  const versi = db.get<{ block: Buffer } | undefined>(sql.raw("select block from produk_cari_data where id = 10"))?.block ?? Buffer.alloc(0);
  const kept = kosakataKept.get(db.$client as object);
  if (kept && kept.versi.equals(versi)) return kept.kata;
  const kata = read();
  kosakataKept.set(db.$client as object, { versi, kata });
  return kata;
}

/** The highest Unicode code point: `prefix + MAX_CHAR` sorts after every word starting with prefix. */
const MAX_CHAR = String.fromCodePoint(0x10ffff);

function startsSomeWord(db: Db, term: string): boolean {
  const row = db.get<{ ok: number } | undefined>(
    sql`select 1 as ok from produk_cari_kata where term >= ${term} and term < ${term + MAX_CHAR} limit 1`,
  );
  return row !== undefined;
}

/** The words of the index a misspelt term may stand for, the most frequent first. */
function typoCandidates(db: Db, term: string): string[] {
  const { terms, docs } = kosakata(db);
  const found: { term: string; doc: number }[] = [];
  for (let i = 0; i < terms.length; i++) {
    const word = terms[i]!;
    if (word.length < term.length - 1) continue;
    if (closeTo(term, word)) found.push({ term: word, doc: docs[i]! });
  }
  found.sort((a, b) => b.doc - a.doc || (a.term < b.term ? -1 : 1));
  return found.slice(0, TYPO_CANDIDATES).map((f) => f.term);
}

/**
 * The FTS5 MATCH expressions of a search text, or null when it holds no term (e.g. only
 * punctuation). `any`: a product matching any term is found ('sofa murah' finds the sofas when
 * no product is called "murah"); `all`: every term (for ranking, with several terms); `phrase`:
 * the terms in their order, the last a prefix (for ranking). Each term is a quoted prefix query,
 * a one-character term a whole token, a misspelt one an OR of the words it may stand for.
 */
export type Match = { any: string; all: string | null; phrase: string | null };

export function matchOf(db: Db, q: string): Match | null {
  const terms = termsOf(q);
  if (terms.length === 0) return null;
  const parts = terms.map((term) => {
    if (term.length === 1) return quoted(term);
    const prefix = `${quoted(term)}*`;
    if (term.length < TYPO_MIN || /^\p{N}+$/u.test(term) || startsSomeWord(db, term)) return prefix;
    const candidates = typoCandidates(db, term);
    return candidates.length ? `(${[prefix, ...candidates.map(quoted)].join(" OR ")})` : prefix;
  });
  if (parts.length === 1) return { any: parts[0]!, all: null, phrase: null };
  const last = terms.length - 1;
  const phrase = terms.map((term, i) => (i === last && term.length > 1 ? `${quoted(term)} *` : quoted(term))).join(" + ");
  return { any: parts.join(" OR "), all: parts.join(" AND "), phrase };
}

// The FTS table drives the join (CROSS JOIN keeps that order: the planner must not walk a
// category's products and probe the index for each); produk and kategori keep their names for
// produkTayangRaw.
const FROM = sql.raw(`produk_cari
  cross join produk on produk.id = produk_cari.rowid
  left join kategori on kategori.id = produk.id_kategori`);
const TAYANG = sql.raw(produkTayangRaw);

function whereOf(match: Match, idKategori: number | undefined) {
  return sql`produk_cari match ${match.any} and ${TAYANG}${idKategori === undefined ? sql`` : sql` and produk.id_kategori = ${idKategori}`}`;
}

/**
 * Relevance, for several terms: the name holding the terms as typed (the phrase), then the name
 * holding every term, then the phrase anywhere, then every term anywhere; within each, bm25 with
 * the column weights (bm25 alone let 'Set Kursi Tamu Jepara' with "jati" in its description beat
 * 'Kursi Tamu Jati …' for "kursi tamu jati", "jati" being in nearly every product and so worth
 * ~0), then the name. One term: bm25 says it all.
 */
function orderOf(match: Match) {
  const rest = sql`bm25(produk_cari, ${sql.raw(BOBOT)}), produk.nama_produk, produk.id`;
  if (!match.all || !match.phrase) return rest;
  const hit = (expression: string) => sql`produk.id in (select rowid from produk_cari where produk_cari match ${expression}) desc`;
  return sql`${hit(`{nama_produk} : (${match.phrase})`)}, ${hit(`{nama_produk} : (${match.all})`)}, ${hit(match.phrase)}, ${hit(match.all)}, ${rest}`;
}

function countOf(db: Db, match: Match, idKategori: number | undefined): number {
  return db.get<{ n: number }>(sql`select count(*) as n from ${FROM} where ${whereOf(match, idKategori)}`)?.n ?? 0;
}

/** The query of a page of result cards (exported for the test of its plan). */
export function cardsQuery(match: Match, idKategori: number | undefined, limit: number, offset: number) {
  return sql`
    select produk.id as id, produk.nama_produk as nama_produk, produk.nama_seo as nama_seo, produk.harga as harga,
      kategori.kategori as kategori, ${firstImage} as gambar
    from ${FROM}
    where ${whereOf(match, idKategori)}
    order by ${orderOf(match)}
    limit ${limit} offset ${offset}`;
}

function cardsOf(db: Db, match: Match, idKategori: number | undefined, limit: number, offset: number): ProdukCard[] {
  const rows = db.all<ProdukCard>(cardsQuery(match, idKategori, limit, offset));
  return rows.map((row) => ({ ...row, gambar: uploadUrl(row.gambar) }));
}

/**
 * Published products matching `q` (optionally in one category) as cards, the most relevant
 * first, `limit` from `offset`, and how many match in all.
 */
export function cariProduk(
  db: Db,
  options: { q: string; idKategori?: number | undefined; limit: number; offset?: number },
): { items: ProdukCard[]; total: number } {
  const terms = termsOf(normalizeCari(options.q));
  if (terms.length === 0) return { items: [], total: 0 };
  const { idKategori, limit } = options;
  const offset = options.offset ?? 0;
  const key = `produk|${idKategori ?? ""}|${limit}|${offset}|${terms.join(" ")}`;
  return kept(db, key, (answer) => answer.items.length, () => {
    const match = matchOf(db, terms.join(" "))!;
    const items = cardsOf(db, match, idKategori, limit, offset);
    // Fewer than asked from the start: that is all of them (no second query to count).
    const total = offset === 0 && items.length < limit ? items.length : countOf(db, match, idKategori);
    return { items, total };
  });
}

/** Cards (search results, suggestions) the answer cache holds at most: ~1 MB. */
const HASIL_MAX_KARTU = 2_400;
type Kept = { answer: unknown; weight: number };
/** The cards each answer cache holds (kept beside it: readThrough freezes what it hands out). */
const beratHasil = new WeakMap<Map<string, Kept>, number>();

/**
 * An answer kept for the data as it is now (see "Caching" above): `read` runs once per key until
 * the database changes; `cards` says how many cards it holds. The answers are frozen: every
 * request shares them. (A frozen Map still takes entries: freezing locks properties, not its data.)
 */
function kept<T>(db: Db, key: string, cards: (answer: T) => number, read: () => T): T {
  // Inside a transaction readThrough runs its read each time: a fresh Map, nothing kept.
  const answers = readThrough(db, "cari:hasil", () => new Map<string, Kept>());
  const found = answers.get(key);
  if (found) return found.answer as T;
  const answer = deepFreeze(read());
  const weight = 1 + cards(answer);
  answers.set(key, { answer, weight });
  let total = (beratHasil.get(answers) ?? 0) + weight;
  for (const [oldest, entry] of answers) {
    if (total <= HASIL_MAX_KARTU || oldest === key) break;
    answers.delete(oldest);
    total -= entry.weight;
  }
  beratHasil.set(answers, total);
  return answer;
}

/** The same search as one page of a table state (`?q=&page=&size=` of the API's list calls). */
export function cariProdukPage(db: Db, state: TableState, options: { idKategori?: number | undefined } = {}): Page<ProdukCard> {
  const match = matchOf(db, normalizeCari(state.q));
  return paged(
    state,
    () => (match ? countOf(db, match, options.idKategori) : 0),
    (limit, offset) => (match ? cardsOf(db, match, options.idKategori, limit, offset) : []),
  );
}

/** One suggestion of the header's search box. */
export type SaranProduk = { nama_produk: string; nama_seo: string; kategori: string | null };

/** The header's suggestions: the best `limit` published products for `q` (none below SARAN_MIN characters). */
export function saranProduk(db: Db, q: string, limit = 8): SaranProduk[] {
  const text = normalizeCari(q);
  if (text.length < SARAN_MIN) return [];
  const terms = termsOf(text);
  if (terms.length === 0) return [];
  return kept(db, `saran|${limit}|${terms.join(" ")}`, (answer) => answer.length, () => {
    const match = matchOf(db, terms.join(" "))!;
    return db.all<SaranProduk>(sql`
      select produk.nama_produk as nama_produk, produk.nama_seo as nama_seo, kategori.kategori as kategori
      from ${FROM}
      where ${whereOf(match, undefined)}
      order by ${orderOf(match)}
      limit ${limit}`);
  });
}
