-- Issue 17: sequences of calls. Test cases gain context, expected calls, call order, forbidden
-- tools, mode, max steps, the execution policy and scripted results; runs gain the trajectory
-- and its step count; call_results holds the per-call verdicts. Column-level CHECKs in ADD
-- COLUMN (as 0008), so neither table nor its triggers is rebuilt; existing cases read as
-- mode 'selection' with their one expected pair.
CREATE TABLE `call_results` (
	`id` text PRIMARY KEY NOT NULL,
	`test_run_id` text NOT NULL,
	`expected_index` integer,
	`call_index` integer,
	`outcome` text NOT NULL,
	`server` text NOT NULL,
	`tool` text NOT NULL,
	`argument_correctness` real,
	`failure_reasons` text NOT NULL,
	FOREIGN KEY (`test_run_id`) REFERENCES `test_runs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ck_call_results_outcome" CHECK("call_results"."outcome" in ('TP', 'FN', 'FP')),
	CONSTRAINT "ck_call_results_indexes" CHECK(("call_results"."outcome" = 'TP' and "call_results"."expected_index" is not null and "call_results"."call_index" is not null)
        or ("call_results"."outcome" = 'FN' and "call_results"."expected_index" is not null and "call_results"."call_index" is null)
        or ("call_results"."outcome" = 'FP' and "call_results"."expected_index" is null and "call_results"."call_index" is not null)),
	CONSTRAINT "ck_call_results_correctness" CHECK("call_results"."argument_correctness" is null or "call_results"."argument_correctness" between 0 and 1)
);
--> statement-breakpoint
CREATE INDEX `idx_call_results_run_outcome` ON `call_results` (`test_run_id`,`outcome`,`argument_correctness`);--> statement-breakpoint
ALTER TABLE `test_cases` ADD `context` text CHECK (`context` is null or json_type(`context`) = 'array');--> statement-breakpoint
ALTER TABLE `test_cases` ADD `expected_calls` text CHECK (`expected_calls` is null or json_type(`expected_calls`) = 'array');--> statement-breakpoint
ALTER TABLE `test_cases` ADD `call_order` text DEFAULT 'exact' NOT NULL CHECK (`call_order` in ('exact', 'any'));--> statement-breakpoint
ALTER TABLE `test_cases` ADD `forbidden_tools` text CHECK (`forbidden_tools` is null or json_type(`forbidden_tools`) = 'array');--> statement-breakpoint
ALTER TABLE `test_cases` ADD `mode` text DEFAULT 'selection' NOT NULL CHECK (`mode` in ('selection', 'sequence'));--> statement-breakpoint
ALTER TABLE `test_cases` ADD `max_steps` integer DEFAULT 5 NOT NULL CHECK (`max_steps` between 1 and 20);--> statement-breakpoint
ALTER TABLE `test_cases` ADD `execute` text DEFAULT '"none"' NOT NULL CHECK (json_valid(`execute`) and json_type(`execute`) in ('text', 'object'));--> statement-breakpoint
ALTER TABLE `test_cases` ADD `mock_results` text CHECK (`mock_results` is null or json_type(`mock_results`) = 'array');--> statement-breakpoint
ALTER TABLE `test_runs` ADD `trajectory` text CHECK (`trajectory` is null or json_type(`trajectory`) = 'object');--> statement-breakpoint
ALTER TABLE `test_runs` ADD `steps` integer CHECK (`steps` is null or `steps` >= 0);