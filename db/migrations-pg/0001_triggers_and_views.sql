-- The Postgres equivalents of the SQLite triggers and view (db/migrations 0001, 0003, 0004,
-- 0011, 0012): same behaviour, whoever writes the rows. The metrics rollup triggers (0015) are in
-- 0002; the tool_definitions INSTEAD OF triggers (which hash tool definitions in SQL) are not here yet.

-- 0001: keep updated_at current on every UPDATE whose writer did not set it.
CREATE FUNCTION "mcp_eval_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."updated_at" = OLD."updated_at" THEN
    NEW."updated_at" := to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_mcp_servers_updated_at" BEFORE UPDATE ON "mcp_servers"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "trg_test_cases_updated_at" BEFORE UPDATE ON "test_cases"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "trg_app_meta_updated_at" BEFORE UPDATE ON "app_meta"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_touch_updated_at"();--> statement-breakpoint

-- 0003/0004: evaluation_results keeps copies of its run's model_settings_id, batch_id and
-- created_at. An insert, or a move to another run, takes the run's values (never the writer's).
CREATE FUNCTION "mcp_eval_evaluation_run_scope"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW."test_run_id" IS DISTINCT FROM OLD."test_run_id" THEN
    SELECT r."model_settings_id", r."batch_id", r."created_at"
      INTO NEW."model_settings_id", NEW."batch_id", NEW."run_created_at"
      FROM "test_runs" r WHERE r."id" = NEW."test_run_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_evaluation_results_run_scope" BEFORE INSERT ON "evaluation_results"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_evaluation_run_scope"();--> statement-breakpoint
CREATE TRIGGER "trg_evaluation_results_run_moved" BEFORE UPDATE OF "test_run_id" ON "evaluation_results"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_evaluation_run_scope"();--> statement-breakpoint
-- A change to the run's columns (including ON DELETE SET NULL of its model settings) is copied over.
CREATE FUNCTION "mcp_eval_run_scope_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "evaluation_results" SET "model_settings_id" = NEW."model_settings_id", "batch_id" = NEW."batch_id",
    "run_created_at" = NEW."created_at"
  WHERE "test_run_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_test_runs_run_scope" AFTER UPDATE OF "model_settings_id", "batch_id", "created_at" ON "test_runs"
  FOR EACH ROW WHEN (NEW."model_settings_id" IS DISTINCT FROM OLD."model_settings_id"
    OR NEW."batch_id" IS DISTINCT FROM OLD."batch_id" OR NEW."created_at" IS DISTINCT FROM OLD."created_at")
  EXECUTE FUNCTION "mcp_eval_run_scope_changed"();--> statement-breakpoint

-- 0011: a listing no run points at goes (its members with it, by cascade), and a definition no
-- listing holds goes with its last member.
-- Writers run concurrently here (SQLite has one): a transaction may have just given a new run
-- this listing, holding a key lock on it until it commits. Lock the row first (that waits for
-- it), so the check below, a new statement with a new snapshot, sees that run.
CREATE FUNCTION "mcp_eval_drop_unused_tool_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "tool_sets" WHERE "id" = OLD."tool_set_id" FOR UPDATE;
  DELETE FROM "tool_sets" WHERE "id" = OLD."tool_set_id"
    AND NOT EXISTS (SELECT 1 FROM "test_runs" WHERE "tool_set_id" = OLD."tool_set_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_test_runs_tool_set_delete" AFTER DELETE ON "test_runs"
  FOR EACH ROW WHEN (OLD."tool_set_id" IS NOT NULL)
  EXECUTE FUNCTION "mcp_eval_drop_unused_tool_set"();--> statement-breakpoint
CREATE TRIGGER "trg_test_runs_tool_set_update" AFTER UPDATE OF "tool_set_id" ON "test_runs"
  FOR EACH ROW WHEN (OLD."tool_set_id" IS NOT NULL AND OLD."tool_set_id" IS DISTINCT FROM NEW."tool_set_id")
  EXECUTE FUNCTION "mcp_eval_drop_unused_tool_set"();--> statement-breakpoint
CREATE FUNCTION "mcp_eval_drop_unused_snapshot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "tool_snapshots" WHERE "id" = OLD."snapshot_id" FOR UPDATE;
  DELETE FROM "tool_snapshots" WHERE "id" = OLD."snapshot_id"
    AND NOT EXISTS (SELECT 1 FROM "tool_set_members" WHERE "snapshot_id" = OLD."snapshot_id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_tool_set_members_delete" AFTER DELETE ON "tool_set_members"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_drop_unused_snapshot"();--> statement-breakpoint

-- 0012: what a run showed the model, in the shape of the old per-run table.
CREATE VIEW "tool_definitions" AS
SELECT r."id" || ':' || m."position" AS "id", r."id" AS "test_run_id", s."server_name" AS "server_name",
  m."server_url" AS "server_url", s."name" AS "name", m."exposed_name" AS "exposed_name",
  s."description" AS "description", s."input_schema" AS "input_schema", s."output_schema" AS "output_schema",
  coalesce(r."completed_at", r."created_at") AS "created_at", m."position" AS "position", s."hash" AS "snapshot_hash"
FROM "test_runs" r
JOIN "tool_set_members" m ON m."tool_set_id" = r."tool_set_id"
JOIN "tool_snapshots" s ON s."id" = m."snapshot_id";
