CREATE TABLE `notification_preference` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`email` integer DEFAULT true NOT NULL,
	`whatsapp` integer DEFAULT true NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `link` text;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `secret` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `notification_outbox` ADD `read_at` integer;--> statement-breakpoint
CREATE INDEX `notification_outbox_unread_idx` ON `notification_outbox` (`user_id`) WHERE channel = 'inbox' and read_at is null;--> statement-breakpoint
CREATE INDEX `notification_outbox_inbox_idx` ON `notification_outbox` (`user_id`,`id`) WHERE channel = 'inbox';--> statement-breakpoint
CREATE INDEX `notification_outbox_queue_idx` ON `notification_outbox` (`status`,`next_attempt_at`) WHERE status in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE `setting` ADD `nama_lppm` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Reset messages written before: their password was never stored, so no queue may send them.
UPDATE `notification_outbox` SET `secret` = 1 WHERE `subject` = 'Reset Password';
