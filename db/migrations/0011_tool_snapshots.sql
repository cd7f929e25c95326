CREATE TABLE `tool_set_members` (
	`tool_set_id` integer NOT NULL,
	`position` integer NOT NULL,
	`snapshot_id` integer NOT NULL,
	`exposed_name` text NOT NULL,
	`server_url` text,
	PRIMARY KEY(`tool_set_id`, `position`),
	FOREIGN KEY (`tool_set_id`) REFERENCES `tool_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`snapshot_id`) REFERENCES `tool_snapshots`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_tool_set_members_exposed` ON `tool_set_members` (`tool_set_id`,`exposed_name`);--> statement-breakpoint
CREATE INDEX `idx_tool_set_members_snapshot` ON `tool_set_members` (`snapshot_id`);--> statement-breakpoint
CREATE TABLE `tool_sets` (
	`id` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_tool_sets_hash` ON `tool_sets` (`hash`);--> statement-breakpoint
CREATE TABLE `tool_snapshots` (
	`id` integer PRIMARY KEY NOT NULL,
	`hash` text NOT NULL,
	`server_name` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`input_schema` text NOT NULL,
	`output_schema` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_tool_snapshots_hash` ON `tool_snapshots` (`hash`);--> statement-breakpoint
CREATE INDEX `idx_tool_snapshots_tool` ON `tool_snapshots` (`server_name`,`name`);--> statement-breakpoint
ALTER TABLE `test_runs` ADD `tool_set_id` integer REFERENCES tool_sets(id);--> statement-breakpoint
CREATE INDEX `idx_test_runs_tool_set` ON `test_runs` (`tool_set_id`);--> statement-breakpoint
-- Move the per-run copies (tool_definitions, dropped by 0012) into the content-addressed tables.
-- tool_snapshot_hash and tool_set_hash are registered by db/client.ts (db/tool-hash.ts).
-- Each distinct stored text is hashed once; the first-seen text of a definition is the one kept.
CREATE TEMP TABLE `__snapshot_texts` AS
SELECT `server_name`, `name`, `description`, `input_schema`, `output_schema`,
  tool_snapshot_hash(`server_name`, `name`, `description`, `input_schema`, `output_schema`) AS `hash`,
  min(`created_at`) AS `first_at`, min(rowid) AS `first_row`
FROM `tool_definitions`
GROUP BY `server_name`, `name`, `description`, `input_schema`, `output_schema`;--> statement-breakpoint
CREATE INDEX `__snapshot_texts_key` ON `__snapshot_texts` (`server_name`, `name`, `description`, `input_schema`, `output_schema`);--> statement-breakpoint
INSERT INTO `tool_snapshots` (`hash`, `server_name`, `name`, `description`, `input_schema`, `output_schema`, `created_at`)
SELECT `hash`, `server_name`, `name`, `description`, `input_schema`, `output_schema`, `first_at`
FROM `__snapshot_texts` WHERE true ORDER BY `first_row`
ON CONFLICT (`hash`) DO NOTHING;--> statement-breakpoint
-- A run's tools in the order the run detail listed them (created_at, then exposed name).
CREATE TEMP TABLE `__run_members` AS
SELECT d.`test_run_id` AS `run_id`,
  row_number() OVER (PARTITION BY d.`test_run_id` ORDER BY d.`created_at`, d.`exposed_name`) - 1 AS `position`,
  t.`hash` AS `hash`, d.`exposed_name` AS `exposed_name`, d.`server_url` AS `server_url`, d.`created_at` AS `created_at`
FROM `tool_definitions` d
JOIN `__snapshot_texts` t ON t.`server_name` = d.`server_name` AND t.`name` = d.`name` AND t.`description` = d.`description`
  AND t.`input_schema` = d.`input_schema` AND t.`output_schema` IS d.`output_schema`;--> statement-breakpoint
CREATE INDEX `__run_members_run` ON `__run_members` (`run_id`, `position`);--> statement-breakpoint
-- Each distinct listing is hashed once (runs mostly share theirs).
CREATE TEMP TABLE `__run_lists` AS
SELECT `run_id`, json_group_array(json_array(`hash`, `exposed_name`, `server_url`) ORDER BY `position`) AS `members`,
  min(`created_at`) AS `first_at`
FROM `__run_members` GROUP BY `run_id`;--> statement-breakpoint
CREATE TEMP TABLE `__lists` (`members` text PRIMARY KEY, `set_hash` text NOT NULL, `first_at` text, `run_id` text NOT NULL) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `__lists` (`members`, `set_hash`, `first_at`, `run_id`)
SELECT `members`, tool_set_hash(`members`), min(`first_at`), min(`run_id`) FROM `__run_lists` GROUP BY `members`;--> statement-breakpoint
INSERT INTO `tool_sets` (`hash`, `created_at`)
SELECT `set_hash`, `first_at` FROM `__lists` WHERE true ORDER BY `first_at`, `set_hash`
ON CONFLICT (`hash`) DO NOTHING;--> statement-breakpoint
INSERT INTO `tool_set_members` (`tool_set_id`, `position`, `snapshot_id`, `exposed_name`, `server_url`)
SELECT ts.`id`, m.`position`, s.`id`, m.`exposed_name`, m.`server_url`
FROM `__lists` l
JOIN `tool_sets` ts ON ts.`hash` = l.`set_hash`
JOIN `__run_members` m ON m.`run_id` = l.`run_id`
JOIN `tool_snapshots` s ON s.`hash` = m.`hash`;--> statement-breakpoint
UPDATE `test_runs` SET `tool_set_id` = x.`set_id`
FROM (
  SELECT rl.`run_id` AS `run_id`, ts.`id` AS `set_id`
  FROM `__run_lists` rl JOIN `__lists` l ON l.`members` = rl.`members` JOIN `tool_sets` ts ON ts.`hash` = l.`set_hash`
) x
WHERE x.`run_id` = `test_runs`.`id`;--> statement-breakpoint
DROP TABLE `__lists`;--> statement-breakpoint
DROP TABLE `__run_lists`;--> statement-breakpoint
DROP TABLE `__run_members`;--> statement-breakpoint
DROP TABLE `__snapshot_texts`;--> statement-breakpoint
-- Garbage collection: a listing no run points at goes (its members with it, by cascade), and a
-- definition no listing holds goes with its last member. One index seek per deleted run.
CREATE TRIGGER `trg_test_runs_tool_set_delete` AFTER DELETE ON `test_runs`
FOR EACH ROW WHEN OLD.`tool_set_id` IS NOT NULL
BEGIN
  DELETE FROM `tool_sets` WHERE `id` = OLD.`tool_set_id`
    AND NOT EXISTS (SELECT 1 FROM `test_runs` WHERE `tool_set_id` = OLD.`tool_set_id`);
END;--> statement-breakpoint
CREATE TRIGGER `trg_test_runs_tool_set_update` AFTER UPDATE OF `tool_set_id` ON `test_runs`
FOR EACH ROW WHEN OLD.`tool_set_id` IS NOT NULL AND OLD.`tool_set_id` IS NOT NEW.`tool_set_id`
BEGIN
  DELETE FROM `tool_sets` WHERE `id` = OLD.`tool_set_id`
    AND NOT EXISTS (SELECT 1 FROM `test_runs` WHERE `tool_set_id` = OLD.`tool_set_id`);
END;--> statement-breakpoint
CREATE TRIGGER `trg_tool_set_members_delete` AFTER DELETE ON `tool_set_members`
FOR EACH ROW
BEGIN
  DELETE FROM `tool_snapshots` WHERE `id` = OLD.`snapshot_id`
    AND NOT EXISTS (SELECT 1 FROM `tool_set_members` WHERE `snapshot_id` = OLD.`snapshot_id`);
END;
