/**
 * The PostgreSQL schema of pricecat as versioned migrations (data, not code), and the runner that brings
 * a database up to date. Applied versions are recorded in `schema_migrations`; a database migrated by a
 * newer pricecat is refused instead of being written with an older idea of its tables.
 *
 * The pending migrations run in one transaction with their `schema_migrations` rows, under an advisory
 * lock, so several servers starting at once on one database apply each migration exactly once, and a
 * failed migration leaves the database as it was.
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { PricecatError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';

/** One step of the schema. Never edit a released migration: add the next version. */
export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The ids of a decision's positions (`previous`) as a jsonb array: the expression of the index decisions_previous_positions. */
const DECISION_POSITION_IDS_SQL = "jsonb_path_query_array(previous, '$[*].position_id')";
/** {@link DECISION_POSITION_IDS_SQL} as queries write it, so that the planner matches the index. */
export const DECISION_POSITION_IDS = `(${DECISION_POSITION_IDS_SQL})`;

/** Key of the advisory lock held while migrating (any bigint unique to pricecat). */
export const MIGRATION_LOCK_KEY = 0x70726963_6d696700n; // "pricmig\0"

/**
 * The migrations, oldest first. Scalars the queries filter, sort or aggregate by are columns; nested
 * fields read only as a whole (prices, candidates, warnings, a decision's snapshot) are jsonb. Every table
 * keeps an identity `seq`: the `Storage` contract returns rows in insertion order, and an upsert keeps
 * a row's place.
 */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE services (
  seq         bigint GENERATED ALWAYS AS IDENTITY,
  service_id  text PRIMARY KEY,
  name        text NOT NULL,
  name_norm   text NOT NULL,
  category    text NOT NULL,
  tariff_code text,
  origin      text NOT NULL CHECK (origin IN ('dictionary', 'created'))
);
CREATE INDEX services_seq ON services (seq);
CREATE INDEX services_name_norm_trgm ON services USING gin (name_norm gin_trgm_ops);

CREATE TABLE clinics (
  seq        bigint GENERATED ALWAYS AS IDENTITY,
  clinic_id  text PRIMARY KEY,
  name       text NOT NULL,
  city       text,
  bin        text,
  aliases    jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL
);
CREATE INDEX clinics_seq ON clinics (seq);
CREATE INDEX clinics_city ON clinics (city);

CREATE TABLE price_lists (
  seq            bigint GENERATED ALWAYS AS IDENTITY,
  price_list_id  text PRIMARY KEY,
  clinic_id      text NOT NULL REFERENCES clinics (clinic_id),
  file_name      text NOT NULL,
  format         text NOT NULL,
  effective_date date,
  ingested_at    timestamptz NOT NULL,
  sha256         text NOT NULL,
  status         text NOT NULL,
  warnings       jsonb NOT NULL DEFAULT '[]',
  position_count integer NOT NULL
);
CREATE INDEX price_lists_seq ON price_lists (seq);
CREATE INDEX price_lists_clinic ON price_lists (clinic_id);

CREATE TABLE positions (
  seq               bigint GENERATED ALWAYS AS IDENTITY,
  position_id       text PRIMARY KEY,
  price_list_id     text NOT NULL REFERENCES price_lists (price_list_id),
  clinic_id         text NOT NULL,
  raw_name          text NOT NULL,
  name_norm         text NOT NULL,
  code              text,
  section           text,
  unit              text,
  price             double precision,
  price_nonresident double precision,
  prices_raw        jsonb NOT NULL DEFAULT '[]',
  service_id        text,
  confidence        double precision NOT NULL,
  method            text,
  status            text NOT NULL CHECK (status IN ('normalized', 'queued', 'skipped', 'unrecognized')),
  candidates        jsonb NOT NULL DEFAULT '[]',
  warnings          jsonb NOT NULL DEFAULT '[]',
  source            jsonb NOT NULL,
  -- Optimistic concurrency: every change of the row adds one; a decision checks what it decided on.
  version           integer NOT NULL DEFAULT 1
);
CREATE INDEX positions_seq ON positions (seq);
CREATE INDEX positions_clinic ON positions (clinic_id, seq);
CREATE INDEX positions_price_list ON positions (price_list_id, seq);
CREATE INDEX positions_service ON positions (service_id, seq) WHERE service_id IS NOT NULL;
-- Comparison and search: a service's normalized positions per clinic with their prices, from the index alone.
CREATE INDEX positions_service_prices ON positions (service_id, clinic_id) INCLUDE (price, price_nonresident, price_list_id, seq)
  WHERE status = 'normalized';
