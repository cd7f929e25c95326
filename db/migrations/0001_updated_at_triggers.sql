-- Keep updated_at current on every UPDATE, whoever writes the row.
-- The WHEN clause skips rows whose writer already set updated_at (and stops recursion).
CREATE TRIGGER `trg_mcp_servers_updated_at` AFTER UPDATE ON `mcp_servers`
FOR EACH ROW WHEN NEW.`updated_at` = OLD.`updated_at`
BEGIN
  UPDATE `mcp_servers` SET `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `trg_test_cases_updated_at` AFTER UPDATE ON `test_cases`
FOR EACH ROW WHEN NEW.`updated_at` = OLD.`updated_at`
BEGIN
  UPDATE `test_cases` SET `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `trg_app_meta_updated_at` AFTER UPDATE ON `app_meta`
FOR EACH ROW WHEN NEW.`updated_at` = OLD.`updated_at`
BEGIN
  UPDATE `app_meta` SET `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `key` = NEW.`key`;
END;
