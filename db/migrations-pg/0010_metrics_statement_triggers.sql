-- The metrics tables' INSERT and UPDATE triggers on test_runs and evaluation_results run once per
-- statement, over its transition tables (issue 20): a statement that writes many runs (a worker's
-- grouped claim, completion or self-assessments) adds each group's change in one upsert, instead
-- of two upserts per run and table, so the batch's shared rows (its pending, running and
-- completed groups) are locked and rewritten once per statement. The rows are the ones the row
-- triggers of 0002, 0003 and 0006 wrote: every changed row is taken out as it was and put back as
-- it is, with the evaluation, run and test case as they are after the statement (what those AFTER
-- row triggers read too), and the changes of one group are summed before they are added.
-- "Changed": a column of the row trigger's UPDATE OF list differs (a run is matched on its id, an
-- evaluation on its id). DELETE keeps its row triggers (they read the run's evaluation and case
-- before the cascade). Upserts go in key order, so statements lock shared rows in one order.
CREATE FUNCTION "mcp_eval_rollup_row"(r "test_runs", e "evaluation_results", case_server text, case_tool text, sign int) RETURNS "metrics_rollup" LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  has_eval boolean := e."id" IS NOT NULL;
  unfinished boolean := r."status" IN ('pending', 'running', 'failed', 'cancelled');
  iso boolean := r."created_at" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$';
BEGIN
  RETURN ROW(
    coalesce(r."batch_id", ''), coalesce(r."model_settings_id", ''),
    CASE WHEN iso THEN substr(r."created_at", 1, 10) ELSE r."created_at" END, (NOT iso)::int,
    r."status", coalesce(r."classification", ''),
    coalesce(CASE WHEN has_eval THEN e."expected_server" WHEN unfinished THEN case_server END, ''),
    coalesce(CASE WHEN has_eval THEN e."expected_tool" WHEN unfinished THEN case_tool END, ''),
    coalesce(CASE WHEN has_eval THEN e."selected_server" WHEN unfinished THEN r."selected_server" END, ''),
    coalesce(CASE WHEN has_eval THEN e."selected_tool" WHEN unfinished THEN r."selected_tool" END, ''),
    sign * 1,
    sign * coalesce(r.execution_time_ms is not null, false)::int,
    sign * coalesce(r.execution_time_ms, 0),
    sign * coalesce(r.input_tokens, 0),
    sign * coalesce(r.output_tokens, 0),
    sign * coalesce(has_eval, false)::int,
    sign * coalesce(has_eval and e.classification = 'TP', false)::int,
    sign * coalesce(has_eval and e.classification = 'FP', false)::int,
    sign * coalesce(has_eval and e.classification = 'TN', false)::int,
    sign * coalesce(has_eval and e.classification = 'FN', false)::int,
    sign * coalesce(trunc(e.parameter_completeness * 67108864)::bigint, 0),
    sign * coalesce(trunc((e.parameter_completeness * 67108864 - trunc(e.parameter_completeness * 67108864)) * 67108864 + 0.5)::bigint, 0),
    sign * coalesce(e.parameter_completeness is not null, false)::int,
    sign * coalesce(trunc(e.parameter_correctness * 67108864)::bigint, 0),
    sign * coalesce(trunc((e.parameter_correctness * 67108864 - trunc(e.parameter_correctness * 67108864)) * 67108864 + 0.5)::bigint, 0),
    sign * coalesce(e.parameter_correctness is not null, false)::int,
    sign * coalesce(trunc(e.type_conformance * 67108864)::bigint, 0),
    sign * coalesce(trunc((e.type_conformance * 67108864 - trunc(e.type_conformance * 67108864)) * 67108864 + 0.5)::bigint, 0),
    sign * coalesce(e.type_conformance is not null, false)::int,
    sign * coalesce(coalesce(e.parameter_completeness, e.parameter_correctness, e.type_conformance) is not null, false)::int,
    sign * coalesce(has_eval and e.confidence_category = 'robust', false)::int,
    sign * coalesce(has_eval and e.confidence_category = 'misleading', false)::int,
    sign * coalesce(has_eval and e.confidence_category = 'needs_clarity', false)::int,
    sign * coalesce(has_eval and e.confidence_category is null, false)::int,
    sign * coalesce(trunc(e.confidence_score * 67108864)::bigint, 0),
    sign * coalesce(trunc((e.confidence_score * 67108864 - trunc(e.confidence_score * 67108864)) * 67108864 + 0.5)::bigint, 0),
    sign * coalesce(e.confidence_score is not null, false)::int,
    sign * coalesce(e.pass_k is not null, false)::int,
    sign * coalesce(e.pass_k::int, 0))::"metrics_rollup";
