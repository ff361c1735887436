CREATE TABLE `notification_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text DEFAULT 'whatsapp' NOT NULL,
	`recipient` text NOT NULL,
	`user_id` integer,
	`subject` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notification_outbox_created_idx` ON `notification_outbox` (`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `reset_password_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `reset_requested_at` integer;