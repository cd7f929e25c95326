CREATE TABLE "flaky_rollup" (
	"test_case_id" text NOT NULL,
	"model_settings_id" text NOT NULL,
	"tool_set_key" integer NOT NULL,
	"batch_key" text NOT NULL,
	"runs" bigint DEFAULT 0 NOT NULL,
	"correct_runs" bigint DEFAULT 0 NOT NULL,
	"s_agree" bigint DEFAULT 0 NOT NULL,
	"s_null" bigint DEFAULT 0 NOT NULL,
	"e_all" bigint DEFAULT 0 NOT NULL,
	"e_agree" bigint DEFAULT 0 NOT NULL,
	"e_null" bigint DEFAULT 0 NOT NULL,
	"last_run_at" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_flaky_rollup_key" ON "flaky_rollup" USING btree ("test_case_id","model_settings_id","tool_set_key","batch_key");--> statement-breakpoint
-- The flaky cases' rollup (SQLite migration 0022): the same rows for the same writes. As the compare rollup's, the run
-- triggers run BEFORE each row (SQLite's run after each): a group's latest time read again then sees exactly the
-- runs already counted, and a deleted run's evaluation is still there (a cascade deletes it after the run, when the
-- evaluation's own trigger no longer finds the run).
CREATE FUNCTION "mcp_eval_flaky_rollup_shift"(r "test_runs", s int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c int; sa int; sn int; ea int;
BEGIN
  IF r."status" IS DISTINCT FROM 'completed' OR r."classification" IS NULL OR r."model_settings_id" IS NULL THEN RETURN; END IF;
  c := (r."classification" IN ('TP', 'TN'))::int;
  sa := coalesce(r."samples" > 1 AND r."confidence_score" < 1 AND r."confidence_source" = 'sample_agreement', false)::int;
  sn := coalesce(r."samples" > 1 AND r."confidence_score" < 1 AND r."confidence_source" IS NULL, false)::int;
  ea := (c = 1 AND EXISTS (SELECT 1 FROM "evaluation_results" e WHERE e."test_run_id" = r."id" AND e."pass_k" = false))::int;
  IF s > 0 THEN
    INSERT INTO "flaky_rollup" ("test_case_id", "model_settings_id", "tool_set_key", "batch_key", "runs", "correct_runs", "s_agree", "s_null", "e_all", "e_agree", "e_null", "last_run_at")
    VALUES (r."test_case_id", r."model_settings_id", coalesce(r."tool_set_id", 0), coalesce(r."batch_id", ''), 1, c, sa, sn, ea, ea * sa, ea * sn, r."created_at")
    ON CONFLICT ("test_case_id", "model_settings_id", "tool_set_key", "batch_key") DO UPDATE SET
      "runs" = "flaky_rollup"."runs" + 1, "correct_runs" = "flaky_rollup"."correct_runs" + excluded."correct_runs",
      "s_agree" = "flaky_rollup"."s_agree" + excluded."s_agree", "s_null" = "flaky_rollup"."s_null" + excluded."s_null",
      "e_all" = "flaky_rollup"."e_all" + excluded."e_all", "e_agree" = "flaky_rollup"."e_agree" + excluded."e_agree", "e_null" = "flaky_rollup"."e_null" + excluded."e_null",
      "last_run_at" = GREATEST("flaky_rollup"."last_run_at", excluded."last_run_at");
    RETURN;
  END IF;
  UPDATE "flaky_rollup" SET "runs" = "runs" - 1, "correct_runs" = "correct_runs" - c, "s_agree" = "s_agree" - sa, "s_null" = "s_null" - sn,
    "e_all" = "e_all" - ea, "e_agree" = "e_agree" - ea * sa, "e_null" = "e_null" - ea * sn
  WHERE "test_case_id" = r."test_case_id" AND "model_settings_id" = r."model_settings_id" AND "tool_set_key" = coalesce(r."tool_set_id", 0) AND "batch_key" = coalesce(r."batch_id", '');
  DELETE FROM "flaky_rollup"
  WHERE "test_case_id" = r."test_case_id" AND "model_settings_id" = r."model_settings_id" AND "tool_set_key" = coalesce(r."tool_set_id", 0) AND "batch_key" = coalesce(r."batch_id", '') AND "runs" <= 0;
  UPDATE "flaky_rollup" SET "last_run_at" = (
    SELECT max(t."created_at") FROM "test_runs" t
    WHERE t."test_case_id" = r."test_case_id" AND t."model_settings_id" = r."model_settings_id" AND t."tool_set_id" IS NOT DISTINCT FROM r."tool_set_id"
      AND t."batch_id" IS NOT DISTINCT FROM r."batch_id" AND t."status" = 'completed' AND t."classification" IS NOT NULL AND t."id" <> r."id")
  WHERE "test_case_id" = r."test_case_id" AND "model_settings_id" = r."model_settings_id" AND "tool_set_key" = coalesce(r."tool_set_id", 0) AND "batch_key" = coalesce(r."batch_id", '')
    AND "last_run_at" = r."created_at";
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_flaky_rollup_run"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "mcp_eval_flaky_rollup_shift"(OLD, -1); END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  PERFORM "mcp_eval_flaky_rollup_shift"(NEW, 1);
  RETURN NEW;
END $$;--> statement-breakpoint
-- An evaluation's failed pass^k counts for its run while the run is completed, judged and right.
CREATE FUNCTION "mcp_eval_flaky_rollup_evaluation_shift"(run_id text, s int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r "test_runs";
BEGIN
  SELECT * INTO r FROM "test_runs" WHERE "id" = run_id;
  IF NOT FOUND OR r."status" IS DISTINCT FROM 'completed' OR r."model_settings_id" IS NULL OR r."classification" IS NULL OR r."classification" NOT IN ('TP', 'TN') THEN RETURN; END IF;
  UPDATE "flaky_rollup" SET "e_all" = "e_all" + s,
    "e_agree" = "e_agree" + s * coalesce(r."samples" > 1 AND r."confidence_score" < 1 AND r."confidence_source" = 'sample_agreement', false)::int,
    "e_null" = "e_null" + s * coalesce(r."samples" > 1 AND r."confidence_score" < 1 AND r."confidence_source" IS NULL, false)::int
  WHERE "test_case_id" = r."test_case_id" AND "model_settings_id" = r."model_settings_id" AND "tool_set_key" = coalesce(r."tool_set_id", 0) AND "batch_key" = coalesce(r."batch_id", '');
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_flaky_rollup_evaluation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."pass_k" = false THEN PERFORM "mcp_eval_flaky_rollup_evaluation_shift"(OLD."test_run_id", -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."pass_k" = false THEN PERFORM "mcp_eval_flaky_rollup_evaluation_shift"(NEW."test_run_id", 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Backfill: per (case, model settings, listing, batch) the completed, judged runs with model settings.
INSERT INTO "flaky_rollup" ("test_case_id", "model_settings_id", "tool_set_key", "batch_key", "runs", "correct_runs", "s_agree", "s_null", "e_all", "e_agree", "e_null", "last_run_at")
  SELECT g."test_case_id", g."model_settings_id", g."tool_set_key", g."batch_key", count(*), sum(g."c"), sum(g."sa"), sum(g."sn"), sum(g."ea"), sum(g."ea" * g."sa"), sum(g."ea" * g."sn"), max(g."created_at")
  FROM (
    SELECT R."test_case_id", R."model_settings_id", coalesce(R."tool_set_id", 0) AS "tool_set_key", coalesce(R."batch_id", '') AS "batch_key", R."created_at",
      (R."classification" IN ('TP', 'TN'))::int AS "c",
      coalesce(R."samples" > 1 AND R."confidence_score" < 1 AND R."confidence_source" = 'sample_agreement', false)::int AS "sa",
      coalesce(R."samples" > 1 AND R."confidence_score" < 1 AND R."confidence_source" IS NULL, false)::int AS "sn",
      (E."test_run_id" IS NOT NULL AND R."classification" IN ('TP', 'TN'))::int AS "ea"
    FROM "test_runs" R LEFT JOIN "evaluation_results" E ON E."test_run_id" = R."id" AND E."pass_k" = false
    WHERE R."status" = 'completed' AND R."classification" IS NOT NULL AND R."model_settings_id" IS NOT NULL
  ) g
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER "trg_flaky_rollup_insert" BEFORE INSERT ON "test_runs"
  FOR EACH ROW WHEN (NEW."status" = 'completed' AND NEW."classification" IS NOT NULL AND NEW."model_settings_id" IS NOT NULL)
  EXECUTE FUNCTION "mcp_eval_flaky_rollup_run"();--> statement-breakpoint
CREATE TRIGGER "trg_flaky_rollup_update" BEFORE UPDATE OF "test_case_id", "model_settings_id", "tool_set_id", "batch_id", "status", "classification", "created_at", "samples", "confidence_score", "confidence_source" ON "test_runs"
  FOR EACH ROW WHEN (((OLD."status" = 'completed' AND OLD."classification" IS NOT NULL AND OLD."model_settings_id" IS NOT NULL) OR (NEW."status" = 'completed' AND NEW."classification" IS NOT NULL AND NEW."model_settings_id" IS NOT NULL)) AND (NEW."test_case_id" IS DISTINCT FROM OLD."test_case_id" OR NEW."model_settings_id" IS DISTINCT FROM OLD."model_settings_id" OR NEW."tool_set_id" IS DISTINCT FROM OLD."tool_set_id" OR NEW."batch_id" IS DISTINCT FROM OLD."batch_id" OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."classification" IS DISTINCT FROM OLD."classification" OR NEW."created_at" IS DISTINCT FROM OLD."created_at" OR NEW."samples" IS DISTINCT FROM OLD."samples" OR NEW."confidence_score" IS DISTINCT FROM OLD."confidence_score" OR NEW."confidence_source" IS DISTINCT FROM OLD."confidence_source"))
  EXECUTE FUNCTION "mcp_eval_flaky_rollup_run"();--> statement-breakpoint
CREATE TRIGGER "trg_flaky_rollup_delete" BEFORE DELETE ON "test_runs"
  FOR EACH ROW WHEN (OLD."status" = 'completed' AND OLD."classification" IS NOT NULL AND OLD."model_settings_id" IS NOT NULL)
  EXECUTE FUNCTION "mcp_eval_flaky_rollup_run"();--> statement-breakpoint
CREATE TRIGGER "trg_flaky_rollup_evaluation_insert" AFTER INSERT ON "evaluation_results"
  FOR EACH ROW WHEN (NEW."pass_k" = false)
  EXECUTE FUNCTION "mcp_eval_flaky_rollup_evaluation"();--> statement-breakpoint
CREATE TRIGGER "trg_flaky_rollup_evaluation_update" AFTER UPDATE OF "pass_k", "test_run_id" ON "evaluation_results"
  FOR EACH ROW WHEN ((OLD."pass_k" = false OR NEW."pass_k" = false) AND (NEW."pass_k" IS DISTINCT FROM OLD."pass_k" OR NEW."test_run_id" IS DISTINCT FROM OLD."test_run_id"))
  EXECUTE FUNCTION "mcp_eval_flaky_rollup_evaluation"();--> statement-breakpoint
CREATE TRIGGER "trg_flaky_rollup_evaluation_delete" AFTER DELETE ON "evaluation_results"
  FOR EACH ROW WHEN (OLD."pass_k" = false)
  EXECUTE FUNCTION "mcp_eval_flaky_rollup_evaluation"();
