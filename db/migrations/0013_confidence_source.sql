-- Issue 19: which method gave a run's confidence. Column-level CHECK in ADD COLUMN (as 0008),
-- so neither the table nor its triggers is rebuilt. Existing runs: samples >= 2 rated by the
-- samples' agreement; samples = 1 by the follow-up turn, which for the local router is its
-- score margin and for every other provider the model's self-assessment; unrated runs (and
-- runs whose model settings are gone, so the provider is unknown) stay NULL.
ALTER TABLE `test_runs` ADD `confidence_source` text CHECK (`confidence_source` is null or `confidence_source` in ('self_assessment', 'logprobs', 'sample_agreement', 'local_margin'));--> statement-breakpoint
UPDATE `test_runs` SET `confidence_source` = CASE
    WHEN `samples` > 1 THEN 'sample_agreement'
    WHEN (SELECT `provider` FROM `model_settings` WHERE `model_settings`.`id` = `test_runs`.`model_settings_id`) = 'local' THEN 'local_margin'
    ELSE 'self_assessment'
  END
  WHERE `confidence_score` IS NOT NULL
    AND (`samples` > 1 OR `model_settings_id` IN (SELECT `id` FROM `model_settings`));
