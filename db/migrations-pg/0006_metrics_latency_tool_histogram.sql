CREATE TABLE "metrics_latency_tool_histogram" (
	"server" text NOT NULL,
	"tool" text NOT NULL,
	"day" text NOT NULL,
	"created_odd" integer NOT NULL,
	"bucket" integer NOT NULL,
	"runs" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uq_metrics_latency_tool_histogram_key" ON "metrics_latency_tool_histogram" USING btree ("server","tool","day","created_odd","bucket");--> statement-breakpoint
-- Kept by triggers on test_runs and evaluation_results (SQLite 0019): a completed, classified, timed run with an
-- evaluation counts once in each (server, tool, day, bucket) a filter can name: server '' or its expected or
-- selected server, tool '' or its expected or selected tool, not both '', each distinct name once (filter
-- values are never ''). Day and bucket as in metrics_latency_histogram.
CREATE FUNCTION "mcp_eval_latency_tool_add"(r "test_runs", e "evaluation_results", sign int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ms bigint := r."execution_time_ms";
  ex int;
  iso boolean := r."created_at" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$';
BEGIN
  IF e."id" IS NULL OR r."status" IS DISTINCT FROM 'completed' OR r."classification" IS NULL OR ms IS NULL THEN RETURN; END IF;
  IF ms >= 128 THEN ex := length(ltrim(ms::bit(64)::text, '0')) - 1; END IF;
  INSERT INTO "metrics_latency_tool_histogram" ("server", "tool", "day", "created_odd", "bucket", "runs")
  SELECT k.server, k.tool, CASE WHEN iso THEN substr(r."created_at", 1, 10) ELSE r."created_at" END, (NOT iso)::int,
    CASE WHEN ms < 128 THEN ms ELSE ex * 64 + (ms >> (ex - 6)) - 64 END, sign
  FROM (
    SELECT DISTINCT s.v AS server, t.v AS tool
    FROM (VALUES (''), (e."expected_server"), (e."selected_server")) s(v), (VALUES (''), (e."expected_tool"), (e."selected_tool")) t(v)
    WHERE s.v IS NOT NULL AND t.v IS NOT NULL AND (s.v <> '' OR t.v <> '')
  ) k
  ON CONFLICT ("server", "tool", "day", "created_odd", "bucket") DO UPDATE SET "runs" = "metrics_latency_tool_histogram"."runs" + excluded."runs";
END $$;--> statement-breakpoint
-- Backfill from the evaluated runs, grouped (the function's rows, in one statement).
INSERT INTO "metrics_latency_tool_histogram" ("server", "tool", "day", "created_odd", "bucket", "runs")
SELECT k.server, k.tool, x.day, x.odd, x.bucket, count(*)
FROM (
  SELECT E."expected_server" AS es, E."expected_tool" AS et, E."selected_server" AS ss, E."selected_tool" AS st,
    CASE WHEN R."created_at" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$' THEN substr(R."created_at", 1, 10) ELSE R."created_at" END AS day,
    (NOT R."created_at" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$')::int AS odd,
    CASE WHEN R."execution_time_ms" < 128 THEN R."execution_time_ms"::bigint
      ELSE (length(ltrim(R."execution_time_ms"::bigint::bit(64)::text, '0')) - 1) * 64
        + (R."execution_time_ms"::bigint >> (length(ltrim(R."execution_time_ms"::bigint::bit(64)::text, '0')) - 7)) - 64 END AS bucket
  FROM "test_runs" R JOIN "evaluation_results" E ON E."test_run_id" = R."id"
  WHERE R."status" = 'completed' AND R."classification" IS NOT NULL AND R."execution_time_ms" IS NOT NULL
) x
CROSS JOIN LATERAL (
  SELECT DISTINCT s.v AS server, t.v AS tool
  FROM (VALUES (''), (x.es), (x.ss)) s(v), (VALUES (''), (x.et), (x.st)) t(v)
  WHERE s.v IS NOT NULL AND t.v IS NOT NULL AND (s.v <> '' OR t.v <> '')
) k
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
CREATE FUNCTION "mcp_eval_latency_tool_run"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e "evaluation_results";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO e FROM "evaluation_results" WHERE "test_run_id" = OLD."id";
    PERFORM "mcp_eval_latency_tool_add"(OLD, e, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    e := NULL;
    SELECT * INTO e FROM "evaluation_results" WHERE "test_run_id" = NEW."id";
    PERFORM "mcp_eval_latency_tool_add"(NEW, e, 1);
    RETURN NULL;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_run_insert" AFTER INSERT ON "test_runs"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_latency_tool_run"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_run_update" AFTER UPDATE OF "created_at", "status", "classification", "execution_time_ms" ON "test_runs"
  FOR EACH ROW WHEN (NEW."created_at" IS DISTINCT FROM OLD."created_at" OR NEW."status" IS DISTINCT FROM OLD."status"
    OR NEW."classification" IS DISTINCT FROM OLD."classification" OR NEW."execution_time_ms" IS DISTINCT FROM OLD."execution_time_ms")
  EXECUTE FUNCTION "mcp_eval_latency_tool_run"();--> statement-breakpoint
-- Before the delete: its evaluation is still there (the cascade then finds no run to take away again).
CREATE TRIGGER "trg_metrics_latency_tool_run_delete" BEFORE DELETE ON "test_runs"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_latency_tool_run"();--> statement-breakpoint
CREATE FUNCTION "mcp_eval_latency_tool_eval"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r "test_runs";
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT * INTO r FROM "test_runs" WHERE "id" = OLD."test_run_id";
    IF FOUND THEN PERFORM "mcp_eval_latency_tool_add"(r, OLD, -1); END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    r := NULL;
    SELECT * INTO r FROM "test_runs" WHERE "id" = NEW."test_run_id";
    IF FOUND THEN PERFORM "mcp_eval_latency_tool_add"(r, NEW, 1); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_eval_insert" AFTER INSERT ON "evaluation_results"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_latency_tool_eval"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_eval_update" AFTER UPDATE OF "test_run_id", "expected_server", "expected_tool", "selected_server", "selected_tool" ON "evaluation_results"
  FOR EACH ROW WHEN (NEW."test_run_id" IS DISTINCT FROM OLD."test_run_id" OR NEW."expected_server" IS DISTINCT FROM OLD."expected_server"
    OR NEW."expected_tool" IS DISTINCT FROM OLD."expected_tool" OR NEW."selected_server" IS DISTINCT FROM OLD."selected_server"
    OR NEW."selected_tool" IS DISTINCT FROM OLD."selected_tool")
  EXECUTE FUNCTION "mcp_eval_latency_tool_eval"();--> statement-breakpoint
CREATE TRIGGER "trg_metrics_latency_tool_eval_delete" AFTER DELETE ON "evaluation_results"
  FOR EACH ROW EXECUTE FUNCTION "mcp_eval_latency_tool_eval"();
