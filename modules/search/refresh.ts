import { type SQL, sql } from "drizzle-orm";
import { TOP_SEARCHES_MIN_CLIENTS, TOP_SEARCHES_WINDOW_DAYS } from "#config/constants.ts";
import type { Db } from "#db/client.server.ts";
import { queryRows } from "#modules/shared/sql.ts";
import { filterTokensSql } from "./filters.ts";
import { SYNONYM_GROUPS } from "./synonyms.ts";

/** Templates kept per suggestion for the thumbnails under the autocomplete list. */
const SUGGESTION_TEMPLATES = 6;
/** Suggestions can be typed from any of their first words, except these. */
const KEY_SKIP_WORDS = [
  "a",
  "an",
  "and",
  "the",
  "for",
  "in",
  "of",
  "with",
  "to",
  "de",
  "del",
  "la",
  "las",
  "el",
  "los",
  "y",
  "e",
  "en",
  "para",
  "con",
  "por",
  "un",
  "una",
  "sobre",
  "como",
];
const KEY_MAX_WORDS = 6;
/** Kinds of suggestions and the weight each starts from (the number of templates adds to it). */
const KIND_WEIGHT = { category: 3, tag: 2, query: 2, style: 1, title: 1 } as const;
const num = (n: number) => sql.raw(String(Number(n)));

export type RefreshOptions = {
  /** Only these templates' documents (and their titles as suggestions); the whole catalogue when absent. */
  templateIds?: number[];
  /** The moment that decides which templates are published and which searches are recent. */
  now?: Date;
  /**
   * Rewrites the search table most downloaded first after a whole-catalogue refresh (default true).
   * CLUSTER locks the table for its duration (seconds on 100,000 templates): run it off-peak.
   */
  cluster?: boolean;
};

export type RefreshResult = {
  documents: number;
  suggestions: number;
  words: number;
  ms: number;
  /**
   * Milliseconds per phase: documents, cluster, index (the GIN index, on a first build only),
   * suggestions (with the word list), statistics (lexeme counts); a scoped refresh: documents, suggestions.
   */
  phases: Record<string, number>;
};

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const norm = (expr: SQL) => sql`slidenest_unaccent(lower(coalesce(${expr}, '')))`;

/**
 * (Re)builds search documents, set-based: one statement for all templates in scope. Only documents whose
 * text changed are written, so a second full refresh writes almost nothing.
 */
