CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_used_at` text,
	`revoked_at` text,
	CONSTRAINT "ck_api_keys_name" CHECK(length(trim("api_keys"."name")) between 1 and 100),
	CONSTRAINT "ck_api_keys_hash" CHECK(length("api_keys"."key_hash") = 64)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_api_keys_hash` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE TABLE `app_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `embedding_cache` (
	`model` text NOT NULL,
	`text_hash` text NOT NULL,
	`dimensions` integer NOT NULL,
	`vector` blob NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`model`, `text_hash`),
	CONSTRAINT "ck_embedding_cache_dims" CHECK("embedding_cache"."dimensions" > 0 and length("embedding_cache"."vector") = "embedding_cache"."dimensions" * 4)
);
--> statement-breakpoint
CREATE TABLE `evaluation_results` (
	`id` text PRIMARY KEY NOT NULL,
	`test_run_id` text NOT NULL,
	`classification` text NOT NULL,
	`expected_server` text,
	`expected_tool` text,
	`selected_server` text,
	`selected_tool` text,
	`tool_correct` integer NOT NULL,
	`parameter_completeness` real,
	`parameter_correctness` real,
	`type_conformance` real,
	`hallucinated_parameters` text,
	`missing_required` text,
	`type_errors` text,
	`failure_reasons` text NOT NULL,
	`confidence_score` real,
	`confidence_category` text,
	`pass_k` integer,
	`reasoning` text,
	`recommendations` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`test_run_id`) REFERENCES `test_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ck_evaluation_results_classification" CHECK("evaluation_results"."classification" in ('TP', 'FP', 'TN', 'FN')),
	CONSTRAINT "ck_evaluation_results_scores" CHECK(coalesce("evaluation_results"."parameter_completeness", 0) between 0 and 1
        and coalesce("evaluation_results"."parameter_correctness", 0) between 0 and 1
        and coalesce("evaluation_results"."type_conformance", 0) between 0 and 1
        and coalesce("evaluation_results"."confidence_score", 0) between 0 and 1),
	CONSTRAINT "ck_evaluation_results_category" CHECK("evaluation_results"."confidence_category" is null or "evaluation_results"."confidence_category" in ('robust', 'misleading', 'needs_clarity'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_evaluation_results_run` ON `evaluation_results` (`test_run_id`);--> statement-breakpoint
CREATE INDEX `idx_evaluation_results_classification` ON `evaluation_results` (`classification`);--> statement-breakpoint
CREATE INDEX `idx_evaluation_results_expected_tool` ON `evaluation_results` (`expected_tool`);--> statement-breakpoint
CREATE TABLE `mcp_servers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`transport` text NOT NULL,
	`url` text,
	`command` text,
	`args` text,
	`env_secret` text,
	`headers` text,
	`auth_type` text DEFAULT 'none' NOT NULL,
	`auth_secret` text,
	`status` text DEFAULT 'inactive' NOT NULL,
	`status_detail` text,
	`last_connected_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "ck_mcp_servers_name" CHECK(length(trim("mcp_servers"."name")) between 1 and 100),
	CONSTRAINT "ck_mcp_servers_transport" CHECK("mcp_servers"."transport" in ('streamable-http', 'sse', 'stdio')),
	CONSTRAINT "ck_mcp_servers_endpoint" CHECK(("mcp_servers"."transport" = 'stdio' and "mcp_servers"."command" is not null and "mcp_servers"."url" is null)
        or ("mcp_servers"."transport" <> 'stdio' and "mcp_servers"."url" is not null and "mcp_servers"."command" is null)),
	CONSTRAINT "ck_mcp_servers_auth_type" CHECK("mcp_servers"."auth_type" in ('none', 'bearer', 'header', 'basic')),
	CONSTRAINT "ck_mcp_servers_auth_secret" CHECK(("mcp_servers"."auth_type" = 'none') = ("mcp_servers"."auth_secret" is null)),
	CONSTRAINT "ck_mcp_servers_status" CHECK("mcp_servers"."status" in ('inactive', 'active', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_mcp_servers_name` ON `mcp_servers` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `uq_mcp_servers_url` ON `mcp_servers` (`url`);--> statement-breakpoint
CREATE INDEX `idx_mcp_servers_status` ON `mcp_servers` (`status`);--> statement-breakpoint
CREATE TABLE `model_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`model` text NOT NULL,
	`timeout` integer DEFAULT 30 NOT NULL,
	`temperature` real DEFAULT 0.4 NOT NULL,
	`max_retries` integer DEFAULT 3 NOT NULL,
	`base_url` text,
	`system_prompt` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "ck_model_settings_provider" CHECK("model_settings"."provider" in ('openai', 'anthropic', 'openai-compatible', 'local')),
	CONSTRAINT "ck_model_settings_timeout" CHECK("model_settings"."timeout" between 1 and 300),
	CONSTRAINT "ck_model_settings_temperature" CHECK("model_settings"."temperature" between 0 and 2),
	CONSTRAINT "ck_model_settings_max_retries" CHECK("model_settings"."max_retries" between 0 and 10)
);
--> statement-breakpoint
CREATE INDEX `idx_model_settings_provider` ON `model_settings` (`provider`);--> statement-breakpoint
CREATE INDEX `idx_model_settings_model` ON `model_settings` (`model`);--> statement-breakpoint
CREATE TABLE `run_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`models` text NOT NULL,
	`samples` integer DEFAULT 1 NOT NULL,
	`concurrency` integer DEFAULT 4 NOT NULL,
	`total_runs` integer DEFAULT 0 NOT NULL,
	`error_message` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`started_at` text,
	`completed_at` text,
	CONSTRAINT "ck_run_batches_status" CHECK("run_batches"."status" in ('pending', 'running', 'completed', 'failed', 'cancelled', 'interrupted')),
	CONSTRAINT "ck_run_batches_samples" CHECK("run_batches"."samples" between 1 and 20),
	CONSTRAINT "ck_run_batches_concurrency" CHECK("run_batches"."concurrency" between 1 and 32),
	CONSTRAINT "ck_run_batches_total" CHECK("run_batches"."total_runs" >= 0)
);
--> statement-breakpoint
CREATE INDEX `idx_run_batches_status` ON `run_batches` (`status`);--> statement-breakpoint
CREATE INDEX `idx_run_batches_created_at` ON `run_batches` (`created_at`);--> statement-breakpoint
CREATE TABLE `test_case_servers` (
	`test_case_id` text NOT NULL,
	`server_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`test_case_id`, `server_id`),
	FOREIGN KEY (`test_case_id`) REFERENCES `test_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`server_id`) REFERENCES `mcp_servers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `idx_test_case_servers_server` ON `test_case_servers` (`server_id`);--> statement-breakpoint
CREATE TABLE `test_cases` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`query` text NOT NULL,
	`expected_mcp_server_name` text,
	`expected_tool_name` text,
	`expected_parameters` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "ck_test_cases_name" CHECK(length(trim("test_cases"."name")) between 1 and 200),
	CONSTRAINT "ck_test_cases_query" CHECK(length("test_cases"."query") between 1 and 8000),
	CONSTRAINT "ck_test_cases_expected_pair" CHECK(("test_cases"."expected_mcp_server_name" is null and "test_cases"."expected_tool_name" is null and "test_cases"."expected_parameters" is null)
        or ("test_cases"."expected_mcp_server_name" is not null and "test_cases"."expected_tool_name" is not null)),
	CONSTRAINT "ck_test_cases_expected_parameters" CHECK("test_cases"."expected_parameters" is null or json_type("test_cases"."expected_parameters") = 'object')
);
--> statement-breakpoint
CREATE INDEX `idx_test_cases_expected_server` ON `test_cases` (`expected_mcp_server_name`);--> statement-breakpoint
CREATE INDEX `idx_test_cases_expected_tool` ON `test_cases` (`expected_tool_name`);--> statement-breakpoint
CREATE INDEX `idx_test_cases_created_at` ON `test_cases` (`created_at`);--> statement-breakpoint
CREATE TABLE `test_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`test_case_id` text NOT NULL,
	`batch_id` text,
	`model_settings_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`samples` integer DEFAULT 1 NOT NULL,
	`llm_response_raw` text,
	`selected_server` text,
	`selected_tool` text,
	`extracted_parameters` text,
	`confidence_score` real,
	`confidence_category` text,
	`classification` text,
	`execution_time_ms` integer,
	`input_tokens` integer,
	`output_tokens` integer,
	`failure_reasons` text,
	`error_message` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`started_at` text,
	`completed_at` text,
	FOREIGN KEY (`test_case_id`) REFERENCES `test_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `run_batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`model_settings_id`) REFERENCES `model_settings`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "ck_test_runs_status" CHECK("test_runs"."status" in ('pending', 'running', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "ck_test_runs_samples" CHECK("test_runs"."samples" between 1 and 20),
	CONSTRAINT "ck_test_runs_classification" CHECK("test_runs"."classification" is null or "test_runs"."classification" in ('TP', 'FP', 'TN', 'FN')),
	CONSTRAINT "ck_test_runs_confidence" CHECK("test_runs"."confidence_score" is null or "test_runs"."confidence_score" between 0 and 1),
	CONSTRAINT "ck_test_runs_category" CHECK("test_runs"."confidence_category" is null or "test_runs"."confidence_category" in ('robust', 'misleading', 'needs_clarity')),
	CONSTRAINT "ck_test_runs_time" CHECK("test_runs"."execution_time_ms" is null or "test_runs"."execution_time_ms" >= 0),
	CONSTRAINT "ck_test_runs_tokens" CHECK(coalesce("test_runs"."input_tokens", 0) >= 0 and coalesce("test_runs"."output_tokens", 0) >= 0)
);
--> statement-breakpoint
CREATE INDEX `idx_test_runs_test_case` ON `test_runs` (`test_case_id`);--> statement-breakpoint
CREATE INDEX `idx_test_runs_batch` ON `test_runs` (`batch_id`);--> statement-breakpoint
CREATE INDEX `idx_test_runs_model_settings` ON `test_runs` (`model_settings_id`);--> statement-breakpoint
CREATE INDEX `idx_test_runs_status` ON `test_runs` (`status`);--> statement-breakpoint
CREATE INDEX `idx_test_runs_created_at` ON `test_runs` (`created_at`);--> statement-breakpoint
CREATE INDEX `idx_test_runs_classification` ON `test_runs` (`classification`);--> statement-breakpoint
CREATE TABLE `tool_definitions` (
	`id` text PRIMARY KEY NOT NULL,
	`test_run_id` text NOT NULL,
	`server_name` text NOT NULL,
	`server_url` text,
	`name` text NOT NULL,
	`exposed_name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`input_schema` text NOT NULL,
	`output_schema` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`test_run_id`) REFERENCES `test_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_tool_definitions_run_tool` ON `tool_definitions` (`test_run_id`,`server_name`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `uq_tool_definitions_run_exposed` ON `tool_definitions` (`test_run_id`,`exposed_name`);--> statement-breakpoint
CREATE INDEX `idx_tool_definitions_name` ON `tool_definitions` (`name`);--> statement-breakpoint
CREATE TABLE `tool_executions` (
	`id` text PRIMARY KEY NOT NULL,
	`server_id` text NOT NULL,
	`tool_name` text NOT NULL,
	`arguments` text NOT NULL,
	`status` text NOT NULL,
	`result` text,
	`error_message` text,
	`duration_ms` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `mcp_servers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ck_tool_executions_status" CHECK("tool_executions"."status" in ('success', 'tool_error', 'failed')),
	CONSTRAINT "ck_tool_executions_duration" CHECK("tool_executions"."duration_ms" >= 0)
);
--> statement-breakpoint
CREATE INDEX `idx_tool_executions_server_created` ON `tool_executions` (`server_id`,`created_at`);