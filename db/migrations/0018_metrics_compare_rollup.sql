CREATE TABLE `metrics_compare_rollup` (
	`batch_id` text NOT NULL,
	`test_case_id` text NOT NULL,
	`model_settings_id` text NOT NULL,
	`tp` integer DEFAULT 0 NOT NULL,
	`fp` integer DEFAULT 0 NOT NULL,
	`tn` integer DEFAULT 0 NOT NULL,
	`fn` integer DEFAULT 0 NOT NULL,
	`latest_key` text NOT NULL,
	`latest_run_id` text NOT NULL,
	`latest_classification` text NOT NULL,
	`latest_selected_server` text,
	`latest_selected_tool` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_metrics_compare_rollup_key` ON `metrics_compare_rollup` (`batch_id`,`test_case_id`,`model_settings_id`);--> statement-breakpoint
CREATE INDEX `idx_test_runs_compare` ON `test_runs` (`batch_id`,`test_case_id`,`model_settings_id`) WHERE "test_runs"."status" = 'completed' and "test_runs"."classification" is not null;--> statement-breakpoint
-- Backfill: per (batch, test case, model settings) the completed, judged runs by classification and the latest of them
-- (SQLite takes the bare columns from the row that holds the max()); then the triggers keep it in step.
INSERT INTO `metrics_compare_rollup` (`batch_id`, `test_case_id`, `model_settings_id`, `tp`, `fp`, `tn`, `fn`, `latest_key`, `latest_run_id`, `latest_classification`, `latest_selected_server`, `latest_selected_tool`)
  SELECT R.`batch_id`, R.`test_case_id`, coalesce(R.`model_settings_id`, ''), sum(R.`classification` = 'TP'), sum(R.`classification` = 'FP'), sum(R.`classification` = 'TN'), sum(R.`classification` = 'FN'), max(coalesce(R.`completed_at`, R.`created_at`) || char(1) || R.`created_at` || char(1) || R.`id`), R.`id`, R.`classification`, R.`selected_server`, R.`selected_tool`
  FROM `test_runs` R
  WHERE R.`batch_id` IS NOT NULL AND R.`status` = 'completed' AND R.`classification` IS NOT NULL
  GROUP BY R.`batch_id`, R.`test_case_id`, R.`model_settings_id`;--> statement-breakpoint
CREATE TRIGGER `trg_metrics_compare_rollup_insert` AFTER INSERT ON `test_runs`
FOR EACH ROW WHEN NEW.`batch_id` IS NOT NULL AND NEW.`status` = 'completed' AND NEW.`classification` IS NOT NULL
BEGIN
  INSERT INTO `metrics_compare_rollup` (`batch_id`, `test_case_id`, `model_settings_id`, `tp`, `fp`, `tn`, `fn`, `latest_key`, `latest_run_id`, `latest_classification`, `latest_selected_server`, `latest_selected_tool`)
  SELECT NEW.`batch_id`, NEW.`test_case_id`, coalesce(NEW.`model_settings_id`, ''), (NEW.`classification` = 'TP'), (NEW.`classification` = 'FP'), (NEW.`classification` = 'TN'), (NEW.`classification` = 'FN'), coalesce(NEW.`completed_at`, NEW.`created_at`) || char(1) || NEW.`created_at` || char(1) || NEW.`id`, NEW.`id`, NEW.`classification`, NEW.`selected_server`, NEW.`selected_tool`
  WHERE NEW.`batch_id` IS NOT NULL AND NEW.`status` = 'completed' AND NEW.`classification` IS NOT NULL
  ON CONFLICT (`batch_id`, `test_case_id`, `model_settings_id`) DO UPDATE SET
    `tp` = `tp` + excluded.`tp`, `fp` = `fp` + excluded.`fp`, `tn` = `tn` + excluded.`tn`, `fn` = `fn` + excluded.`fn`,
    `latest_key` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_key` ELSE `latest_key` END,
    `latest_run_id` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_run_id` ELSE `latest_run_id` END,
    `latest_classification` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_classification` ELSE `latest_classification` END,
    `latest_selected_server` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_selected_server` ELSE `latest_selected_server` END,
    `latest_selected_tool` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_selected_tool` ELSE `latest_selected_tool` END;
END;--> statement-breakpoint
-- A run that stops counting is taken away: its classification's count falls, and when it was its group's latest
-- the group's row is read again from its other runs (none left: no row). Then the run as it is now is added.
CREATE TRIGGER `trg_metrics_compare_rollup_update` AFTER UPDATE OF `batch_id`, `test_case_id`, `model_settings_id`, `status`, `classification`, `completed_at`, `created_at`, `selected_server`, `selected_tool` ON `test_runs`
FOR EACH ROW WHEN ((OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL) OR (NEW.`batch_id` IS NOT NULL AND NEW.`status` = 'completed' AND NEW.`classification` IS NOT NULL)) AND (NEW.`batch_id` IS NOT OLD.`batch_id` OR NEW.`test_case_id` IS NOT OLD.`test_case_id` OR NEW.`model_settings_id` IS NOT OLD.`model_settings_id` OR NEW.`status` IS NOT OLD.`status` OR NEW.`classification` IS NOT OLD.`classification` OR NEW.`completed_at` IS NOT OLD.`completed_at` OR NEW.`created_at` IS NOT OLD.`created_at` OR NEW.`selected_server` IS NOT OLD.`selected_server` OR NEW.`selected_tool` IS NOT OLD.`selected_tool`)
BEGIN
  UPDATE `metrics_compare_rollup` AS C SET `tp` = `tp` - (OLD.`classification` = 'TP'), `fp` = `fp` - (OLD.`classification` = 'FP'), `tn` = `tn` - (OLD.`classification` = 'TN'), `fn` = `fn` - (OLD.`classification` = 'FN')
  WHERE C.`batch_id` = OLD.`batch_id` AND C.`test_case_id` = OLD.`test_case_id` AND C.`model_settings_id` = coalesce(OLD.`model_settings_id`, '') AND C.`latest_run_id` <> OLD.`id` AND OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL;
  DELETE FROM `metrics_compare_rollup` AS C WHERE C.`batch_id` = OLD.`batch_id` AND C.`test_case_id` = OLD.`test_case_id` AND C.`model_settings_id` = coalesce(OLD.`model_settings_id`, '') AND C.`latest_run_id` = OLD.`id` AND OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL;
  INSERT INTO `metrics_compare_rollup` (`batch_id`, `test_case_id`, `model_settings_id`, `tp`, `fp`, `tn`, `fn`, `latest_key`, `latest_run_id`, `latest_classification`, `latest_selected_server`, `latest_selected_tool`)
  SELECT R.`batch_id`, R.`test_case_id`, coalesce(R.`model_settings_id`, ''), sum(R.`classification` = 'TP'), sum(R.`classification` = 'FP'), sum(R.`classification` = 'TN'), sum(R.`classification` = 'FN'), max(coalesce(R.`completed_at`, R.`created_at`) || char(1) || R.`created_at` || char(1) || R.`id`), R.`id`, R.`classification`, R.`selected_server`, R.`selected_tool`
  FROM `test_runs` R
  WHERE R.`batch_id` = OLD.`batch_id` AND R.`test_case_id` = OLD.`test_case_id` AND R.`model_settings_id` IS OLD.`model_settings_id` AND R.`status` = 'completed' AND R.`classification` IS NOT NULL AND R.`id` <> OLD.`id`
    AND OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `metrics_compare_rollup` C WHERE C.`batch_id` = OLD.`batch_id` AND C.`test_case_id` = OLD.`test_case_id` AND C.`model_settings_id` = coalesce(OLD.`model_settings_id`, ''))
  GROUP BY R.`batch_id`;
  INSERT INTO `metrics_compare_rollup` (`batch_id`, `test_case_id`, `model_settings_id`, `tp`, `fp`, `tn`, `fn`, `latest_key`, `latest_run_id`, `latest_classification`, `latest_selected_server`, `latest_selected_tool`)
  SELECT NEW.`batch_id`, NEW.`test_case_id`, coalesce(NEW.`model_settings_id`, ''), (NEW.`classification` = 'TP'), (NEW.`classification` = 'FP'), (NEW.`classification` = 'TN'), (NEW.`classification` = 'FN'), coalesce(NEW.`completed_at`, NEW.`created_at`) || char(1) || NEW.`created_at` || char(1) || NEW.`id`, NEW.`id`, NEW.`classification`, NEW.`selected_server`, NEW.`selected_tool`
  WHERE NEW.`batch_id` IS NOT NULL AND NEW.`status` = 'completed' AND NEW.`classification` IS NOT NULL
  ON CONFLICT (`batch_id`, `test_case_id`, `model_settings_id`) DO UPDATE SET
    `tp` = `tp` + excluded.`tp`, `fp` = `fp` + excluded.`fp`, `tn` = `tn` + excluded.`tn`, `fn` = `fn` + excluded.`fn`,
    `latest_key` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_key` ELSE `latest_key` END,
    `latest_run_id` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_run_id` ELSE `latest_run_id` END,
    `latest_classification` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_classification` ELSE `latest_classification` END,
    `latest_selected_server` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_selected_server` ELSE `latest_selected_server` END,
    `latest_selected_tool` = CASE WHEN excluded.`latest_key` > `latest_key` THEN excluded.`latest_selected_tool` ELSE `latest_selected_tool` END;