async function refreshDocuments(db: Db, templateIds: number[] | undefined): Promise<number> {
  const scope = templateIds ? sql`where t.id in (${idList(templateIds)})` : sql``;
  // A draft (or an unpublished template) has no document: nothing can find it.
  await db.execute(
    sql`delete from template_search s using template t where t.id = s.template_id and t.published_at is null
        ${templateIds ? sql`and t.id in (${idList(templateIds)})` : sql``}`,
  );
  const scopeX = templateIds ? sql`where x.template_id in (${idList(templateIds)})` : sql``;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with
      tags as (
        select x.template_id, string_agg(en.name, ' , ' order by x.tag_id) as en, string_agg(es.name, ' , ' order by x.tag_id) as es
        from template_tag x
        left join tag_translation en on en.tag_id = x.tag_id and en.locale = 'en'
        left join tag_translation es on es.tag_id = x.tag_id and es.locale = 'es'
        ${scopeX}
        group by x.template_id),
      styles as (
        select x.template_id, string_agg(s.name_en, ' , ' order by s.id) as en, string_agg(s.name_es, ' , ' order by s.id) as es,
          array_agg(s.slug) as slugs
        from template_style x join style s on s.id = x.style_id
        ${scopeX}
        group by x.template_id),
      colors as (
        select x.template_id, array_agg(distinct c.slug) as slugs
        from template_color x join color c on c.id = x.color_id and x.active
        ${scopeX}
        group by x.template_id),
      heads as (
        select t.id, t.published_at, t.downloads_count, en.description as en_description, es.description as es_description,
          t.slide_text,
          ${filterTokensSql(sql`styles.slugs`, sql`colors.slugs`)} as filter_tokens,
          setweight(to_tsvector('english', ${norm(sql`en.title`)}), 'A') ||
          setweight(to_tsvector('spanish', ${norm(sql`es.title`)}), 'A') ||
          setweight(to_tsvector('english', ${norm(sql`concat_ws(' , ', ce.name, tags.en)`)}), 'B') ||
          setweight(to_tsvector('spanish', ${norm(sql`concat_ws(' , ', cs.name, tags.es)`)}), 'B') ||
          setweight(to_tsvector('english', ${norm(sql`styles.en`)}), 'C') ||
          setweight(to_tsvector('spanish', ${norm(sql`styles.es`)}), 'C') as head
        from template t
        left join template_translation en on en.template_id = t.id and en.locale = 'en'
        left join template_translation es on es.template_id = t.id and es.locale = 'es'
        left join tag_translation ce on ce.tag_id = t.category_id and ce.locale = 'en'
        left join tag_translation cs on cs.tag_id = t.category_id and cs.locale = 'es'
        left join tags on tags.template_id = t.id
        left join styles on styles.template_id = t.id
        left join colors on colors.template_id = t.id
        ${scope} ${templateIds ? sql`and` : sql`where`} t.published_at is not null),
      written as (
        insert into template_search (template_id, head, document, published_at, downloads_count, updated_at)
        select id, head,
          strip(head || to_tsvector('english', ${norm(sql`en_description`)}) || to_tsvector('spanish', ${norm(sql`es_description`)})
            -- The slides' own words (imported decks), at the lowest weight like the descriptions.
            || to_tsvector('english', ${norm(sql`slide_text`)}) || to_tsvector('spanish', ${norm(sql`slide_text`)}))
            || array_to_tsvector(filter_tokens),
          published_at, downloads_count, now()
        from heads
        on conflict (template_id) do update set head = excluded.head, document = excluded.document,
          published_at = excluded.published_at, downloads_count = excluded.downloads_count, updated_at = excluded.updated_at
        where template_search.document is distinct from excluded.document
          or template_search.published_at is distinct from excluded.published_at
          or template_search.downloads_count is distinct from excluded.downloads_count
        returning 1)
    select count(*)::int as n from written`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Suggestion rows (one per word a suggestion can be typed from) for a set of phrases. */
function keyedInsert(source: SQL, onConflict: SQL): SQL {
  return sql`
    with src as (${source}),
    keyed as (
      select src.*, w.pos::int - 1 as word_pos, array_to_string((string_to_array(src.norm, ' '))[w.pos:], ' ') as key
      from src cross join lateral unnest(string_to_array(src.norm, ' ')) with ordinality as w(word, pos)
      where src.norm <> '' and w.pos <= ${num(KEY_MAX_WORDS)}
        and (w.pos = 1 or w.word not in (${sql.join(
          KEY_SKIP_WORDS.map((x) => sql`${x}`),
          sql`, `,
        )})))
    insert into search_suggestion (locale, kind, phrase, phrase_norm, key, word_pos, weight, template_ids)
    select locale, kind, phrase, norm, key, word_pos, weight, ids from keyed
    ${onConflict}`;
}

/** Titles of published templates, one suggestion per distinct title and locale. */
function titleSource(now: Date, templateIds?: number[]): SQL {
  const scope = templateIds
    ? sql`and slidenest_search_normalize(tr.title) in (select slidenest_search_normalize(y.title) from template_translation y where y.template_id in (${idList(templateIds)}))`
    : sql``;
  return sql`
    select tr.locale, 'title'::text as kind, min(tr.title) as phrase, slidenest_search_normalize(tr.title) as norm,
      (${num(KIND_WEIGHT.title)} + ln(1 + count(*)) + ln(1 + sum(t.downloads_count)) / 4)::real as weight,
      (array_agg(t.id order by t.downloads_count desc, t.id desc))[1:${num(SUGGESTION_TEMPLATES)}] as ids
    from template_translation tr join template t on t.id = tr.template_id
    where t.published_at <= ${now} ${scope}
    group by tr.locale, slidenest_search_normalize(tr.title)`;
}

/** Rebuilds the suggestion dictionary and the word list from the catalogue and recent searches. */
async function rebuildSuggestions(db: Db, now: Date): Promise<{ suggestions: number; words: number }> {
  const since = new Date(now.getTime() - TOP_SEARCHES_WINDOW_DAYS * 86_400_000);
  const best = (filter: SQL) =>
    sql`array(select t.id from template t where t.published_at <= ${now} and ${filter}
              order by t.downloads_count desc nulls last, t.id desc nulls last limit ${num(SUGGESTION_TEMPLATES)})`;
  const taxonomy = sql`
    select tt.locale, g.type::text as kind, tt.name as phrase, slidenest_search_normalize(tt.name) as norm,
      ((case g.type when 'category' then ${num(KIND_WEIGHT.category)} else ${num(KIND_WEIGHT.tag)} end) + ln(1 + g.templates_count))::real as weight,
      case g.type when 'category' then ${best(sql`t.category_id = g.id`)}
        else ${best(sql`exists (select 1 from template_tag x where x.template_id = t.id and x.tag_id = g.id)`)} end as ids
    from tag g join tag_translation tt on tt.tag_id = g.id
    where g.type in ('category', 'tag')
    union all
    select l.locale, 'style', l.name, slidenest_search_normalize(l.name),
      (${num(KIND_WEIGHT.style)} + ln(1 + (select count(*) from template_style x where x.style_id = s.id)))::real,
      ${best(sql`exists (select 1 from template_style x where x.template_id = t.id and x.style_id = s.id)`)}
    from style s cross join lateral (values ('en', s.name_en), ('es', s.name_es)) as l(locale, name)
    union all
    select q.locale, 'query', q.query, q.query, (${num(KIND_WEIGHT.query)} + ln(1 + q.n))::real, '{}'::int[]
    from (select locale, query, count(distinct client) as n from search_log
          where created_at > ${since} and created_at <= ${now} and result_count > 0
          group by locale, query having count(distinct client) >= ${num(TOP_SEARCHES_MIN_CLIENTS)}
          order by count(distinct client) desc limit 500) q`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_suggestion`);
    // Titles first; a tag or category with the same name then raises the row to its own kind and weight.
    await tx.execute(keyedInsert(titleSource(now), sql`on conflict do nothing`));
    await tx.execute(
      keyedInsert(
        sql`select distinct on (locale, norm) * from (${taxonomy}) x order by locale, norm, weight desc`,
        sql`on conflict (locale, phrase_norm, word_pos) do update set kind = excluded.kind, phrase = excluded.phrase,
              weight = greatest(search_suggestion.weight, excluded.weight),
              template_ids = case when cardinality(excluded.template_ids) > 0 then excluded.template_ids else search_suggestion.template_ids end`,
      ),
    );
    await tx.execute(sql`delete from search_word`);
    const synonymWords = [...new Set(SYNONYM_GROUPS.flat().flatMap((p) => p.split(" ")))].filter((w) => w.length > 2);
    await tx.execute(sql`
      insert into search_word (word, frequency)
      select w.word, count(*)::int from search_suggestion s
      cross join lateral unnest(string_to_array(s.phrase_norm, ' ')) as w(word)
      where s.word_pos = 0 and s.kind <> 'query' and length(w.word) > 2
      group by w.word
      union all
      select v.word, 1 from (values ${sql.join(
        synonymWords.map((w) => sql`(${w})`),
        sql`, `,
      )}) as v(word)
      on conflict (word) do nothing`);
    const [counts] = await queryRows<{ s: number; w: number }>(
      tx,
      sql`select (select count(*)::int from search_suggestion) as s, (select count(*)::int from search_word) as w`,
    );
    return { suggestions: Number(counts.s), words: Number(counts.w) };
  });
}

