CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'mcp' NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"last_used_at" text,
	"revoked_at" text,
	CONSTRAINT "ck_api_keys_name" CHECK (length(trim("api_keys"."name")) between 1 and 100),
	CONSTRAINT "ck_api_keys_hash" CHECK (length("api_keys"."key_hash") = 64),
	CONSTRAINT "ck_api_keys_kind" CHECK ("api_keys"."kind" in ('mcp', 'api'))
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_results" (
	"id" text PRIMARY KEY NOT NULL,
	"test_run_id" text NOT NULL,
	"expected_index" integer,
	"call_index" integer,
	"outcome" text NOT NULL,
	"server" text NOT NULL,
	"tool" text NOT NULL,
	"argument_correctness" double precision,
	"failure_reasons" json NOT NULL,
	CONSTRAINT "ck_call_results_outcome" CHECK ("call_results"."outcome" in ('TP', 'FN', 'FP')),
	CONSTRAINT "ck_call_results_indexes" CHECK (("call_results"."outcome" = 'TP' and "call_results"."expected_index" is not null and "call_results"."call_index" is not null)
        or ("call_results"."outcome" = 'FN' and "call_results"."expected_index" is not null and "call_results"."call_index" is null)
        or ("call_results"."outcome" = 'FP' and "call_results"."expected_index" is null and "call_results"."call_index" is not null)),
	CONSTRAINT "ck_call_results_correctness" CHECK ("call_results"."argument_correctness" is null or "call_results"."argument_correctness" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "embedding_cache" (
	"model" text NOT NULL,
	"text_hash" text NOT NULL,
	"dimensions" integer NOT NULL,
	"vector" "bytea" NOT NULL,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "embedding_cache_model_text_hash_pk" PRIMARY KEY("model","text_hash"),
	CONSTRAINT "ck_embedding_cache_dims" CHECK ("embedding_cache"."dimensions" > 0 and octet_length("embedding_cache"."vector") = "embedding_cache"."dimensions" * 4)
);
--> statement-breakpoint
CREATE TABLE "evaluation_results" (
	"id" text PRIMARY KEY NOT NULL,
	"test_run_id" text NOT NULL,
	"classification" text NOT NULL,
	"expected_server" text,
	"expected_tool" text,
	"selected_server" text,
	"selected_tool" text,
	"tool_correct" boolean NOT NULL,
	"parameter_completeness" double precision,
	"parameter_correctness" double precision,
	"type_conformance" double precision,
	"hallucinated_parameters" json,
	"missing_required" json,
	"type_errors" json,
	"failure_reasons" json NOT NULL,
	"confidence_score" double precision,
	"confidence_category" text,
	"pass_k" boolean,
	"reasoning" text,
	"recommendations" json,
	"argument_matching" text DEFAULT 'strict' NOT NULL,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"model_settings_id" text,
	"batch_id" text,
	"run_created_at" text,
	CONSTRAINT "ck_evaluation_results_classification" CHECK ("evaluation_results"."classification" in ('TP', 'FP', 'TN', 'FN')),
	CONSTRAINT "ck_evaluation_results_scores" CHECK (coalesce("evaluation_results"."parameter_completeness", 0) between 0 and 1
        and coalesce("evaluation_results"."parameter_correctness", 0) between 0 and 1
        and coalesce("evaluation_results"."type_conformance", 0) between 0 and 1
        and coalesce("evaluation_results"."confidence_score", 0) between 0 and 1),
	CONSTRAINT "ck_evaluation_results_category" CHECK ("evaluation_results"."confidence_category" is null or "evaluation_results"."confidence_category" in ('robust', 'misleading', 'needs_clarity')),
	CONSTRAINT "ck_evaluation_results_argument_matching" CHECK ("evaluation_results"."argument_matching" in ('strict', 'bfcl'))
);
--> statement-breakpoint
CREATE TABLE "experiment_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"experiment_id" text NOT NULL,
	"name" text NOT NULL,
	"ordinal" integer NOT NULL,
	"changes" json NOT NULL,
	"batch_id" text,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "ck_experiment_variants_name" CHECK (length(trim("experiment_variants"."name")) between 1 and 60),
	CONSTRAINT "ck_experiment_variants_ordinal" CHECK ("experiment_variants"."ordinal" >= 0)
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"models" json NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	"concurrency" integer DEFAULT 4 NOT NULL,
	"test_case_ids" json NOT NULL,
	"baseline_tools" json NOT NULL,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "ck_experiments_name" CHECK (length(trim("experiments"."name")) between 1 and 200),
	CONSTRAINT "ck_experiments_samples" CHECK ("experiments"."samples" between 1 and 20),
	CONSTRAINT "ck_experiments_concurrency" CHECK ("experiments"."concurrency" between 1 and 32)
);
--> statement-breakpoint
CREATE TABLE "mcp_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"transport" text NOT NULL,
	"url" text,
	"command" text,
	"args" json,
	"env_secret" text,
	"headers" json,
	"auth_type" text DEFAULT 'none' NOT NULL,
	"auth_secret" text,
	"status" text DEFAULT 'inactive' NOT NULL,
	"status_detail" text,
	"last_connected_at" text,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "ck_mcp_servers_name" CHECK (length(trim("mcp_servers"."name")) between 1 and 100),
	CONSTRAINT "ck_mcp_servers_transport" CHECK ("mcp_servers"."transport" in ('streamable-http', 'sse', 'stdio', 'static')),
	CONSTRAINT "ck_mcp_servers_endpoint" CHECK (("mcp_servers"."transport" = 'stdio' and "mcp_servers"."command" is not null and "mcp_servers"."url" is null)
        or ("mcp_servers"."transport" = 'static' and "mcp_servers"."command" is null and "mcp_servers"."url" is null and "mcp_servers"."auth_type" = 'none')
        or ("mcp_servers"."transport" in ('streamable-http', 'sse') and "mcp_servers"."url" is not null and "mcp_servers"."command" is null)),
	CONSTRAINT "ck_mcp_servers_auth_type" CHECK ("mcp_servers"."auth_type" in ('none', 'bearer', 'header', 'basic')),
	CONSTRAINT "ck_mcp_servers_auth_secret" CHECK (("mcp_servers"."auth_type" = 'none') = ("mcp_servers"."auth_secret" is null)),
	CONSTRAINT "ck_mcp_servers_status" CHECK ("mcp_servers"."status" in ('inactive', 'active', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "metrics_rollup" (
	"batch_id" text NOT NULL,
	"model_settings_id" text NOT NULL,
	"day" text NOT NULL,
	"created_odd" integer NOT NULL,
	"status" text NOT NULL,
	"classification" text NOT NULL,
	"expected_server" text NOT NULL,
	"expected_tool" text NOT NULL,
	"selected_server" text NOT NULL,
	"selected_tool" text NOT NULL,
	"runs" bigint DEFAULT 0 NOT NULL,
	"latency_n" bigint DEFAULT 0 NOT NULL,
	"latency_sum" bigint DEFAULT 0 NOT NULL,
	"input_tokens" bigint DEFAULT 0 NOT NULL,
	"output_tokens" bigint DEFAULT 0 NOT NULL,
	"evals" bigint DEFAULT 0 NOT NULL,
	"e_tp" bigint DEFAULT 0 NOT NULL,
	"e_fp" bigint DEFAULT 0 NOT NULL,
	"e_tn" bigint DEFAULT 0 NOT NULL,
	"e_fn" bigint DEFAULT 0 NOT NULL,
	"completeness_hi" bigint DEFAULT 0 NOT NULL,
	"completeness_lo" bigint DEFAULT 0 NOT NULL,
	"completeness_n" bigint DEFAULT 0 NOT NULL,
	"correctness_hi" bigint DEFAULT 0 NOT NULL,
	"correctness_lo" bigint DEFAULT 0 NOT NULL,
	"correctness_n" bigint DEFAULT 0 NOT NULL,
	"conformance_hi" bigint DEFAULT 0 NOT NULL,
	"conformance_lo" bigint DEFAULT 0 NOT NULL,
	"conformance_n" bigint DEFAULT 0 NOT NULL,
	"measured" bigint DEFAULT 0 NOT NULL,
	"robust" bigint DEFAULT 0 NOT NULL,
	"misleading" bigint DEFAULT 0 NOT NULL,
	"needs_clarity" bigint DEFAULT 0 NOT NULL,
	"unrated" bigint DEFAULT 0 NOT NULL,
	"confidence_hi" bigint DEFAULT 0 NOT NULL,
	"confidence_lo" bigint DEFAULT 0 NOT NULL,
	"confidence_n" bigint DEFAULT 0 NOT NULL,
	"pass_k_n" bigint DEFAULT 0 NOT NULL,
	"pass_k_sum" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"timeout" integer DEFAULT 30 NOT NULL,
	"temperature" double precision DEFAULT 0.4 NOT NULL,
	"max_retries" integer DEFAULT 3 NOT NULL,
	"base_url" text,
	"system_prompt" text,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "ck_model_settings_provider" CHECK ("model_settings"."provider" in ('openai', 'anthropic', 'openai-compatible', 'local')),
	CONSTRAINT "ck_model_settings_timeout" CHECK ("model_settings"."timeout" between 1 and 300),
	CONSTRAINT "ck_model_settings_temperature" CHECK ("model_settings"."temperature" between 0 and 2),
	CONSTRAINT "ck_model_settings_max_retries" CHECK ("model_settings"."max_retries" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "run_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"models" json NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	"concurrency" integer DEFAULT 4 NOT NULL,
	"total_runs" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"tool_overrides" json,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"started_at" text,
	"completed_at" text,
	CONSTRAINT "ck_run_batches_status" CHECK ("run_batches"."status" in ('pending', 'running', 'completed', 'failed', 'cancelled', 'interrupted')),
	CONSTRAINT "ck_run_batches_samples" CHECK ("run_batches"."samples" between 1 and 20),
	CONSTRAINT "ck_run_batches_concurrency" CHECK ("run_batches"."concurrency" between 1 and 32),
	CONSTRAINT "ck_run_batches_total" CHECK ("run_batches"."total_runs" >= 0)
);
--> statement-breakpoint
CREATE TABLE "static_tools" (
	"server_id" text NOT NULL,
	"name" text NOT NULL,
	"ordinal" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input_schema" json NOT NULL,
	"output_schema" json,
	"annotations" json,
	CONSTRAINT "static_tools_server_id_name_pk" PRIMARY KEY("server_id","name"),
	CONSTRAINT "ck_static_tools_name" CHECK (length("static_tools"."name") between 1 and 128),
	CONSTRAINT "ck_static_tools_input_schema" CHECK (json_typeof("static_tools"."input_schema") = 'object'),
	CONSTRAINT "ck_static_tools_output_schema" CHECK ("static_tools"."output_schema" is null or json_typeof("static_tools"."output_schema") = 'object'),
	CONSTRAINT "ck_static_tools_annotations" CHECK ("static_tools"."annotations" is null or json_typeof("static_tools"."annotations") = 'object')
);
--> statement-breakpoint
CREATE TABLE "test_case_servers" (
	"test_case_id" text NOT NULL,
	"server_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_case_servers_test_case_id_server_id_pk" PRIMARY KEY("test_case_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "test_case_tags" (
	"test_case_id" text NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "test_case_tags_test_case_id_tag_pk" PRIMARY KEY("test_case_id","tag"),
	CONSTRAINT "ck_test_case_tags_tag" CHECK (length("test_case_tags"."tag") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "test_cases" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"expected_mcp_server_name" text,
	"expected_tool_name" text,
	"expected_parameters" json,
	"argument_matching" text DEFAULT 'strict' NOT NULL,
	"context" json,
	"expected_calls" json,
	"call_order" text DEFAULT 'exact' NOT NULL,
	"forbidden_tools" json,
	"mode" text DEFAULT 'selection' NOT NULL,
	"max_steps" integer DEFAULT 5 NOT NULL,
	"execute" json DEFAULT '"none"' NOT NULL,
	"mock_results" json,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"updated_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "ck_test_cases_name" CHECK (length(trim("test_cases"."name")) between 1 and 200),
	CONSTRAINT "ck_test_cases_query" CHECK (length("test_cases"."query") between 1 and 8000),
	CONSTRAINT "ck_test_cases_expected_pair" CHECK (("test_cases"."expected_mcp_server_name" is null and "test_cases"."expected_tool_name" is null and "test_cases"."expected_parameters" is null)
        or ("test_cases"."expected_mcp_server_name" is not null and "test_cases"."expected_tool_name" is not null)),
	CONSTRAINT "ck_test_cases_expected_parameters" CHECK ("test_cases"."expected_parameters" is null or json_typeof("test_cases"."expected_parameters") = 'object'),
	CONSTRAINT "ck_test_cases_argument_matching" CHECK ("test_cases"."argument_matching" in ('strict', 'bfcl')),
	CONSTRAINT "ck_test_cases_context" CHECK ("test_cases"."context" is null or json_typeof("test_cases"."context") = 'array'),
	CONSTRAINT "ck_test_cases_expected_calls" CHECK ("test_cases"."expected_calls" is null or json_typeof("test_cases"."expected_calls") = 'array'),
	CONSTRAINT "ck_test_cases_call_order" CHECK ("test_cases"."call_order" in ('exact', 'any')),
	CONSTRAINT "ck_test_cases_forbidden_tools" CHECK ("test_cases"."forbidden_tools" is null or json_typeof("test_cases"."forbidden_tools") = 'array'),
	CONSTRAINT "ck_test_cases_mode" CHECK ("test_cases"."mode" in ('selection', 'sequence')),
	CONSTRAINT "ck_test_cases_max_steps" CHECK ("test_cases"."max_steps" between 1 and 20),
	CONSTRAINT "ck_test_cases_execute" CHECK (json_typeof("test_cases"."execute") in ('string', 'object')),
	CONSTRAINT "ck_test_cases_mock_results" CHECK ("test_cases"."mock_results" is null or json_typeof("test_cases"."mock_results") = 'array')
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"test_case_id" text NOT NULL,
	"batch_id" text,
	"model_settings_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"samples" integer DEFAULT 1 NOT NULL,
	"llm_response_raw" json,
	"selected_server" text,
	"selected_tool" text,
	"extracted_parameters" json,
	"confidence_score" double precision,
	"confidence_category" text,
	"confidence_source" text,
	"classification" text,
	"execution_time_ms" integer,
	"input_tokens" integer,
	"output_tokens" integer,
	"failure_reasons" json,
	"error_message" text,
	"trajectory" json,
	"steps" integer,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	"started_at" text,
	"completed_at" text,
	"tool_set_id" integer,
	CONSTRAINT "ck_test_runs_status" CHECK ("test_runs"."status" in ('pending', 'running', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "ck_test_runs_samples" CHECK ("test_runs"."samples" between 1 and 20),
	CONSTRAINT "ck_test_runs_classification" CHECK ("test_runs"."classification" is null or "test_runs"."classification" in ('TP', 'FP', 'TN', 'FN')),
	CONSTRAINT "ck_test_runs_confidence" CHECK ("test_runs"."confidence_score" is null or "test_runs"."confidence_score" between 0 and 1),
	CONSTRAINT "ck_test_runs_category" CHECK ("test_runs"."confidence_category" is null or "test_runs"."confidence_category" in ('robust', 'misleading', 'needs_clarity')),
	CONSTRAINT "ck_test_runs_time" CHECK ("test_runs"."execution_time_ms" is null or "test_runs"."execution_time_ms" >= 0),
	CONSTRAINT "ck_test_runs_tokens" CHECK (coalesce("test_runs"."input_tokens", 0) >= 0 and coalesce("test_runs"."output_tokens", 0) >= 0),
	CONSTRAINT "ck_test_runs_trajectory" CHECK ("test_runs"."trajectory" is null or json_typeof("test_runs"."trajectory") = 'object'),
	CONSTRAINT "ck_test_runs_steps" CHECK ("test_runs"."steps" is null or "test_runs"."steps" >= 0),
	CONSTRAINT "ck_test_runs_confidence_source" CHECK ("test_runs"."confidence_source" is null or "test_runs"."confidence_source" in ('self_assessment', 'logprobs', 'sample_agreement', 'local_margin'))
);
--> statement-breakpoint
CREATE TABLE "tool_executions" (
	"id" text PRIMARY KEY NOT NULL,
	"server_id" text NOT NULL,
	"tool_name" text NOT NULL,
	"arguments" json NOT NULL,
	"status" text NOT NULL,
	"result" json,
	"error_message" text,
	"duration_ms" integer NOT NULL,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL,
	CONSTRAINT "ck_tool_executions_status" CHECK ("tool_executions"."status" in ('success', 'tool_error', 'failed')),
	CONSTRAINT "ck_tool_executions_duration" CHECK ("tool_executions"."duration_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tool_set_members" (
	"tool_set_id" integer NOT NULL,
	"position" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"exposed_name" text NOT NULL,
	"server_url" text,
	CONSTRAINT "tool_set_members_tool_set_id_position_pk" PRIMARY KEY("tool_set_id","position")
);
--> statement-breakpoint
CREATE TABLE "tool_sets" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "tool_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tool_snapshots" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "tool_snapshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"server_name" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"input_schema" json NOT NULL,
	"output_schema" json,
	"created_at" text DEFAULT (to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_results" ADD CONSTRAINT "call_results_test_run_id_test_runs_id_fk" FOREIGN KEY ("test_run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluation_results" ADD CONSTRAINT "evaluation_results_test_run_id_test_runs_id_fk" FOREIGN KEY ("test_run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_variants" ADD CONSTRAINT "experiment_variants_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_variants" ADD CONSTRAINT "experiment_variants_batch_id_run_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."run_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "static_tools" ADD CONSTRAINT "static_tools_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_servers" ADD CONSTRAINT "test_case_servers_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_servers" ADD CONSTRAINT "test_case_servers_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_case_tags" ADD CONSTRAINT "test_case_tags_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_test_case_id_test_cases_id_fk" FOREIGN KEY ("test_case_id") REFERENCES "public"."test_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_batch_id_run_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."run_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_model_settings_id_model_settings_id_fk" FOREIGN KEY ("model_settings_id") REFERENCES "public"."model_settings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_tool_set_id_tool_sets_id_fk" FOREIGN KEY ("tool_set_id") REFERENCES "public"."tool_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_executions" ADD CONSTRAINT "tool_executions_server_id_mcp_servers_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."mcp_servers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_set_members" ADD CONSTRAINT "tool_set_members_tool_set_id_tool_sets_id_fk" FOREIGN KEY ("tool_set_id") REFERENCES "public"."tool_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_set_members" ADD CONSTRAINT "tool_set_members_snapshot_id_tool_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."tool_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_api_keys_hash" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "idx_call_results_run_outcome" ON "call_results" USING btree ("test_run_id","outcome","argument_correctness");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_evaluation_results_run" ON "evaluation_results" USING btree ("test_run_id");--> statement-breakpoint
CREATE INDEX "idx_evaluation_results_model_settings" ON "evaluation_results" USING btree ("model_settings_id");--> statement-breakpoint
CREATE INDEX "idx_evaluation_results_batch" ON "evaluation_results" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "idx_evaluation_results_classification" ON "evaluation_results" USING btree ("classification");--> statement-breakpoint
CREATE INDEX "idx_evaluation_results_expected_tool" ON "evaluation_results" USING btree ("expected_tool");--> statement-breakpoint
CREATE INDEX "idx_evaluation_results_selected_tool" ON "evaluation_results" USING btree ("selected_tool");--> statement-breakpoint
CREATE INDEX "idx_evaluation_results_run_created_at" ON "evaluation_results" USING btree ("run_created_at");--> statement-breakpoint
CREATE INDEX "idx_evaluation_results_tool_pair" ON "evaluation_results" USING btree ("expected_server","expected_tool","selected_server","selected_tool","run_created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_experiment_variants_name" ON "experiment_variants" USING btree ("experiment_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_experiment_variants_ordinal" ON "experiment_variants" USING btree ("experiment_id","ordinal");--> statement-breakpoint
CREATE INDEX "idx_experiment_variants_batch" ON "experiment_variants" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "idx_experiments_created_at" ON "experiments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_mcp_servers_name" ON "mcp_servers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_mcp_servers_url" ON "mcp_servers" USING btree ("url");--> statement-breakpoint
CREATE INDEX "idx_mcp_servers_status" ON "mcp_servers" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_metrics_rollup_key" ON "metrics_rollup" USING btree ("batch_id","model_settings_id","day","created_odd","status","classification","expected_server","expected_tool","selected_server","selected_tool");--> statement-breakpoint
CREATE INDEX "idx_model_settings_provider" ON "model_settings" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "idx_model_settings_model" ON "model_settings" USING btree ("model");--> statement-breakpoint
CREATE INDEX "idx_run_batches_status" ON "run_batches" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idx_run_batches_created_at" ON "run_batches" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_static_tools_ordinal" ON "static_tools" USING btree ("server_id","ordinal");--> statement-breakpoint
CREATE INDEX "idx_test_case_servers_server" ON "test_case_servers" USING btree ("server_id");--> statement-breakpoint
CREATE INDEX "idx_test_case_tags_tag" ON "test_case_tags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "idx_test_cases_expected_server" ON "test_cases" USING btree ("expected_mcp_server_name");--> statement-breakpoint
CREATE INDEX "idx_test_cases_expected_tool" ON "test_cases" USING btree ("expected_tool_name");--> statement-breakpoint
CREATE INDEX "idx_test_cases_created_at" ON "test_cases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idx_test_runs_tool_set" ON "test_runs" USING btree ("tool_set_id");--> statement-breakpoint
CREATE INDEX "idx_test_runs_test_case" ON "test_runs" USING btree ("test_case_id");--> statement-breakpoint
CREATE INDEX "idx_test_runs_batch" ON "test_runs" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "idx_test_runs_model_settings" ON "test_runs" USING btree ("model_settings_id");--> statement-breakpoint
CREATE INDEX "idx_test_runs_status" ON "test_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idx_test_runs_created_at" ON "test_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "idx_test_runs_classification" ON "test_runs" USING btree ("classification");--> statement-breakpoint
CREATE INDEX "idx_test_runs_latency" ON "test_runs" USING btree ("execution_time_ms","status","classification","created_at");--> statement-breakpoint
CREATE INDEX "idx_test_runs_sequence" ON "test_runs" USING btree ("id","steps","input_tokens","output_tokens","execution_time_ms") WHERE "test_runs"."steps" is not null;--> statement-breakpoint
CREATE INDEX "idx_test_runs_rollup" ON "test_runs" USING btree (substr("created_at", 1, 10),"model_settings_id","status","classification","execution_time_ms","input_tokens","output_tokens");--> statement-breakpoint
CREATE INDEX "idx_tool_executions_server_created" ON "tool_executions" USING btree ("server_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_tool_set_members_exposed" ON "tool_set_members" USING btree ("tool_set_id","exposed_name");--> statement-breakpoint
CREATE INDEX "idx_tool_set_members_snapshot" ON "tool_set_members" USING btree ("snapshot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_tool_sets_hash" ON "tool_sets" USING btree ("hash");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_tool_snapshots_hash" ON "tool_snapshots" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "idx_tool_snapshots_tool" ON "tool_snapshots" USING btree ("server_name","name");