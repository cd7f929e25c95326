-- Existing keys are /mcp keys; `api` tokens (REST API bearer tokens) are new. Added in place
-- (no table rebuild): SQLite accepts a NOT NULL column with a default and a CHECK here.
ALTER TABLE `api_keys` ADD `kind` text DEFAULT 'mcp' NOT NULL CONSTRAINT `ck_api_keys_kind` CHECK(`kind` in ('mcp', 'api'));
