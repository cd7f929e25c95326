DROP TABLE `tool_definitions`;--> statement-breakpoint
-- What a run showed the model, in the shape of the old table (one row per run and tool).
CREATE VIEW `tool_definitions` AS
SELECT r.`id` || ':' || m.`position` AS `id`, r.`id` AS `test_run_id`, s.`server_name` AS `server_name`,
  m.`server_url` AS `server_url`, s.`name` AS `name`, m.`exposed_name` AS `exposed_name`,
  s.`description` AS `description`, s.`input_schema` AS `input_schema`, s.`output_schema` AS `output_schema`,
  coalesce(r.`completed_at`, r.`created_at`) AS `created_at`, m.`position` AS `position`, s.`hash` AS `snapshot_hash`
FROM `test_runs` r
JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id`
JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`;--> statement-breakpoint
-- Writes through the view (the app stores listings with db/queries/tool-snapshots; raw SQL may
-- still add or remove one tool of a run): listings are shared, so the run gets the listing
-- with the change (found by its hash, or stored), never an edit of one another run uses.
CREATE TRIGGER `trg_tool_definitions_insert` INSTEAD OF INSERT ON `tool_definitions`
FOR EACH ROW
BEGIN
  SELECT RAISE(ABORT, 'FOREIGN KEY constraint failed') WHERE NOT EXISTS (SELECT 1 FROM `test_runs` WHERE `id` = NEW.`test_run_id`);
  INSERT INTO `tool_snapshots` (`hash`, `server_name`, `name`, `description`, `input_schema`, `output_schema`)
    VALUES (tool_snapshot_hash(NEW.`server_name`, NEW.`name`, coalesce(NEW.`description`, ''), NEW.`input_schema`, NEW.`output_schema`),
      NEW.`server_name`, NEW.`name`, coalesce(NEW.`description`, ''), NEW.`input_schema`, NEW.`output_schema`)
    ON CONFLICT (`hash`) DO NOTHING;
  INSERT INTO `tool_sets` (`hash`) SELECT tool_set_hash((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = NEW.`test_run_id`
      UNION ALL
      SELECT tool_snapshot_hash(NEW.`server_name`, NEW.`name`, coalesce(NEW.`description`, ''), NEW.`input_schema`, NEW.`output_schema`), NEW.`exposed_name`, NEW.`server_url`, 2147483647
    ) x)) WHERE json_array_length((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = NEW.`test_run_id`
      UNION ALL
      SELECT tool_snapshot_hash(NEW.`server_name`, NEW.`name`, coalesce(NEW.`description`, ''), NEW.`input_schema`, NEW.`output_schema`), NEW.`exposed_name`, NEW.`server_url`, 2147483647
    ) x)) > 0
    ON CONFLICT (`hash`) DO NOTHING;
  INSERT INTO `tool_set_members` (`tool_set_id`, `position`, `snapshot_id`, `exposed_name`, `server_url`)
    SELECT ts.`id`, j.`key`, s.`id`, j.`value` ->> 1, j.`value` ->> 2
    FROM `tool_sets` ts, json_each((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = NEW.`test_run_id`
      UNION ALL
      SELECT tool_snapshot_hash(NEW.`server_name`, NEW.`name`, coalesce(NEW.`description`, ''), NEW.`input_schema`, NEW.`output_schema`), NEW.`exposed_name`, NEW.`server_url`, 2147483647
    ) x)) j JOIN `tool_snapshots` s ON s.`hash` = j.`value` ->> 0
    WHERE ts.`hash` = tool_set_hash((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = NEW.`test_run_id`
      UNION ALL
      SELECT tool_snapshot_hash(NEW.`server_name`, NEW.`name`, coalesce(NEW.`description`, ''), NEW.`input_schema`, NEW.`output_schema`), NEW.`exposed_name`, NEW.`server_url`, 2147483647
    ) x))
      AND NOT EXISTS (SELECT 1 FROM `tool_set_members` x WHERE x.`tool_set_id` = ts.`id`);
  UPDATE `test_runs` SET `tool_set_id` = (SELECT `id` FROM `tool_sets` WHERE `hash` = tool_set_hash((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = NEW.`test_run_id`
      UNION ALL
      SELECT tool_snapshot_hash(NEW.`server_name`, NEW.`name`, coalesce(NEW.`description`, ''), NEW.`input_schema`, NEW.`output_schema`), NEW.`exposed_name`, NEW.`server_url`, 2147483647
    ) x)))
    WHERE `id` = NEW.`test_run_id`;
END;--> statement-breakpoint
CREATE TRIGGER `trg_tool_definitions_delete` INSTEAD OF DELETE ON `tool_definitions`
FOR EACH ROW
BEGIN
  INSERT INTO `tool_sets` (`hash`) SELECT tool_set_hash((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = OLD.`test_run_id` AND m.`exposed_name` IS NOT OLD.`exposed_name`
    ) x)) WHERE json_array_length((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = OLD.`test_run_id` AND m.`exposed_name` IS NOT OLD.`exposed_name`
    ) x)) > 0
    ON CONFLICT (`hash`) DO NOTHING;
  INSERT INTO `tool_set_members` (`tool_set_id`, `position`, `snapshot_id`, `exposed_name`, `server_url`)
    SELECT ts.`id`, j.`key`, s.`id`, j.`value` ->> 1, j.`value` ->> 2
    FROM `tool_sets` ts, json_each((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = OLD.`test_run_id` AND m.`exposed_name` IS NOT OLD.`exposed_name`
    ) x)) j JOIN `tool_snapshots` s ON s.`hash` = j.`value` ->> 0
    WHERE ts.`hash` = tool_set_hash((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = OLD.`test_run_id` AND m.`exposed_name` IS NOT OLD.`exposed_name`
    ) x))
      AND NOT EXISTS (SELECT 1 FROM `tool_set_members` x WHERE x.`tool_set_id` = ts.`id`);
  UPDATE `test_runs` SET `tool_set_id` = CASE WHEN json_array_length((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = OLD.`test_run_id` AND m.`exposed_name` IS NOT OLD.`exposed_name`
    ) x)) > 0
      THEN (SELECT `id` FROM `tool_sets` WHERE `hash` = tool_set_hash((SELECT json_group_array(json_array(x.h, x.e, x.u) ORDER BY x.p) FROM (
      SELECT s.`hash` AS h, m.`exposed_name` AS e, m.`server_url` AS u, m.`position` AS p
      FROM `test_runs` r JOIN `tool_set_members` m ON m.`tool_set_id` = r.`tool_set_id` JOIN `tool_snapshots` s ON s.`id` = m.`snapshot_id`
      WHERE r.`id` = OLD.`test_run_id` AND m.`exposed_name` IS NOT OLD.`exposed_name`
    ) x))) END
    WHERE `id` = OLD.`test_run_id`;
END;
