CREATE TABLE `status_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`entity` text NOT NULL,
	`entity_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `status_log_entity_idx` ON `status_log` (`entity`,`entity_id`,`id`);--> statement-breakpoint
CREATE TRIGGER `status_log_no_update` BEFORE UPDATE ON `status_log` BEGIN SELECT RAISE(ABORT, 'status_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `status_log_no_delete` BEFORE DELETE ON `status_log` BEGIN SELECT RAISE(ABORT, 'status_log is append-only'); END;
