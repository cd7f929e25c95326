CREATE TABLE `test_case_tags` (
	`test_case_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`test_case_id`, `tag`),
	FOREIGN KEY (`test_case_id`) REFERENCES `test_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "ck_test_case_tags_tag" CHECK(length("test_case_tags"."tag") between 1 and 50)
);
--> statement-breakpoint
CREATE INDEX `idx_test_case_tags_tag` ON `test_case_tags` (`tag`);