END $$;--> statement-breakpoint
-- Adds the rows' changes to metrics_rollup, summed per group.
CREATE FUNCTION "mcp_eval_rollup_fold"(d "metrics_rollup"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(d) = 0 THEN RETURN; END IF;
  INSERT INTO "metrics_rollup"
  SELECT "batch_id", "model_settings_id", "day", "created_odd", "status", "classification", "expected_server", "expected_tool", "selected_server", "selected_tool",
    sum("runs"), sum("latency_n"), sum("latency_sum"), sum("input_tokens"), sum("output_tokens"), sum("evals"), sum("e_tp"), sum("e_fp"), sum("e_tn"), sum("e_fn"),
    sum("completeness_hi"), sum("completeness_lo"), sum("completeness_n"), sum("correctness_hi"), sum("correctness_lo"), sum("correctness_n"),
    sum("conformance_hi"), sum("conformance_lo"), sum("conformance_n"), sum("measured"), sum("robust"), sum("misleading"), sum("needs_clarity"), sum("unrated"),
    sum("confidence_hi"), sum("confidence_lo"), sum("confidence_n"), sum("pass_k_n"), sum("pass_k_sum")
  FROM unnest(d)
  GROUP BY "batch_id", "model_settings_id", "day", "created_odd", "status", "classification", "expected_server", "expected_tool", "selected_server", "selected_tool"
  ORDER BY "batch_id", "model_settings_id", "day", "created_odd", "status", "classification", "expected_server", "expected_tool", "selected_server", "selected_tool"
  ON CONFLICT ("batch_id", "model_settings_id", "day", "created_odd", "status", "classification", "expected_server", "expected_tool", "selected_server", "selected_tool") DO UPDATE SET
    "runs" = "metrics_rollup"."runs" + excluded."runs",
    "latency_n" = "metrics_rollup"."latency_n" + excluded."latency_n",
    "latency_sum" = "metrics_rollup"."latency_sum" + excluded."latency_sum",
    "input_tokens" = "metrics_rollup"."input_tokens" + excluded."input_tokens",
    "output_tokens" = "metrics_rollup"."output_tokens" + excluded."output_tokens",
    "evals" = "metrics_rollup"."evals" + excluded."evals",
    "e_tp" = "metrics_rollup"."e_tp" + excluded."e_tp",
    "e_fp" = "metrics_rollup"."e_fp" + excluded."e_fp",
    "e_tn" = "metrics_rollup"."e_tn" + excluded."e_tn",
    "e_fn" = "metrics_rollup"."e_fn" + excluded."e_fn",
    "completeness_hi" = "metrics_rollup"."completeness_hi" + excluded."completeness_hi",
    "completeness_lo" = "metrics_rollup"."completeness_lo" + excluded."completeness_lo",
    "completeness_n" = "metrics_rollup"."completeness_n" + excluded."completeness_n",
    "correctness_hi" = "metrics_rollup"."correctness_hi" + excluded."correctness_hi",
    "correctness_lo" = "metrics_rollup"."correctness_lo" + excluded."correctness_lo",
    "correctness_n" = "metrics_rollup"."correctness_n" + excluded."correctness_n",
    "conformance_hi" = "metrics_rollup"."conformance_hi" + excluded."conformance_hi",
    "conformance_lo" = "metrics_rollup"."conformance_lo" + excluded."conformance_lo",
    "conformance_n" = "metrics_rollup"."conformance_n" + excluded."conformance_n",
    "measured" = "metrics_rollup"."measured" + excluded."measured",
    "robust" = "metrics_rollup"."robust" + excluded."robust",
    "misleading" = "metrics_rollup"."misleading" + excluded."misleading",
    "needs_clarity" = "metrics_rollup"."needs_clarity" + excluded."needs_clarity",
    "unrated" = "metrics_rollup"."unrated" + excluded."unrated",
    "confidence_hi" = "metrics_rollup"."confidence_hi" + excluded."confidence_hi",
    "confidence_lo" = "metrics_rollup"."confidence_lo" + excluded."confidence_lo",
    "confidence_n" = "metrics_rollup"."confidence_n" + excluded."confidence_n",
    "pass_k_n" = "metrics_rollup"."pass_k_n" + excluded."pass_k_n",
    "pass_k_sum" = "metrics_rollup"."pass_k_sum" + excluded."pass_k_sum";
END $$;--> statement-breakpoint
-- A run's place in the latency histograms (0003, 0006), NULL when it does not count there: its day, odd and bucket.
CREATE FUNCTION "mcp_eval_latency_key"(r "test_runs", OUT day text, OUT odd int, OUT bucket int) LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  ms bigint := r."execution_time_ms";
  ex int;
  iso boolean := r."created_at" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$';
BEGIN
  IF r."status" IS DISTINCT FROM 'completed' OR r."classification" IS NULL OR ms IS NULL THEN RETURN; END IF;
  IF ms >= 128 THEN ex := length(ltrim(ms::bit(64)::text, '0')) - 1; END IF;
  day := CASE WHEN iso THEN substr(r."created_at", 1, 10) ELSE r."created_at" END;
  odd := (NOT iso)::int;
  bucket := CASE WHEN ms < 128 THEN ms ELSE ex * 64 + (ms >> (ex - 6)) - 64 END;
END $$;--> statement-breakpoint
-- Adds (run, evaluation, sign) rows to metrics_latency_tool_histogram: each (server, tool) a filter can name once.
CREATE FUNCTION "mcp_eval_latency_tool_fold"(runs "test_runs"[], evals "evaluation_results"[], signs int[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "metrics_latency_tool_histogram" ("server", "tool", "day", "created_odd", "bucket", "runs")
  SELECT k.server, k.tool, l.day, l.odd, l.bucket, sum(d.sign)
  FROM generate_subscripts(signs, 1) i CROSS JOIN LATERAL (SELECT runs[i] AS r, evals[i] AS e, signs[i] AS sign) d
  CROSS JOIN LATERAL "mcp_eval_latency_key"(d.r) l
  CROSS JOIN LATERAL (
    SELECT DISTINCT s.v AS server, t.v AS tool
    FROM (VALUES (''), ((d.e)."expected_server"), ((d.e)."selected_server")) s(v), (VALUES (''), ((d.e)."expected_tool"), ((d.e)."selected_tool")) t(v)
    WHERE s.v IS NOT NULL AND t.v IS NOT NULL AND (s.v <> '' OR t.v <> '')
  ) k
  WHERE (d.e)."id" IS NOT NULL AND l.bucket IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("server", "tool", "day", "created_odd", "bucket") DO UPDATE SET "runs" = "metrics_latency_tool_histogram"."runs" + excluded."runs";
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_rollup_runs_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "mcp_eval_rollup_fold"(ARRAY(
      SELECT "mcp_eval_rollup_row"(n::"test_runs", ev.e, tc."expected_mcp_server_name", tc."expected_tool_name", 1)
      FROM "new_runs" n
      LEFT JOIN LATERAL (SELECT x FROM "evaluation_results" x WHERE x."test_run_id" = n."id") ev(e) ON true
      LEFT JOIN LATERAL (SELECT t."expected_mcp_server_name", t."expected_tool_name" FROM "test_cases" t WHERE t."id" = n."test_case_id") tc ON true));
    RETURN NULL;
  END IF;
  -- UPDATE: out with each changed run as it was, in as it is.
  PERFORM "mcp_eval_rollup_fold"(ARRAY(
    SELECT "mcp_eval_rollup_row"(c.r, ev.e, tc."expected_mcp_server_name", tc."expected_tool_name", c.sign)
    FROM (
      SELECT o::"test_runs" AS r, -1 AS sign FROM "old_runs" o WHERE NOT EXISTS (SELECT 1 FROM "new_runs" n WHERE n."id" = o."id"
        AND (n."test_case_id", n."batch_id", n."model_settings_id", n."created_at", n."status", n."classification", n."selected_server", n."selected_tool", n."execution_time_ms", n."input_tokens", n."output_tokens")
          IS NOT DISTINCT FROM (o."test_case_id", o."batch_id", o."model_settings_id", o."created_at", o."status", o."classification", o."selected_server", o."selected_tool", o."execution_time_ms", o."input_tokens", o."output_tokens"))
      UNION ALL
      SELECT n::"test_runs", 1 FROM "new_runs" n WHERE NOT EXISTS (SELECT 1 FROM "old_runs" o WHERE o."id" = n."id"
        AND (n."test_case_id", n."batch_id", n."model_settings_id", n."created_at", n."status", n."classification", n."selected_server", n."selected_tool", n."execution_time_ms", n."input_tokens", n."output_tokens")
          IS NOT DISTINCT FROM (o."test_case_id", o."batch_id", o."model_settings_id", o."created_at", o."status", o."classification", o."selected_server", o."selected_tool", o."execution_time_ms", o."input_tokens", o."output_tokens"))
    ) c
    LEFT JOIN LATERAL (SELECT x FROM "evaluation_results" x WHERE x."test_run_id" = (c.r)."id") ev(e) ON true
    LEFT JOIN LATERAL (SELECT t."expected_mcp_server_name", t."expected_tool_name" FROM "test_cases" t WHERE t."id" = (c.r)."test_case_id") tc ON true));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_latency_histogram_runs_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "metrics_latency_histogram" ("batch_id", "model_settings_id", "day", "created_odd", "bucket", "runs")
    SELECT coalesce(n."batch_id", ''), coalesce(n."model_settings_id", ''), l.day, l.odd, l.bucket, count(*)
    FROM "new_runs" n CROSS JOIN LATERAL "mcp_eval_latency_key"(n::"test_runs") l WHERE l.bucket IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ("batch_id", "model_settings_id", "day", "created_odd", "bucket") DO UPDATE SET "runs" = "metrics_latency_histogram"."runs" + excluded."runs";
    RETURN NULL;
  END IF;
  INSERT INTO "metrics_latency_histogram" ("batch_id", "model_settings_id", "day", "created_odd", "bucket", "runs")
  SELECT coalesce((c.r)."batch_id", ''), coalesce((c.r)."model_settings_id", ''), l.day, l.odd, l.bucket, sum(c.sign)
  FROM (
    SELECT o::"test_runs" AS r, -1 AS sign FROM "old_runs" o WHERE NOT EXISTS (SELECT 1 FROM "new_runs" n WHERE n."id" = o."id"
      AND (n."batch_id", n."model_settings_id", n."created_at", n."execution_time_ms", n."status", n."classification")
        IS NOT DISTINCT FROM (o."batch_id", o."model_settings_id", o."created_at", o."execution_time_ms", o."status", o."classification"))
    UNION ALL
    SELECT n::"test_runs", 1 FROM "new_runs" n WHERE NOT EXISTS (SELECT 1 FROM "old_runs" o WHERE o."id" = n."id"
      AND (n."batch_id", n."model_settings_id", n."created_at", n."execution_time_ms", n."status", n."classification")
        IS NOT DISTINCT FROM (o."batch_id", o."model_settings_id", o."created_at", o."execution_time_ms", o."status", o."classification"))
  ) c CROSS JOIN LATERAL "mcp_eval_latency_key"(c.r) l WHERE l.bucket IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("batch_id", "model_settings_id", "day", "created_odd", "bucket") DO UPDATE SET "runs" = "metrics_latency_histogram"."runs" + excluded."runs";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_latency_tool_runs_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rs "test_runs"[];
  es "evaluation_results"[];
  signs int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n::"test_runs"), array_agg(ev.e), array_agg(1) INTO rs, es, signs
    FROM "new_runs" n CROSS JOIN LATERAL (SELECT x FROM "evaluation_results" x WHERE x."test_run_id" = n."id") ev(e);
    IF rs IS NOT NULL THEN PERFORM "mcp_eval_latency_tool_fold"(rs, es, signs); END IF;
    RETURN NULL;
  END IF;
  SELECT array_agg(c.r), array_agg(e.e), array_agg(c.sign) INTO rs, es, signs
  FROM (
    SELECT o::"test_runs" AS r, -1 AS sign FROM "old_runs" o WHERE NOT EXISTS (SELECT 1 FROM "new_runs" n WHERE n."id" = o."id"
      AND (n."created_at", n."status", n."classification", n."execution_time_ms") IS NOT DISTINCT FROM (o."created_at", o."status", o."classification", o."execution_time_ms"))
    UNION ALL
    SELECT n::"test_runs", 1 FROM "new_runs" n WHERE NOT EXISTS (SELECT 1 FROM "old_runs" o WHERE o."id" = n."id"
      AND (n."created_at", n."status", n."classification", n."execution_time_ms") IS NOT DISTINCT FROM (o."created_at", o."status", o."classification", o."execution_time_ms"))
  ) c CROSS JOIN LATERAL (SELECT x FROM "evaluation_results" x WHERE x."test_run_id" = (c.r)."id") e(e);
  IF rs IS NOT NULL THEN PERFORM "mcp_eval_latency_tool_fold"(rs, es, signs); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_rollup_evals_written"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "mcp_eval_rollup_fold"(ARRAY(
      SELECT "mcp_eval_rollup_row"(rr.r, x.e, tc."expected_mcp_server_name", tc."expected_tool_name", x.sign)
      FROM "new_evals" n
      CROSS JOIN LATERAL (SELECT x FROM "test_runs" x WHERE x."id" = n."test_run_id") rr(r)
      LEFT JOIN LATERAL (SELECT t."expected_mcp_server_name", t."expected_tool_name" FROM "test_cases" t WHERE t."id" = (rr.r)."test_case_id") tc ON true
      CROSS JOIN LATERAL (VALUES (NULL::"evaluation_results", -1), (n::"evaluation_results", 1)) x(e, sign)));
    RETURN NULL;
  END IF;
  -- UPDATE: out with each changed evaluation (and, when it moved, in with its old run's "none"), in with the new one.
  PERFORM "mcp_eval_rollup_fold"(ARRAY(
    SELECT "mcp_eval_rollup_row"(rr.r, x.e, tc."expected_mcp_server_name", tc."expected_tool_name", x.sign)
    FROM (
      SELECT o::"evaluation_results" AS ev, -1 AS sign, (m."id" IS NULL OR m."test_run_id" IS DISTINCT FROM o."test_run_id") AS moved
      FROM "old_evals" o LEFT JOIN "new_evals" m ON m."id" = o."id"
      WHERE m."id" IS NULL OR (m."test_run_id", m."classification", m."expected_server", m."expected_tool", m."selected_server", m."selected_tool", m."parameter_completeness", m."parameter_correctness", m."type_conformance", m."confidence_category", m."confidence_score", m."pass_k")
        IS DISTINCT FROM (o."test_run_id", o."classification", o."expected_server", o."expected_tool", o."selected_server", o."selected_tool", o."parameter_completeness", o."parameter_correctness", o."type_conformance", o."confidence_category", o."confidence_score", o."pass_k")
      UNION ALL
      SELECT n::"evaluation_results", 1, (m."id" IS NULL OR m."test_run_id" IS DISTINCT FROM n."test_run_id")
      FROM "new_evals" n LEFT JOIN "old_evals" m ON m."id" = n."id"
      WHERE m."id" IS NULL OR (m."test_run_id", m."classification", m."expected_server", m."expected_tool", m."selected_server", m."selected_tool", m."parameter_completeness", m."parameter_correctness", m."type_conformance", m."confidence_category", m."confidence_score", m."pass_k")
        IS DISTINCT FROM (n."test_run_id", n."classification", n."expected_server", n."expected_tool", n."selected_server", n."selected_tool", n."parameter_completeness", n."parameter_correctness", n."type_conformance", n."confidence_category", n."confidence_score", n."pass_k")
    ) c
    CROSS JOIN LATERAL (SELECT x FROM "test_runs" x WHERE x."id" = (c.ev)."test_run_id") rr(r)
    LEFT JOIN LATERAL (SELECT t."expected_mcp_server_name", t."expected_tool_name" FROM "test_cases" t WHERE t."id" = (rr.r)."test_case_id") tc ON true
    CROSS JOIN LATERAL (SELECT c.ev, c.sign UNION ALL SELECT NULL::"evaluation_results", -c.sign WHERE c.moved) x(e, sign)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_latency_tool_evals_written"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rs "test_runs"[];
  es "evaluation_results"[];
  signs int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(rr.r), array_agg(n::"evaluation_results"), array_agg(1) INTO rs, es, signs
    FROM "new_evals" n CROSS JOIN LATERAL (SELECT x FROM "test_runs" x WHERE x."id" = n."test_run_id") rr(r);
    IF rs IS NOT NULL THEN PERFORM "mcp_eval_latency_tool_fold"(rs, es, signs); END IF;
    RETURN NULL;
  END IF;
  -- UPDATE: out with each changed evaluation on its run, in with the new one on its run.
  SELECT array_agg(rr.r), array_agg(c.ev), array_agg(c.sign) INTO rs, es, signs
  FROM (
    SELECT o::"evaluation_results" AS ev, -1 AS sign
    FROM "old_evals" o LEFT JOIN "new_evals" m ON m."id" = o."id"
    WHERE m."id" IS NULL OR (m."test_run_id", m."expected_server", m."expected_tool", m."selected_server", m."selected_tool")
      IS DISTINCT FROM (o."test_run_id", o."expected_server", o."expected_tool", o."selected_server", o."selected_tool")
    UNION ALL
    SELECT n::"evaluation_results", 1
    FROM "new_evals" n LEFT JOIN "old_evals" m ON m."id" = n."id"
    WHERE m."id" IS NULL OR (m."test_run_id", m."expected_server", m."expected_tool", m."selected_server", m."selected_tool")
      IS DISTINCT FROM (n."test_run_id", n."expected_server", n."expected_tool", n."selected_server", n."selected_tool")
  ) c CROSS JOIN LATERAL (SELECT x FROM "test_runs" x WHERE x."id" = (c.ev)."test_run_id") rr(r);
  IF rs IS NOT NULL THEN PERFORM "mcp_eval_latency_tool_fold"(rs, es, signs); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "trg_metrics_rollup_run_insert" ON "test_runs";--> statement-breakpoint
DROP TRIGGER "trg_metrics_rollup_run_update" ON "test_runs";--> statement-breakpoint
DROP TRIGGER "trg_metrics_latency_histogram_insert" ON "test_runs";--> statement-breakpoint
DROP TRIGGER "trg_metrics_latency_histogram_update" ON "test_runs";--> statement-breakpoint
DROP TRIGGER "trg_metrics_latency_tool_run_insert" ON "test_runs";--> statement-breakpoint
DROP TRIGGER "trg_metrics_latency_tool_run_update" ON "test_runs";--> statement-breakpoint
DROP TRIGGER "trg_metrics_rollup_eval_insert" ON "evaluation_results";--> statement-breakpoint
DROP TRIGGER "trg_metrics_rollup_eval_update" ON "evaluation_results";--> statement-breakpoint
DROP TRIGGER "trg_metrics_latency_tool_eval_insert" ON "evaluation_results";--> statement-breakpoint
DROP TRIGGER "trg_metrics_latency_tool_eval_update" ON "evaluation_results";--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_run_insert" AFTER INSERT ON "test_runs"
  REFERENCING NEW TABLE AS "new_runs" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_rollup_runs_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_run_update" AFTER UPDATE ON "test_runs"
  REFERENCING OLD TABLE AS "old_runs" NEW TABLE AS "new_runs" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_rollup_runs_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_histogram_insert" AFTER INSERT ON "test_runs"
  REFERENCING NEW TABLE AS "new_runs" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_latency_histogram_runs_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_histogram_update" AFTER UPDATE ON "test_runs"
  REFERENCING OLD TABLE AS "old_runs" NEW TABLE AS "new_runs" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_latency_histogram_runs_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_run_insert" AFTER INSERT ON "test_runs"
  REFERENCING NEW TABLE AS "new_runs" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_latency_tool_runs_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_run_update" AFTER UPDATE ON "test_runs"
  REFERENCING OLD TABLE AS "old_runs" NEW TABLE AS "new_runs" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_latency_tool_runs_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_eval_insert" AFTER INSERT ON "evaluation_results"
  REFERENCING NEW TABLE AS "new_evals" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_rollup_evals_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_eval_update" AFTER UPDATE ON "evaluation_results"
  REFERENCING OLD TABLE AS "old_evals" NEW TABLE AS "new_evals" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_rollup_evals_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_eval_insert" AFTER INSERT ON "evaluation_results"
  REFERENCING NEW TABLE AS "new_evals" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_latency_tool_evals_written"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_eval_update" AFTER UPDATE ON "evaluation_results"
  REFERENCING OLD TABLE AS "old_evals" NEW TABLE AS "new_evals" FOR EACH STATEMENT EXECUTE FUNCTION "mcp_eval_latency_tool_evals_written"();--> statement-breakpoint
-- mcp_eval_complete_run (0007) for several runs in one call: the completions a worker's runs
-- reach in the same turn (items: [{r, e, t}], as that function's arguments). One UPDATE of the
-- runs, then one INSERT of the evaluations of those that took it, so the triggers above add the
-- group's changes once per statement, in the same order as for one run. Answers the ids of the
-- runs it completed (a run that had already ended is left as it is, its evaluation not written).
CREATE FUNCTION "mcp_eval_complete_runs"(items jsonb) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  done text[];
BEGIN
  -- A listing nobody points at yet is dropped only under FOR UPDATE (mcp_eval_drop_unused_tool_set).
  PERFORM 1 FROM "tool_sets" WHERE "id" IN (SELECT (i->>'t')::integer FROM jsonb_array_elements(items) i) ORDER BY "id" FOR SHARE;
  WITH written AS (
    UPDATE "test_runs" t SET "status" = 'completed', "error_message" = NULL, "completed_at" = r->>'completedAt',
      "llm_response_raw" = (r->>'llmResponseRaw')::json, "selected_server" = r->>'selectedServer', "selected_tool" = r->>'selectedTool',
      "extracted_parameters" = (r->>'extractedParameters')::json, "confidence_score" = (r->>'confidenceScore')::double precision,
      "confidence_category" = r->>'confidenceCategory', "confidence_source" = r->>'confidenceSource', "classification" = r->>'classification',
      "execution_time_ms" = (r->>'executionTimeMs')::integer, "input_tokens" = (r->>'inputTokens')::integer,
      "output_tokens" = (r->>'outputTokens')::integer, "failure_reasons" = (r->>'failureReasons')::json,
      "tool_set_id" = coalesce(v.tool_set, t."tool_set_id")
    FROM (SELECT i->'r' AS r, (i->>'t')::integer AS tool_set FROM jsonb_array_elements(items) i) v
    WHERE t."id" = v.r->>'id' AND t."status" IN ('pending', 'running')
    RETURNING t."id"
  )
  SELECT coalesce(array_agg(written."id"), '{}') INTO done FROM written;
  INSERT INTO "evaluation_results" ("id", "test_run_id", "classification", "expected_server", "expected_tool", "selected_server",
    "selected_tool", "tool_correct", "parameter_completeness", "parameter_correctness", "type_conformance",
    "hallucinated_parameters", "missing_required", "type_errors", "failure_reasons", "confidence_score",
    "confidence_category", "pass_k", "reasoning", "recommendations", "argument_matching", "created_at")
  SELECT e->>'id', e->>'testRunId', e->>'classification', e->>'expectedServer', e->>'expectedTool', e->>'selectedServer',
    e->>'selectedTool', (e->>'toolCorrect')::boolean, (e->>'parameterCompleteness')::double precision,
    (e->>'parameterCorrectness')::double precision, (e->>'typeConformance')::double precision,
    (e->>'hallucinatedParameters')::json, (e->>'missingRequired')::json, (e->>'typeErrors')::json, (e->>'failureReasons')::json,
    (e->>'confidenceScore')::double precision, e->>'confidenceCategory', (e->>'passK')::boolean, e->>'reasoning',
    (e->>'recommendations')::json, e->>'argumentMatching', e->>'createdAt'
  FROM (SELECT i->'e' AS e FROM jsonb_array_elements(items) i) v
  WHERE v.e->>'testRunId' = ANY(done);
  RETURN QUERY SELECT unnest(done);
END $$;
