CREATE TABLE "metrics_latency_histogram" (
	"batch_id" text NOT NULL,
	"model_settings_id" text NOT NULL,
	"day" text NOT NULL,
	"created_odd" integer NOT NULL,
	"bucket" integer NOT NULL,
	"runs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_metrics_latency_histogram_key" ON "metrics_latency_histogram" USING btree ("batch_id","model_settings_id","day","created_odd","bucket");--> statement-breakpoint
-- Kept by triggers on test_runs alone (SQLite 0016): a completed, classified run with an
-- execution time counts in its (batch, model settings, day, bucket). Buckets: 1 ms below 128 ms,
-- then 64 per power of two: e = floor(log2(ms)), bucket = e * 64 + (ms >> (e - 6)) - 64.
CREATE FUNCTION "mcp_eval_latency_histogram_add"(r "test_runs", sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ms bigint := r."execution_time_ms";
  e int;
  iso boolean := r."created_at" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$';
BEGIN
  IF r."status" IS DISTINCT FROM 'completed' OR r."classification" IS NULL OR ms IS NULL THEN RETURN; END IF;
  IF ms >= 128 THEN e := length(ltrim(ms::bit(64)::text, '0')) - 1; END IF;
  INSERT INTO "metrics_latency_histogram" ("batch_id", "model_settings_id", "day", "created_odd", "bucket", "runs")
  VALUES (coalesce(r."batch_id", ''), coalesce(r."model_settings_id", ''),
    CASE WHEN iso THEN substr(r."created_at", 1, 10) ELSE r."created_at" END, (NOT iso)::int,
    CASE WHEN ms < 128 THEN ms ELSE e * 64 + (ms >> (e - 6)) - 64 END, sign)
  ON CONFLICT ("batch_id", "model_settings_id", "day", "created_odd", "bucket") DO UPDATE SET "runs" = "metrics_latency_histogram"."runs" + excluded."runs";
END $$;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_latency_histogram_run"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "mcp_eval_latency_histogram_add"(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM "mcp_eval_latency_histogram_add"(NEW, 1); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_histogram_insert" AFTER INSERT ON "test_runs"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_latency_histogram_run"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_histogram_update" AFTER UPDATE OF "batch_id", "model_settings_id", "created_at", "execution_time_ms", "status", "classification" ON "test_runs"
  FOR EACH ROW WHEN (NEW."batch_id" IS DISTINCT FROM OLD."batch_id" OR NEW."model_settings_id" IS DISTINCT FROM OLD."model_settings_id"
    OR NEW."created_at" IS DISTINCT FROM OLD."created_at" OR NEW."execution_time_ms" IS DISTINCT FROM OLD."execution_time_ms"
    OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."classification" IS DISTINCT FROM OLD."classification")
  EXECUTE FUNCTION "mcp_eval_latency_histogram_run"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_histogram_delete" AFTER DELETE ON "test_runs"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_latency_histogram_run"();