CREATE INDEX positions_status ON positions (status, seq);
-- The verification queue: most confident first, then file order. Keyed on (-confidence, seq), both
-- ascending, so a keyset page is one index range: ((-confidence), seq) > (-last_confidence, last_seq).
CREATE INDEX positions_queue ON positions ((-confidence), seq) WHERE status = 'queued';
CREATE INDEX positions_queue_clinic ON positions (clinic_id, (-confidence), seq) WHERE status = 'queued';
CREATE INDEX positions_name_norm ON positions (name_norm);
CREATE INDEX positions_name_norm_trgm ON positions USING gin (name_norm gin_trgm_ops);

CREATE TABLE learned_synonyms (
  seq        bigint GENERATED ALWAYS AS IDENTITY,
  name_norm  text PRIMARY KEY,
  service_id text NOT NULL,
  raw_name   text NOT NULL,
  clinic_id  text,
  created_at timestamptz NOT NULL
);
CREATE INDEX learned_synonyms_seq ON learned_synonyms (seq);

CREATE TABLE skipped_items (
  seq         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position_id text NOT NULL,
  name_norm   text NOT NULL,
  created_at  timestamptz NOT NULL
);
CREATE INDEX skipped_items_position ON skipped_items (position_id);

CREATE TABLE ingested_files (
  seq           bigint GENERATED ALWAYS AS IDENTITY,
  path          text PRIMARY KEY,
  sha256        text NOT NULL,
  price_list_id text,
  ingested_at   timestamptz NOT NULL
);
CREATE INDEX ingested_files_seq ON ingested_files (seq);

CREATE TABLE decisions (
  seq              bigint GENERATED ALWAYS AS IDENTITY,
  decision_id      text PRIMARY KEY,
  action           text NOT NULL CHECK (action IN ('match', 'skip')),
  created_at       timestamptz NOT NULL,
  service_id       text,
  previous         jsonb NOT NULL,
  synonym          jsonb,
  replaced_synonym jsonb,
  skipped_items    jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX decisions_seq ON decisions (seq);

CREATE TABLE settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);
`,
  },
  {
    version: 2,
    name: 'position counters for the statistics',
    // Statistics would otherwise scan every position on each call (0.2 s at 200k). Statement-level triggers
    // append the change of each (status, method) count as a row; readers sum them. Append-only on purpose:
    // counters updated in place would hold row locks until commit, so a decision would wait for a whole
    // ingest's transaction. `compactPositionCounts` folds the rows back into one per key now and then.
    sql: `
CREATE TABLE position_counts (
  id     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL,
  method text NOT NULL,  -- '' for positions without a method
  n      bigint NOT NULL
);
INSERT INTO position_counts (status, method, n)
  SELECT status, coalesce(method, ''), count(*) FROM positions GROUP BY 1, 2;

CREATE FUNCTION position_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO position_counts (status, method, n)
      SELECT status, coalesce(method, ''), count(*) FROM new_rows GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO position_counts (status, method, n)
      SELECT status, method, sum(delta) FROM (
        SELECT status, coalesce(method, '') AS method, -1 AS delta FROM old_rows
        UNION ALL
        SELECT status, coalesce(method, ''), 1 FROM new_rows
      ) AS changes
      GROUP BY 1, 2 HAVING sum(delta) <> 0;
  ELSE
    INSERT INTO position_counts (status, method, n)
      SELECT status, coalesce(method, ''), -count(*) FROM old_rows GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER position_counts_insert AFTER INSERT ON positions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION position_counts_apply();
CREATE TRIGGER position_counts_update AFTER UPDATE ON positions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION position_counts_apply();
CREATE TRIGGER position_counts_delete AFTER DELETE ON positions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION position_counts_apply();
`,
  },
  {
    version: 3,
    name: 'revision sequences for the query port',
    // QueryPort.revision(): a number every write of any server changes, read without a lock. A sequence,
    // not a counter row: nextval never waits for another transaction (a counter row would make a decision
    // wait for a whole ingest). Statement-level triggers bump it inside each write; the adapter bumps it
    // again after COMMIT, so that a reader caching under the pre-commit value is invalidated once the
    // write is visible.
    sql: `
