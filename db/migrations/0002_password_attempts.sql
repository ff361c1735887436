CREATE TABLE `password_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`blocked_until` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `password_attempts_expires_idx` ON `password_attempts` (`expires_at`);