ALTER TABLE `evaluation_results` ADD `model_settings_id` text;--> statement-breakpoint
ALTER TABLE `evaluation_results` ADD `batch_id` text;--> statement-breakpoint
-- Backfill, then keep the copies in step with the run, whoever writes the rows.
UPDATE `evaluation_results` SET (`model_settings_id`, `batch_id`) = (
  SELECT r.`model_settings_id`, r.`batch_id` FROM `test_runs` r WHERE r.`id` = `evaluation_results`.`test_run_id`
);--> statement-breakpoint
CREATE TRIGGER `trg_evaluation_results_run_scope` AFTER INSERT ON `evaluation_results`
FOR EACH ROW
BEGIN
  UPDATE `evaluation_results` SET (`model_settings_id`, `batch_id`) = (
    SELECT r.`model_settings_id`, r.`batch_id` FROM `test_runs` r WHERE r.`id` = NEW.`test_run_id`
  ) WHERE rowid = NEW.rowid;
END;--> statement-breakpoint
CREATE TRIGGER `trg_test_runs_run_scope` AFTER UPDATE OF `model_settings_id`, `batch_id` ON `test_runs`
FOR EACH ROW WHEN NEW.`model_settings_id` IS NOT OLD.`model_settings_id` OR NEW.`batch_id` IS NOT OLD.`batch_id`
BEGIN
  UPDATE `evaluation_results` SET `model_settings_id` = NEW.`model_settings_id`, `batch_id` = NEW.`batch_id`
  WHERE `test_run_id` = NEW.`id`;
END;--> statement-breakpoint
CREATE INDEX `idx_evaluation_results_model_settings` ON `evaluation_results` (`model_settings_id`);--> statement-breakpoint
CREATE INDEX `idx_evaluation_results_batch` ON `evaluation_results` (`batch_id`);--> statement-breakpoint
CREATE INDEX `idx_evaluation_results_selected_tool` ON `evaluation_results` (`selected_tool`);--> statement-breakpoint
-- drizzle-kit 0.31 splits an index expression at its commas; written by hand.
CREATE INDEX `idx_test_runs_rollup` ON `test_runs` (substr(`created_at`, 1, 10),`model_settings_id`,`status`,`classification`,`execution_time_ms`,`input_tokens`,`output_tokens`);