CREATE SEQUENCE pricecat_revision;
-- Changes of the small tables only (services, clinics, price lists): the query port re-reads its directory
-- on this one, so a decision does not make every server reload the services.
CREATE SEQUENCE pricecat_directory_revision;
CREATE FUNCTION pricecat_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('pricecat_revision');
  RETURN NULL;
END
$$;
CREATE FUNCTION pricecat_directory_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('pricecat_revision');
  PERFORM nextval('pricecat_directory_revision');
  RETURN NULL;
END
$$;
CREATE TRIGGER positions_revision AFTER INSERT OR UPDATE OR DELETE ON positions
  FOR EACH STATEMENT EXECUTE FUNCTION pricecat_revision_bump();
CREATE TRIGGER services_revision AFTER INSERT OR UPDATE OR DELETE ON services
  FOR EACH STATEMENT EXECUTE FUNCTION pricecat_directory_revision_bump();
CREATE TRIGGER clinics_revision AFTER INSERT OR UPDATE OR DELETE ON clinics
  FOR EACH STATEMENT EXECUTE FUNCTION pricecat_directory_revision_bump();
CREATE TRIGGER price_lists_revision AFTER INSERT OR UPDATE OR DELETE ON price_lists
  FOR EACH STATEMENT EXECUTE FUNCTION pricecat_directory_revision_bump();
`,
  },
  {
    version: 4,
    name: 'match traces of positions',
    // Why each position was matched as it was (match/trace.ts), as the embedded store keeps it; NULL for the
    // positions stored before (they read back without a trace, as in the embedded store).
    sql: `
ALTER TABLE positions ADD COLUMN trace jsonb;
`,
  },
  {
    version: 5,
    name: 'queue order on plain columns',
    // A deep queue page (OFFSET n) first finds where it starts by an index-only scan of these (plain columns:
    // an index on the expression (-confidence) cannot answer without the table), then reads its rows by
    // keyset on positions_queue. Same order: confidence descending is (-confidence) ascending.
    sql: `
CREATE INDEX positions_queue_keys ON positions (confidence DESC, seq) WHERE status = 'queued';
CREATE INDEX positions_queue_clinic_keys ON positions (clinic_id, confidence DESC, seq) WHERE status = 'queued';
`,
  },
  {
    version: 6,
    name: 'packages and their components',
    // Positions stored before have no kind: they are services. Comparison and search read offers only, so the
    // covering index leaves components out and stays an index-only scan for them.
    sql: `
ALTER TABLE positions ADD COLUMN kind text NOT NULL DEFAULT 'service', ADD COLUMN package_id text;
-- A package's components, in list order.
CREATE INDEX positions_package ON positions (package_id, seq) WHERE package_id IS NOT NULL;
DROP INDEX positions_service_prices;
CREATE INDEX positions_service_prices ON positions (service_id, clinic_id) INCLUDE (price, price_nonresident, price_list_id, seq)
  WHERE status = 'normalized' AND kind <> 'component';
`,
  },
  {
    version: 7,
    name: 'who decided and the batch of a decision',
    // The decision log screen shows who decided (`decided_by`, the API token's name until there are user accounts)
    // and takes back a bulk «accept every suggestion above X %» with one undo (`batch_id`).
    sql: `
ALTER TABLE decisions ADD COLUMN decided_by text;
ALTER TABLE decisions ADD COLUMN batch_id text;
CREATE INDEX decisions_batch ON decisions (batch_id) WHERE batch_id IS NOT NULL;
`,
  },
  {
    version: 8,
    name: 'offers per service and clinic, decisions by position',
    // Search ranks every service it finds by the clinics offering it: counted over the positions, a broad word
    // («прием», 89 services) read every normalized position of each (tens of thousands of index entries at a
    // million positions). service_offers keeps one count per (service, clinic), appended by statement-level
    // triggers as position_counts is (append-only, so a decision never waits for an ingest's row locks) and
    // folded after each price list. decisions_previous_positions finds the decision that settled a position
    // (a repeated decision on a twin of a match) without reading the log.
    sql: `