/** Document frequencies of lexemes (and the number of documents under ''), for query cost estimates. */
async function refreshLexemeStats(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_lexeme`);
    await tx.execute(sql`
      insert into search_lexeme (lexeme, ndoc)
      select word, ndoc from ts_stat('select document from template_search')
      union all select '', count(*)::int from template_search`);
  });
}

/**
 * Builds the search documents of the catalogue (or of `templateIds`) and, for a whole-catalogue refresh,
 * the autocomplete dictionary and the typo-correction word list. Call after seeding or importing, and
 * after renaming a tag, category or style; `refreshStaleSearchDocuments` handles edits of single templates.
 */
export async function refreshSearchIndex(db: Db, opts: RefreshOptions = {}): Promise<RefreshResult> {
  const started = Date.now();
  const phases: Record<string, number> = {};
  let mark = started;
  const phase = (name: string) => {
    const t = Date.now();
    phases[name] = t - mark;
    mark = t;
  };
  const now = opts.now ?? new Date();
  const [{ at }] = await queryRows<{ at: Date }>(db, sql`select now() as at`);
  const ids = opts.templateIds ? [...new Set(opts.templateIds)].filter(Number.isInteger) : undefined;
  if (ids && !ids.length) return { documents: 0, suggestions: 0, words: 0, ms: 0, phases };
  // A first build writes every document: the GIN index is made once at the end (after CLUSTER, which
  // would rebuild it again) instead of taking every document one by one (at 200,000 templates on
  // PostgreSQL 15: 23 s to insert with the index, 2.7 s without plus 5.8 s to build it). The index is
  // the one of migration 0003, and the table is empty, so nothing searches it meanwhile; one transaction.
  const [{ empty }] = ids
    ? [{ empty: false }]
    : await queryRows<{ empty: boolean }>(db, sql`select not exists (select 1 from template_search) as empty`);
  let documents = 0;
  let clustered = false;
  if (empty) {
    await db.transaction(async (tx) => {
      const t = tx;
      await t.execute(sql`drop index if exists template_search_document_idx`);
      documents = await refreshDocuments(t, undefined);
      phase("documents");
      if (opts.cluster !== false) {
        await t.execute(sql`cluster template_search using template_search_popular_idx`);
        phase("cluster");
        clustered = true;
      }
      await t.execute(sql`create index template_search_document_idx on template_search using gin (document)`);
      phase("index");
    });
    await db.execute(sql`analyze template_search`);
  } else {
    documents = await refreshDocuments(db, ids);
    phase("documents");
  }
  let suggestions = 0;
  let words = 0;
  if (ids) {
    await db.execute(keyedInsert(titleSource(now, ids), sql`on conflict do nothing`));
    await db.execute(sql`
      insert into search_word (word, frequency)
      select w.word, 1 from template_translation tr
      cross join lateral unnest(string_to_array(slidenest_search_normalize(tr.title), ' ')) as w(word)
      where tr.template_id in (${idList(ids)}) and length(w.word) > 2
      group by w.word
      on conflict (word) do nothing`);
    // New words must be known to the statistics, or queries would leave them out (at least these counts).
    await db.execute(sql`
      insert into search_lexeme (lexeme, ndoc)
      select u.lexeme, count(*)::int from template_search s cross join lateral unnest(s.document) as u
      where s.template_id in (${idList(ids)}) group by u.lexeme
      on conflict (lexeme) do update set ndoc = greatest(search_lexeme.ndoc, excluded.ndoc)`);
    await db.execute(
      sql`delete from template_search_stale where template_id in (${idList(ids)}) and marked_at <= ${at}`,
    );
    phase("suggestions");
  } else {
    if (opts.cluster !== false && !clustered) {
      // Most downloaded first on disk: a search reads its first matches in table order (service.ts).
      await db.execute(sql`cluster template_search using template_search_popular_idx`);
      await db.execute(sql`analyze template_search`);
      phase("cluster");
    }
    ({ suggestions, words } = await rebuildSuggestions(db, now));
    phase("suggestions");
    await refreshLexemeStats(db);
    await db.execute(sql`delete from template_search_stale where marked_at <= ${at}`);
    phase("statistics");
  }
  return { documents, suggestions, words, ms: Date.now() - started, phases };
}

/**
 * Copies publication times and download counts into the search table (they order "popular" and "newest"
 * results and break ties in relevance). Cheap; meant to run with the catalogue's periodic stats refresh.
 */
export async function refreshSearchStats(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with changed as (
          update template_search s set published_at = t.published_at, downloads_count = t.downloads_count
          from template t
          where t.id = s.template_id and (s.published_at <> t.published_at or s.downloads_count <> t.downloads_count)
          returning 1)
        select count(*)::int as n from changed`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Rebuilds the documents of templates whose text changed since (triggers mark them), at most `limit` at
 * a time; answers how many were refreshed. Meant for a periodic job.
 */
export async function refreshStaleSearchDocuments(db: Db, opts: { limit?: number; now?: Date } = {}): Promise<number> {
  const rows = await queryRows<{ template_id: number }>(
    db,
    sql`select template_id from template_search_stale order by marked_at limit ${opts.limit ?? 1000}`,
  );
  if (!rows.length) return 0;
  await refreshSearchIndex(db, { templateIds: rows.map((r) => Number(r.template_id)), now: opts.now });
  return rows.length;
}
