CREATE TABLE "metrics_compare_rollup" (
	"batch_id" text NOT NULL,
	"test_case_id" text NOT NULL,
	"model_settings_id" text NOT NULL,
	"tp" bigint DEFAULT 0 NOT NULL,
	"fp" bigint DEFAULT 0 NOT NULL,
	"tn" bigint DEFAULT 0 NOT NULL,
	"fn" bigint DEFAULT 0 NOT NULL,
	"latest_key" text NOT NULL,
	"latest_run_id" text NOT NULL,
	"latest_classification" text NOT NULL,
	"latest_selected_server" text,
	"latest_selected_tool" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_metrics_compare_rollup_key" ON "metrics_compare_rollup" USING btree ("batch_id","test_case_id","model_settings_id");--> statement-breakpoint
CREATE INDEX "idx_test_runs_compare" ON "test_runs" USING btree ("batch_id","test_case_id","model_settings_id") WHERE "test_runs"."status" = 'completed' and "test_runs"."classification" is not null;--> statement-breakpoint
-- The compare rollup (SQLite migration 0018): the same rows for the same writes. Postgres runs AFTER row triggers at
-- the end of the statement, when every row of it is already written; a group read again then would hold rows whose
-- own trigger has not run yet and count them twice. These triggers run BEFORE each row instead, as SQLite's run
-- after each: the group's other runs are then exactly the ones already counted.
CREATE FUNCTION "mcp_eval_compare_rollup_add"(r "test_runs") RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF r."batch_id" IS NULL OR r."status" IS DISTINCT FROM 'completed' OR r."classification" IS NULL THEN RETURN; END IF;
  INSERT INTO "metrics_compare_rollup" ("batch_id", "test_case_id", "model_settings_id", "tp", "fp", "tn", "fn", "latest_key", "latest_run_id", "latest_classification", "latest_selected_server", "latest_selected_tool")
  VALUES (r."batch_id", r."test_case_id", coalesce(r."model_settings_id", ''),
    (r."classification" = 'TP')::int, (r."classification" = 'FP')::int, (r."classification" = 'TN')::int, (r."classification" = 'FN')::int,
    coalesce(r."completed_at", r."created_at") || chr(1) || r."created_at" || chr(1) || r."id", r."id", r."classification", r."selected_server", r."selected_tool")
  ON CONFLICT ("batch_id", "test_case_id", "model_settings_id") DO UPDATE SET
    "tp" = "metrics_compare_rollup"."tp" + excluded."tp", "fp" = "metrics_compare_rollup"."fp" + excluded."fp", "tn" = "metrics_compare_rollup"."tn" + excluded."tn", "fn" = "metrics_compare_rollup"."fn" + excluded."fn",
    "latest_key" = CASE WHEN excluded."latest_key" COLLATE "C" > "metrics_compare_rollup"."latest_key" COLLATE "C" THEN excluded."latest_key" ELSE "metrics_compare_rollup"."latest_key" END,
    "latest_run_id" = CASE WHEN excluded."latest_key" COLLATE "C" > "metrics_compare_rollup"."latest_key" COLLATE "C" THEN excluded."latest_run_id" ELSE "metrics_compare_rollup"."latest_run_id" END,
    "latest_classification" = CASE WHEN excluded."latest_key" COLLATE "C" > "metrics_compare_rollup"."latest_key" COLLATE "C" THEN excluded."latest_classification" ELSE "metrics_compare_rollup"."latest_classification" END,
    "latest_selected_server" = CASE WHEN excluded."latest_key" COLLATE "C" > "metrics_compare_rollup"."latest_key" COLLATE "C" THEN excluded."latest_selected_server" ELSE "metrics_compare_rollup"."latest_selected_server" END,
    "latest_selected_tool" = CASE WHEN excluded."latest_key" COLLATE "C" > "metrics_compare_rollup"."latest_key" COLLATE "C" THEN excluded."latest_selected_tool" ELSE "metrics_compare_rollup"."latest_selected_tool" END;
END $$;--> statement-breakpoint
-- Takes a run away: its classification's count falls; when it was its group's latest, the group's row is read again
-- from its other runs (none left: no row).
CREATE FUNCTION "mcp_eval_compare_rollup_remove"(r "test_runs") RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ms text := coalesce(r."model_settings_id", '');
  latest "test_runs";
BEGIN
  IF r."batch_id" IS NULL OR r."status" IS DISTINCT FROM 'completed' OR r."classification" IS NULL THEN RETURN; END IF;
  UPDATE "metrics_compare_rollup" SET
    "tp" = "tp" - (r."classification" = 'TP')::int, "fp" = "fp" - (r."classification" = 'FP')::int,
    "tn" = "tn" - (r."classification" = 'TN')::int, "fn" = "fn" - (r."classification" = 'FN')::int
  WHERE "batch_id" = r."batch_id" AND "test_case_id" = r."test_case_id" AND "model_settings_id" = ms AND "latest_run_id" <> r."id";
  IF FOUND THEN RETURN; END IF;
  DELETE FROM "metrics_compare_rollup" WHERE "batch_id" = r."batch_id" AND "test_case_id" = r."test_case_id" AND "model_settings_id" = ms;
  SELECT * INTO latest FROM "test_runs" t
  WHERE t."batch_id" = r."batch_id" AND t."test_case_id" = r."test_case_id" AND coalesce(t."model_settings_id", '') = ms
    AND t."status" = 'completed' AND t."classification" IS NOT NULL AND t."id" <> r."id"
  ORDER BY coalesce(t."completed_at", t."created_at") || chr(1) || t."created_at" || chr(1) || t."id" COLLATE "C" DESC LIMIT 1;
  IF NOT FOUND THEN RETURN; END IF;
  INSERT INTO "metrics_compare_rollup" ("batch_id", "test_case_id", "model_settings_id", "tp", "fp", "tn", "fn", "latest_key", "latest_run_id", "latest_classification", "latest_selected_server", "latest_selected_tool")
  SELECT r."batch_id", r."test_case_id", ms,
    count(*) FILTER (WHERE t."classification" = 'TP'), count(*) FILTER (WHERE t."classification" = 'FP'),
    count(*) FILTER (WHERE t."classification" = 'TN'), count(*) FILTER (WHERE t."classification" = 'FN'),
    coalesce(latest."completed_at", latest."created_at") || chr(1) || latest."created_at" || chr(1) || latest."id", latest."id", latest."classification", latest."selected_server", latest."selected_tool"
  FROM "test_runs" t
  WHERE t."batch_id" = r."batch_id" AND t."test_case_id" = r."test_case_id" AND coalesce(t."model_settings_id", '') = ms
    AND t."status" = 'completed' AND t."classification" IS NOT NULL AND t."id" <> r."id";
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_compare_rollup_run"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "mcp_eval_compare_rollup_remove"(OLD); END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  PERFORM "mcp_eval_compare_rollup_add"(NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
-- Backfill: per group the counts and the latest run (the largest key; its id is the key's third part).
INSERT INTO "metrics_compare_rollup" ("batch_id", "test_case_id", "model_settings_id", "tp", "fp", "tn", "fn", "latest_key", "latest_run_id", "latest_classification", "latest_selected_server", "latest_selected_tool")
  SELECT g."batch_id", g."test_case_id", g."ms", g."tp", g."fp", g."tn", g."fn", g."k", l."id", l."classification", l."selected_server", l."selected_tool"
  FROM (
    SELECT R."batch_id", R."test_case_id", coalesce(R."model_settings_id", '') AS "ms",
      count(*) FILTER (WHERE R."classification" = 'TP') AS "tp", count(*) FILTER (WHERE R."classification" = 'FP') AS "fp",
      count(*) FILTER (WHERE R."classification" = 'TN') AS "tn", count(*) FILTER (WHERE R."classification" = 'FN') AS "fn",
      max(coalesce(R."completed_at", R."created_at") || chr(1) || R."created_at" || chr(1) || R."id" COLLATE "C") AS "k"
    FROM "test_runs" R
    WHERE R."batch_id" IS NOT NULL AND R."status" = 'completed' AND R."classification" IS NOT NULL
    GROUP BY 1, 2, 3
  ) g
  JOIN "test_runs" l ON l."id" = split_part(g."k", chr(1), 3);--> statement-breakpoint
CREATE TRIGGER "trg_metrics_compare_rollup_insert" BEFORE INSERT ON "test_runs"
  FOR EACH ROW WHEN (NEW."batch_id" IS NOT NULL AND NEW."status" = 'completed' AND NEW."classification" IS NOT NULL)
  EXECUTE FUNCTION "mcp_eval_compare_rollup_run"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_compare_rollup_update" BEFORE UPDATE OF "batch_id", "test_case_id", "model_settings_id", "status", "classification", "completed_at", "created_at", "selected_server", "selected_tool" ON "test_runs"
  FOR EACH ROW WHEN (((OLD."batch_id" IS NOT NULL AND OLD."status" = 'completed' AND OLD."classification" IS NOT NULL) OR (NEW."batch_id" IS NOT NULL AND NEW."status" = 'completed' AND NEW."classification" IS NOT NULL)) AND (NEW."batch_id" IS DISTINCT FROM OLD."batch_id" OR NEW."test_case_id" IS DISTINCT FROM OLD."test_case_id" OR NEW."model_settings_id" IS DISTINCT FROM OLD."model_settings_id" OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."classification" IS DISTINCT FROM OLD."classification" OR NEW."completed_at" IS DISTINCT FROM OLD."completed_at" OR NEW."created_at" IS DISTINCT FROM OLD."created_at" OR NEW."selected_server" IS DISTINCT FROM OLD."selected_server" OR NEW."selected_tool" IS DISTINCT FROM OLD."selected_tool"))
  EXECUTE FUNCTION "mcp_eval_compare_rollup_run"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_compare_rollup_delete" BEFORE DELETE ON "test_runs"
  FOR EACH ROW WHEN (OLD."batch_id" IS NOT NULL AND OLD."status" = 'completed' AND OLD."classification" IS NOT NULL)
  EXECUTE FUNCTION "mcp_eval_compare_rollup_run"();