CREATE TABLE service_offers (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  service_id  text NOT NULL,
  clinic_id   text NOT NULL,
  offers      bigint NOT NULL,  -- normalized offers (a package's components are none)
  resident    bigint NOT NULL,  -- … of them with a resident price
  nonresident bigint NOT NULL   -- … with a non-resident price
);
CREATE INDEX service_offers_service ON service_offers (service_id, clinic_id) INCLUDE (offers, resident, nonresident);
INSERT INTO service_offers (service_id, clinic_id, offers, resident, nonresident)
  SELECT service_id, clinic_id, count(*), count(price), count(price_nonresident) FROM positions
  WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL GROUP BY 1, 2;

CREATE FUNCTION service_offers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO service_offers (service_id, clinic_id, offers, resident, nonresident)
      SELECT service_id, clinic_id, count(*), count(price), count(price_nonresident) FROM new_rows
      WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL GROUP BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO service_offers (service_id, clinic_id, offers, resident, nonresident)
      SELECT service_id, clinic_id, sum(o), sum(r), sum(nr) FROM (
        SELECT service_id, clinic_id, -1 AS o, -(price IS NOT NULL)::int AS r, -(price_nonresident IS NOT NULL)::int AS nr
          FROM old_rows WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL
        UNION ALL
        SELECT service_id, clinic_id, 1, (price IS NOT NULL)::int, (price_nonresident IS NOT NULL)::int
          FROM new_rows WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL
      ) AS changes
      GROUP BY 1, 2 HAVING sum(o) <> 0 OR sum(r) <> 0 OR sum(nr) <> 0;
  ELSE
    INSERT INTO service_offers (service_id, clinic_id, offers, resident, nonresident)
      SELECT service_id, clinic_id, -count(*), -count(price), -count(price_nonresident) FROM old_rows
      WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL GROUP BY 1, 2;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER service_offers_insert AFTER INSERT ON positions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_offers_apply();
CREATE TRIGGER service_offers_update AFTER UPDATE ON positions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION service_offers_apply();
CREATE TRIGGER service_offers_delete AFTER DELETE ON positions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION service_offers_apply();

-- IF NOT EXISTS: migration 9 (the decision log's own change) creates the same index under the same name, and a
-- database that went through 9 first applies this one after it.
CREATE INDEX IF NOT EXISTS decisions_previous_positions ON decisions USING gin ((${DECISION_POSITION_IDS_SQL}));

-- Search and comparison read positions_service_prices alone (an index-only scan) only where the visibility map
-- says the table's pages hold no newer row versions; autovacuum sets it. By default it comes after 20 % of the
-- table is new or changed (200,000 rows at a million), so a newly ingested list would be read row by row from the
-- table for months. A table's own thresholds: nothing to set on the server.
ALTER TABLE positions SET (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
`,
    },
    {
    version: 9,
    name: 'the decision log paged and searched by position on indexes',
    // The decision log screen reads a page newest first, of one action or all (Storage.decisionPage), and a repeated
    // decision answers with the decision that settled the position (Storage.lastDecisionAbout): both by index
    // instead of reading the whole log. The position ids of a decision's «previous» are a GIN-indexed expression;
    // IF NOT EXISTS: migration 8 creates the same index (it came from a parallel change; both stay for the databases
    // that went through either first).
    sql: `
CREATE INDEX decisions_action_seq ON decisions (action, seq);
CREATE INDEX IF NOT EXISTS decisions_previous_positions ON decisions USING gin ((${DECISION_POSITION_IDS_SQL}));
`,
    },
    {
    version: 10,
    name: 'far-abroad prices',
    // A comparison by the far-abroad price (price_kind nonresident_far) reads it from its own column, covered by the
    // comparison index like the others. Filled from the stored cells: a cell whose role, or second role (one column
    // «… ближнего и дальнего зарубежья»), is nonresident_far; cells stored before second roles were kept have none.
    sql: `
ALTER TABLE positions ADD COLUMN price_nonresident_far double precision;
UPDATE positions p SET price_nonresident_far = (
  SELECT (c ->> 'value')::double precision FROM jsonb_array_elements(p.prices_raw) WITH ORDINALITY AS e(c, n)
  WHERE c ->> 'role' = 'nonresident_far' OR coalesce(c -> 'also_roles', '[]'::jsonb) ? 'nonresident_far'
  ORDER BY n LIMIT 1
) WHERE jsonb_typeof(p.prices_raw) = 'array' AND jsonb_array_length(p.prices_raw) > 0;
DROP INDEX positions_service_prices;
CREATE INDEX positions_service_prices ON positions (service_id, clinic_id) INCLUDE (price, price_nonresident, price_nonresident_far, price_list_id, seq)
  WHERE status = 'normalized' AND kind <> 'component';
`,
  },
  {
    version: 11,
    name: 'current offers per service and clinic',
    // Search and comparison read one row per (service, clinic) instead of every normalized offer of the service
    // (a broad word's services held tens of thousands of positions at a million). clinic_offers keeps, per service
    // and clinic, what compare-service.ts `partnerPrices` derives from the positions: per price kind the newest
    // list pricing the service (effective date, unknown = ingest date; then ingest time; then the list whose first
    // priced line came last), the median of that list's prices (statistics.ts `median`, in float8 as JavaScript)
    // and the clinic's first priced line; the clinic's first offer. A statement-level trigger recomputes the
    // (service, clinic) keys a write touched from their positions, after locking their rows in key order: a write
    // waits only for another one holding the same service at the same clinic (an ingest of that clinic's next list),
    // and then recomputes from what that one committed. Rows whose offers are gone stay, empty (no delete races).
    // service_clinic_counts: per service, how many clinics price it in each kind, appended as deltas (search ranks
    // every service it finds on them; append-only so that a decision never waits for an ingest of another clinic)
    // and folded after each price list. They replace service_offers (migration 8).
    sql: `
DROP TRIGGER service_offers_insert ON positions;
DROP TRIGGER service_offers_update ON positions;
DROP TRIGGER service_offers_delete ON positions;
DROP FUNCTION service_offers_apply();
DROP TABLE service_offers;

-- The median of an ascending array, as statistics.ts median: the middle one, or the mean of the two middle ones.
CREATE FUNCTION pricecat_sorted_median(sorted double precision[]) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN coalesce(cardinality(sorted), 0) = 0 THEN NULL
              WHEN cardinality(sorted) % 2 = 1 THEN sorted[cardinality(sorted) / 2 + 1]
              ELSE (sorted[cardinality(sorted) / 2] + sorted[cardinality(sorted) / 2 + 1]) / 2 END
$$;

CREATE TABLE clinic_offers (
  service_id         text NOT NULL,
  clinic_id          text NOT NULL,
  first_seq          bigint,            -- the clinic's first normalized offer of the service; NULL: none (any more)
  resident_list      text,              -- the newest list with a resident price for it
  resident_first     bigint,            -- the clinic's first line with a resident price for it, any list
  resident_median    double precision,  -- median of resident_list's resident prices for it
  nonresident_list   text,
  nonresident_first  bigint,
  nonresident_median double precision,
  far_list           text,
  far_first          bigint,
  far_median         double precision,
  PRIMARY KEY (service_id, clinic_id)
);

CREATE TABLE service_clinic_counts (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  service_id  text NOT NULL,
  resident    bigint NOT NULL,  -- change of the clinics with a resident price
  nonresident bigint NOT NULL,
  far         bigint NOT NULL
);
CREATE INDEX service_clinic_counts_service ON service_clinic_counts (service_id) INCLUDE (resident, nonresident, far);

-- Recomputes the given (service, clinic) keys from the positions and appends the change of the clinic counts.
CREATE FUNCTION clinic_offers_refresh(service_ids text[], clinic_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO clinic_offers (service_id, clinic_id)
    SELECT DISTINCT k.s, k.c FROM unnest(service_ids, clinic_ids) AS k(s, c) ORDER BY 1, 2 ON CONFLICT DO NOTHING;
  -- In key order, so that two writers never wait for each other crosswise. The next statement's snapshot then holds
  -- every write committed by whoever held a key before.
  PERFORM 1 FROM clinic_offers o JOIN unnest(service_ids, clinic_ids) AS k(s, c) ON o.service_id = k.s AND o.clinic_id = k.c
    ORDER BY o.service_id, o.clinic_id FOR UPDATE OF o;
  WITH keys AS (SELECT DISTINCT k.s AS service_id, k.c AS clinic_id FROM unnest(service_ids, clinic_ids) AS k(s, c)),
  lists AS (
    SELECT p.service_id, p.clinic_id, p.price_list_id, min(p.seq) AS any_first,
           min(p.seq) FILTER (WHERE p.price IS NOT NULL) AS r_first,
           pricecat_sorted_median(array_agg(p.price ORDER BY p.price) FILTER (WHERE p.price IS NOT NULL)) AS r_median,
           min(p.seq) FILTER (WHERE p.price_nonresident IS NOT NULL) AS n_first,
           pricecat_sorted_median(array_agg(p.price_nonresident ORDER BY p.price_nonresident) FILTER (WHERE p.price_nonresident IS NOT NULL)) AS n_median,
           min(p.seq) FILTER (WHERE p.price_nonresident_far IS NOT NULL) AS f_first,
           pricecat_sorted_median(array_agg(p.price_nonresident_far ORDER BY p.price_nonresident_far) FILTER (WHERE p.price_nonresident_far IS NOT NULL)) AS f_median
    FROM keys k JOIN positions p ON p.service_id = k.service_id AND p.clinic_id = k.clinic_id
    WHERE p.status = 'normalized' AND p.kind <> 'component'
    GROUP BY 1, 2, 3
  ),
  dated AS (
    SELECT l.*, coalesce(pl.effective_date, (pl.ingested_at AT TIME ZONE 'UTC')::date) AS age_date, pl.ingested_at
    FROM lists l JOIN price_lists pl USING (price_list_id)
  ),
  computed AS (
    SELECT k.service_id, k.clinic_id, min(d.any_first) AS first_seq,
      (array_agg(d.price_list_id ORDER BY d.age_date DESC, d.ingested_at DESC, d.r_first DESC) FILTER (WHERE d.r_first IS NOT NULL))[1] AS resident_list,
      min(d.r_first) AS resident_first,
      (array_agg(d.r_median ORDER BY d.age_date DESC, d.ingested_at DESC, d.r_first DESC) FILTER (WHERE d.r_first IS NOT NULL))[1] AS resident_median,
      (array_agg(d.price_list_id ORDER BY d.age_date DESC, d.ingested_at DESC, d.n_first DESC) FILTER (WHERE d.n_first IS NOT NULL))[1] AS nonresident_list,
      min(d.n_first) AS nonresident_first,
      (array_agg(d.n_median ORDER BY d.age_date DESC, d.ingested_at DESC, d.n_first DESC) FILTER (WHERE d.n_first IS NOT NULL))[1] AS nonresident_median,
      (array_agg(d.price_list_id ORDER BY d.age_date DESC, d.ingested_at DESC, d.f_first DESC) FILTER (WHERE d.f_first IS NOT NULL))[1] AS far_list,
      min(d.f_first) AS far_first,
      (array_agg(d.f_median ORDER BY d.age_date DESC, d.ingested_at DESC, d.f_first DESC) FILTER (WHERE d.f_first IS NOT NULL))[1] AS far_median
    FROM keys k LEFT JOIN dated d ON d.service_id = k.service_id AND d.clinic_id = k.clinic_id
    GROUP BY k.service_id, k.clinic_id
  ),
  changed AS (
    UPDATE clinic_offers o SET first_seq = c.first_seq,
      resident_list = c.resident_list, resident_first = c.resident_first, resident_median = c.resident_median,
      nonresident_list = c.nonresident_list, nonresident_first = c.nonresident_first, nonresident_median = c.nonresident_median,
      far_list = c.far_list, far_first = c.far_first, far_median = c.far_median
    FROM computed c JOIN clinic_offers was ON was.service_id = c.service_id AND was.clinic_id = c.clinic_id
    WHERE o.service_id = c.service_id AND o.clinic_id = c.clinic_id
    RETURNING o.service_id,
      (c.resident_list IS NOT NULL)::int - (was.resident_list IS NOT NULL)::int AS r,
      (c.nonresident_list IS NOT NULL)::int - (was.nonresident_list IS NOT NULL)::int AS n,
      (c.far_list IS NOT NULL)::int - (was.far_list IS NOT NULL)::int AS f
  )
  INSERT INTO service_clinic_counts (service_id, resident, nonresident, far)
    SELECT service_id, sum(r), sum(n), sum(f) FROM changed GROUP BY 1 HAVING sum(r) <> 0 OR sum(n) <> 0 OR sum(f) <> 0;
END
$$;

CREATE FUNCTION clinic_offers_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  service_ids text[];
  clinic_ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(service_id), array_agg(clinic_id) INTO service_ids, clinic_ids FROM (
      SELECT DISTINCT service_id, clinic_id FROM new_rows WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL
    ) AS k;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(service_id), array_agg(clinic_id) INTO service_ids, clinic_ids FROM (
      SELECT service_id, clinic_id FROM old_rows WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL
      UNION
      SELECT service_id, clinic_id FROM new_rows WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL
    ) AS k;
  ELSE
    SELECT array_agg(service_id), array_agg(clinic_id) INTO service_ids, clinic_ids FROM (
      SELECT DISTINCT service_id, clinic_id FROM old_rows WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL
    ) AS k;
  END IF;
  IF service_ids IS NOT NULL THEN PERFORM clinic_offers_refresh(service_ids, clinic_ids); END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER clinic_offers_insert AFTER INSERT ON positions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clinic_offers_apply();
CREATE TRIGGER clinic_offers_update AFTER UPDATE ON positions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION clinic_offers_apply();
CREATE TRIGGER clinic_offers_delete AFTER DELETE ON positions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION clinic_offers_apply();

SELECT clinic_offers_refresh(array_agg(service_id), array_agg(clinic_id)) FROM (
  SELECT DISTINCT service_id, clinic_id FROM positions WHERE status = 'normalized' AND kind <> 'component' AND service_id IS NOT NULL
) AS k HAVING count(*) > 0;
`,
  },
  {
    version: 12,
    name: 'search summaries and compared lines from indexes',
    // A search page's figures (clinics, min / median / max of their resident prices, the first clinics) are summed up
    // from clinic_offers per service: 20 broad hits at a million positions are 4,000 rows scattered over as many heap
    // pages (7 ms in the database, 36 ms with sending them). clinic_offers_search holds what that sum reads, in the
    // order of the clinics' first offers: an index-only scan of a few pages (1.7 ms). With the first resident line it
    // also gives a resident comparison its clinics.
    // A comparison reads each clinic's lines in its newest list with their ids and names: 3,600 lines of a broad
    // service («Прием гинеколога», 200 clinics) from 2,200 heap pages (26 ms). positions_service_prices now also holds
    // the list, the id and the name (68 → 95 MiB at a million positions): an index-only scan (4 ms). It still answers
    // everything it did (clinic_offers_refresh, the SQL comparison and search of postgres-queries.ts).
    sql: `
CREATE INDEX clinic_offers_search ON clinic_offers (service_id, first_seq) INCLUDE (clinic_id, resident_list, resident_median, resident_first)
  WHERE first_seq IS NOT NULL;
DROP INDEX positions_service_prices;
CREATE INDEX positions_service_prices ON positions (service_id, clinic_id, price_list_id)
  INCLUDE (seq, price, price_nonresident, price_nonresident_far, position_id, raw_name)
  WHERE status = 'normalized' AND kind <> 'component';
`,
  },
];

/** The newest schema version this pricecat knows. */
export const POSTGRES_SCHEMA_VERSION = Math.max(...POSTGRES_MIGRATIONS.map((migration) => migration.version));

/**
 * Applies the migrations `client`'s database lacks, oldest first, in one transaction with their
 * `schema_migrations` rows; returns the versions applied (`[]` when up to date). Throws
 * `PricecatError('STORAGE_FAILED')` when the database was migrated by a newer pricecat or a migration
 * fails (nothing of that migration stays).
 */
export async function migratePostgres(
  client: PoolClient,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<number[]> {
  const applied: number[] = [];
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...migrations.map((migration) => migration.version));
    if (newest > known) {
      throw new PricecatError(
        'STORAGE_FAILED',
        detail('DATABASE_NEWER', { version: newest, known }),
      );
    }
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      try {
        await client.query(migration.sql);
      } catch (error) {
        throw new PricecatError(
          'STORAGE_FAILED',
          detail('MIGRATION_FAILED', { version: migration.version, name: migration.name, why: error instanceof Error ? error.message : String(error) }),
          { cause: error },
        );
      }
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      applied.push(migration.version);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  return applied;
}