END;--> statement-breakpoint
CREATE TRIGGER `trg_metrics_compare_rollup_delete` AFTER DELETE ON `test_runs`
FOR EACH ROW WHEN OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL
BEGIN
  UPDATE `metrics_compare_rollup` AS C SET `tp` = `tp` - (OLD.`classification` = 'TP'), `fp` = `fp` - (OLD.`classification` = 'FP'), `tn` = `tn` - (OLD.`classification` = 'TN'), `fn` = `fn` - (OLD.`classification` = 'FN')
  WHERE C.`batch_id` = OLD.`batch_id` AND C.`test_case_id` = OLD.`test_case_id` AND C.`model_settings_id` = coalesce(OLD.`model_settings_id`, '') AND C.`latest_run_id` <> OLD.`id` AND OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL;
  DELETE FROM `metrics_compare_rollup` AS C WHERE C.`batch_id` = OLD.`batch_id` AND C.`test_case_id` = OLD.`test_case_id` AND C.`model_settings_id` = coalesce(OLD.`model_settings_id`, '') AND C.`latest_run_id` = OLD.`id` AND OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL;
  INSERT INTO `metrics_compare_rollup` (`batch_id`, `test_case_id`, `model_settings_id`, `tp`, `fp`, `tn`, `fn`, `latest_key`, `latest_run_id`, `latest_classification`, `latest_selected_server`, `latest_selected_tool`)
  SELECT R.`batch_id`, R.`test_case_id`, coalesce(R.`model_settings_id`, ''), sum(R.`classification` = 'TP'), sum(R.`classification` = 'FP'), sum(R.`classification` = 'TN'), sum(R.`classification` = 'FN'), max(coalesce(R.`completed_at`, R.`created_at`) || char(1) || R.`created_at` || char(1) || R.`id`), R.`id`, R.`classification`, R.`selected_server`, R.`selected_tool`
  FROM `test_runs` R
  WHERE R.`batch_id` = OLD.`batch_id` AND R.`test_case_id` = OLD.`test_case_id` AND R.`model_settings_id` IS OLD.`model_settings_id` AND R.`status` = 'completed' AND R.`classification` IS NOT NULL AND R.`id` <> OLD.`id`
    AND OLD.`batch_id` IS NOT NULL AND OLD.`status` = 'completed' AND OLD.`classification` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `metrics_compare_rollup` C WHERE C.`batch_id` = OLD.`batch_id` AND C.`test_case_id` = OLD.`test_case_id` AND C.`model_settings_id` = coalesce(OLD.`model_settings_id`, ''))
  GROUP BY R.`batch_id`;
END;
