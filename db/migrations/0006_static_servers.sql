-- Static servers: transport 'static' (tools held in static_tools, no url/command/auth).
-- Changing mcp_servers' CHECKs means rebuilding the table. The PRAGMAs below are no-ops inside
-- the migrator's transaction: db/client.ts turns foreign keys off around migrate() instead, so
-- dropping the old table neither cascades to tool_executions nor trips test_case_servers' RESTRICT.
CREATE TABLE `static_tools` (
	`server_id` text NOT NULL,
	`name` text NOT NULL,
	`ordinal` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`input_schema` text NOT NULL,
	`output_schema` text,
	`annotations` text,
	PRIMARY KEY(`server_id`, `name`),
	FOREIGN KEY (`server_id`) REFERENCES `mcp_servers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ck_static_tools_name" CHECK(length("static_tools"."name") between 1 and 128),
	CONSTRAINT "ck_static_tools_input_schema" CHECK(json_type("static_tools"."input_schema") = 'object'),
	CONSTRAINT "ck_static_tools_output_schema" CHECK("static_tools"."output_schema" is null or json_type("static_tools"."output_schema") = 'object'),
	CONSTRAINT "ck_static_tools_annotations" CHECK("static_tools"."annotations" is null or json_type("static_tools"."annotations") = 'object')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uq_static_tools_ordinal` ON `static_tools` (`server_id`,`ordinal`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_mcp_servers` (
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
	CONSTRAINT "ck_mcp_servers_name" CHECK(length(trim("__new_mcp_servers"."name")) between 1 and 100),
	CONSTRAINT "ck_mcp_servers_transport" CHECK("__new_mcp_servers"."transport" in ('streamable-http', 'sse', 'stdio', 'static')),
	CONSTRAINT "ck_mcp_servers_endpoint" CHECK(("__new_mcp_servers"."transport" = 'stdio' and "__new_mcp_servers"."command" is not null and "__new_mcp_servers"."url" is null)
        or ("__new_mcp_servers"."transport" = 'static' and "__new_mcp_servers"."command" is null and "__new_mcp_servers"."url" is null and "__new_mcp_servers"."auth_type" = 'none')
        or ("__new_mcp_servers"."transport" in ('streamable-http', 'sse') and "__new_mcp_servers"."url" is not null and "__new_mcp_servers"."command" is null)),
	CONSTRAINT "ck_mcp_servers_auth_type" CHECK("__new_mcp_servers"."auth_type" in ('none', 'bearer', 'header', 'basic')),
	CONSTRAINT "ck_mcp_servers_auth_secret" CHECK(("__new_mcp_servers"."auth_type" = 'none') = ("__new_mcp_servers"."auth_secret" is null)),
	CONSTRAINT "ck_mcp_servers_status" CHECK("__new_mcp_servers"."status" in ('inactive', 'active', 'failed'))
);
--> statement-breakpoint
INSERT INTO `__new_mcp_servers`("id", "name", "transport", "url", "command", "args", "env_secret", "headers", "auth_type", "auth_secret", "status", "status_detail", "last_connected_at", "created_at", "updated_at") SELECT "id", "name", "transport", "url", "command", "args", "env_secret", "headers", "auth_type", "auth_secret", "status", "status_detail", "last_connected_at", "created_at", "updated_at" FROM `mcp_servers`;--> statement-breakpoint
DROP TABLE `mcp_servers`;--> statement-breakpoint
ALTER TABLE `__new_mcp_servers` RENAME TO `mcp_servers`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `uq_mcp_servers_name` ON `mcp_servers` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `uq_mcp_servers_url` ON `mcp_servers` (`url`);--> statement-breakpoint
CREATE INDEX `idx_mcp_servers_status` ON `mcp_servers` (`status`);--> statement-breakpoint
-- DROP TABLE took the updated_at trigger of 0001 with it.
CREATE TRIGGER `trg_mcp_servers_updated_at` AFTER UPDATE ON `mcp_servers`
FOR EACH ROW WHEN NEW.`updated_at` = OLD.`updated_at`
BEGIN
  UPDATE `mcp_servers` SET `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `id` = NEW.`id`;
END;
