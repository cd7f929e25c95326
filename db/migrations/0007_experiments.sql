CREATE TABLE `experiment_variants` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`name` text NOT NULL,
	`ordinal` integer NOT NULL,
	`changes` text NOT NULL,
	`batch_id` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `run_batches`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "ck_experiment_variants_name" CHECK(length(trim("experiment_variants"."name")) between 1 and 60),
	CONSTRAINT "ck_experiment_variants_ordinal" CHECK("experiment_variants"."ordinal" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_experiment_variants_name` ON `experiment_variants` (`experiment_id`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `uq_experiment_variants_ordinal` ON `experiment_variants` (`experiment_id`,`ordinal`);--> statement-breakpoint
CREATE INDEX `idx_experiment_variants_batch` ON `experiment_variants` (`batch_id`);--> statement-breakpoint
CREATE TABLE `experiments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`models` text NOT NULL,
	`samples` integer DEFAULT 1 NOT NULL,
	`concurrency` integer DEFAULT 4 NOT NULL,
	`test_case_ids` text NOT NULL,
	`baseline_tools` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "ck_experiments_name" CHECK(length(trim("experiments"."name")) between 1 and 200),
	CONSTRAINT "ck_experiments_samples" CHECK("experiments"."samples" between 1 and 20),
	CONSTRAINT "ck_experiments_concurrency" CHECK("experiments"."concurrency" between 1 and 32)
);
--> statement-breakpoint
CREATE INDEX `idx_experiments_created_at` ON `experiments` (`created_at`);--> statement-breakpoint
ALTER TABLE `run_batches` ADD `tool_overrides` text;