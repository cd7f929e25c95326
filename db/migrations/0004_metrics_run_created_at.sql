ALTER TABLE `evaluation_results` ADD `run_created_at` text;--> statement-breakpoint
-- Backfill before the indexes that hold the copy are built, so each is built once.
UPDATE `evaluation_results` SET `run_created_at` = (
  SELECT r.`created_at` FROM `test_runs` r WHERE r.`id` = `evaluation_results`.`test_run_id`
);--> statement-breakpoint
-- The 0003 triggers, now also copying created_at: an insert fills the copies from the run,
-- a change to the run's columns is copied over.
DROP TRIGGER `trg_evaluation_results_run_scope`;--> statement-breakpoint
CREATE TRIGGER `trg_evaluation_results_run_scope` AFTER INSERT ON `evaluation_results`
FOR EACH ROW
BEGIN
  UPDATE `evaluation_results` SET (`model_settings_id`, `batch_id`, `run_created_at`) = (
    SELECT r.`model_settings_id`, r.`batch_id`, r.`created_at` FROM `test_runs` r WHERE r.`id` = NEW.`test_run_id`
  ) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
DROP TRIGGER `trg_test_runs_run_scope`;--> statement-breakpoint
CREATE TRIGGER `trg_test_runs_run_scope` AFTER UPDATE OF `model_settings_id`, `batch_id`, `created_at` ON `test_runs`
FOR EACH ROW WHEN NEW.`model_settings_id` IS NOT OLD.`model_settings_id` OR NEW.`batch_id` IS NOT OLD.`batch_id`
  OR NEW.`created_at` IS NOT OLD.`created_at`
BEGIN
  UPDATE `evaluation_results` SET `model_settings_id` = NEW.`model_settings_id`, `batch_id` = NEW.`batch_id`,
    `run_created_at` = NEW.`created_at`
  WHERE `test_run_id` = NEW.`id`;
END;--> statement-breakpoint
-- An evaluation moved to another run takes that run's copies (0003 left them on the old run's).
CREATE TRIGGER `trg_evaluation_results_run_moved` AFTER UPDATE OF `test_run_id` ON `evaluation_results`
FOR EACH ROW WHEN NEW.`test_run_id` IS NOT OLD.`test_run_id`
BEGIN
  UPDATE `evaluation_results` SET (`model_settings_id`, `batch_id`, `run_created_at`) = (
    SELECT r.`model_settings_id`, r.`batch_id`, r.`created_at` FROM `test_runs` r WHERE r.`id` = NEW.`test_run_id`
  ) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE INDEX `idx_evaluation_results_run_created_at` ON `evaluation_results` (`run_created_at`);--> statement-breakpoint
DROP INDEX `idx_evaluation_results_tool_pair`;--> statement-breakpoint
CREATE INDEX `idx_evaluation_results_tool_pair` ON `evaluation_results` (`expected_server`,`expected_tool`,`selected_server`,`selected_tool`,`run_created_at`);--> statement-breakpoint
DROP INDEX `idx_test_runs_latency`;--> statement-breakpoint
CREATE INDEX `idx_test_runs_latency` ON `test_runs` (`execution_time_ms`,`status`,`classification`,`created_at`);
