-- Argument matching profiles ('strict' | 'bfcl'): on test cases, and on each evaluation for audit.
-- Column-level CHECKs in ADD COLUMN, so neither table (nor its triggers) is rebuilt; the
-- schema's enum keeps the TypeScript side in step.
ALTER TABLE `evaluation_results` ADD `argument_matching` text DEFAULT 'strict' NOT NULL CHECK (`argument_matching` in ('strict', 'bfcl'));--> statement-breakpoint
ALTER TABLE `test_cases` ADD `argument_matching` text DEFAULT 'strict' NOT NULL CHECK (`argument_matching` in ('strict', 'bfcl'));
