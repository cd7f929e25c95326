-- The metrics rollup (SQLite migration 0015) kept by triggers in the writer's own transaction:
-- one function adds (sign 1) or takes away (sign -1) a run's contribution, as the run is with
-- the given evaluation (NULL: none) and test case expectation; each trigger takes the run out as
-- it was and puts it back as it is. Keys, NULLs as '', the created_at day rule and the exact
-- two-integer score sums (hi = trunc(x * 2^26), lo = SQLite's round((x * 2^26 - hi) * 2^26)) are
-- SQLite's, so both databases hold the same rows for the same writes.
CREATE FUNCTION "mcp_eval_rollup_add"(r "test_runs", e "evaluation_results", case_server text, case_tool text, sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  has_eval boolean := e."id" IS NOT NULL;
  unfinished boolean := r."status" IN ('pending', 'running', 'failed', 'cancelled');
  iso boolean := r."created_at" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$';
BEGIN
  INSERT INTO "metrics_rollup" ("batch_id", "model_settings_id", "day", "created_odd", "status", "classification", "expected_server", "expected_tool", "selected_server", "selected_tool", "runs", "latency_n", "latency_sum", "input_tokens", "output_tokens", "evals", "e_tp", "e_fp", "e_tn", "e_fn", "completeness_hi", "completeness_lo", "completeness_n", "correctness_hi", "correctness_lo", "correctness_n", "conformance_hi", "conformance_lo", "conformance_n", "measured", "robust", "misleading", "needs_clarity", "unrated", "confidence_hi", "confidence_lo", "confidence_n", "pass_k_n", "pass_k_sum")
  VALUES (
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
    sign * coalesce(e.pass_k::int, 0)
  )
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
CREATE FUNCTION "mcp_eval_rollup_run"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e "evaluation_results";
  tc "test_cases";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO tc FROM "test_cases" WHERE "id" = OLD."test_case_id";
    -- A run deleted with its test case was taken out by the case's own trigger.
    IF TG_OP = 'UPDATE' OR FOUND THEN
      SELECT * INTO e FROM "evaluation_results" WHERE "test_run_id" = OLD."id";
      PERFORM "mcp_eval_rollup_add"(OLD, e, tc."expected_mcp_server_name", tc."expected_tool_name", -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    e := NULL;
    tc := NULL;
    SELECT * INTO tc FROM "test_cases" WHERE "id" = NEW."test_case_id";
    SELECT * INTO e FROM "evaluation_results" WHERE "test_run_id" = NEW."id";
    PERFORM "mcp_eval_rollup_add"(NEW, e, tc."expected_mcp_server_name", tc."expected_tool_name", 1);
    RETURN NULL;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_run_insert" AFTER INSERT ON "test_runs"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_rollup_run"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_run_update" AFTER UPDATE OF "test_case_id", "batch_id", "model_settings_id", "created_at", "status", "classification", "selected_server", "selected_tool", "execution_time_ms", "input_tokens", "output_tokens" ON "test_runs"
  FOR EACH ROW WHEN (NEW."test_case_id" IS DISTINCT FROM OLD."test_case_id" OR NEW."batch_id" IS DISTINCT FROM OLD."batch_id" OR NEW."model_settings_id" IS DISTINCT FROM OLD."model_settings_id" OR NEW."created_at" IS DISTINCT FROM OLD."created_at" OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."classification" IS DISTINCT FROM OLD."classification" OR NEW."selected_server" IS DISTINCT FROM OLD."selected_server" OR NEW."selected_tool" IS DISTINCT FROM OLD."selected_tool" OR NEW."execution_time_ms" IS DISTINCT FROM OLD."execution_time_ms" OR NEW."input_tokens" IS DISTINCT FROM OLD."input_tokens" OR NEW."output_tokens" IS DISTINCT FROM OLD."output_tokens")
  EXECUTE FUNCTION "mcp_eval_rollup_run"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_run_delete" BEFORE DELETE ON "test_runs"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_rollup_run"();--> statement-breakpoint
-- A test case's expectation keys the runs that have no evaluation and did not complete.
CREATE FUNCTION "mcp_eval_rollup_case"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r "test_runs";
  e "evaluation_results";
BEGIN
  FOR r IN SELECT * FROM "test_runs" WHERE "test_case_id" = OLD."id" LOOP
    e := NULL;
    SELECT * INTO e FROM "evaluation_results" WHERE "test_run_id" = r."id";
    IF TG_OP = 'DELETE' OR (e."id" IS NULL AND r."status" IN ('pending', 'running', 'failed', 'cancelled')) THEN
      PERFORM "mcp_eval_rollup_add"(r, e, OLD."expected_mcp_server_name", OLD."expected_tool_name", -1);
      IF TG_OP = 'UPDATE' THEN
        PERFORM "mcp_eval_rollup_add"(r, e, NEW."expected_mcp_server_name", NEW."expected_tool_name", 1);
      END IF;
    END IF;
  END LOOP;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_case_delete" BEFORE DELETE ON "test_cases"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_rollup_case"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_case_update" AFTER UPDATE OF "expected_mcp_server_name", "expected_tool_name" ON "test_cases"
  FOR EACH ROW WHEN (NEW."expected_mcp_server_name" IS DISTINCT FROM OLD."expected_mcp_server_name" OR NEW."expected_tool_name" IS DISTINCT FROM OLD."expected_tool_name")
  EXECUTE FUNCTION "mcp_eval_rollup_case"();--> statement-breakpoint
-- An evaluation changes its run's contribution: out with the old evaluation (or none), in with
-- the new (or none). A run already gone (deleted with its evaluation) was taken out by its trigger.
CREATE FUNCTION "mcp_eval_rollup_eval"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r "test_runs";
  tc "test_cases";
  none "evaluation_results";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO r FROM "test_runs" WHERE "id" = OLD."test_run_id";
    IF FOUND THEN
      SELECT * INTO tc FROM "test_cases" WHERE "id" = r."test_case_id";
      PERFORM "mcp_eval_rollup_add"(r, OLD, tc."expected_mcp_server_name", tc."expected_tool_name", -1);
      IF TG_OP = 'DELETE' OR NEW."test_run_id" IS DISTINCT FROM OLD."test_run_id" THEN
        PERFORM "mcp_eval_rollup_add"(r, none, tc."expected_mcp_server_name", tc."expected_tool_name", 1);
      END IF;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    r := NULL;
    tc := NULL;
    SELECT * INTO r FROM "test_runs" WHERE "id" = NEW."test_run_id";
    IF FOUND THEN
      SELECT * INTO tc FROM "test_cases" WHERE "id" = r."test_case_id";
      IF TG_OP = 'INSERT' OR NEW."test_run_id" IS DISTINCT FROM OLD."test_run_id" THEN
        PERFORM "mcp_eval_rollup_add"(r, none, tc."expected_mcp_server_name", tc."expected_tool_name", -1);
      END IF;
      PERFORM "mcp_eval_rollup_add"(r, NEW, tc."expected_mcp_server_name", tc."expected_tool_name", 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_eval_insert" AFTER INSERT ON "evaluation_results"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_rollup_eval"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_eval_update" AFTER UPDATE OF "test_run_id", "classification", "expected_server", "expected_tool", "selected_server", "selected_tool", "parameter_completeness", "parameter_correctness", "type_conformance", "confidence_category", "confidence_score", "pass_k" ON "evaluation_results"
  FOR EACH ROW WHEN (NEW."test_run_id" IS DISTINCT FROM OLD."test_run_id" OR NEW."classification" IS DISTINCT FROM OLD."classification" OR NEW."expected_server" IS DISTINCT FROM OLD."expected_server" OR NEW."expected_tool" IS DISTINCT FROM OLD."expected_tool" OR NEW."selected_server" IS DISTINCT FROM OLD."selected_server" OR NEW."selected_tool" IS DISTINCT FROM OLD."selected_tool" OR NEW."parameter_completeness" IS DISTINCT FROM OLD."parameter_completeness" OR NEW."parameter_correctness" IS DISTINCT FROM OLD."parameter_correctness" OR NEW."type_conformance" IS DISTINCT FROM OLD."type_conformance" OR NEW."confidence_category" IS DISTINCT FROM OLD."confidence_category" OR NEW."confidence_score" IS DISTINCT FROM OLD."confidence_score" OR NEW."pass_k" IS DISTINCT FROM OLD."pass_k")
  EXECUTE FUNCTION "mcp_eval_rollup_eval"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_rollup_eval_delete" AFTER DELETE ON "evaluation_results"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_rollup_eval"();
