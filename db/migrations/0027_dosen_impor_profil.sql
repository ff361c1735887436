ALTER TABLE `users` ADD `undangan_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `undangan_expires_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `orcid` text;--> statement-breakpoint
ALTER TABLE `users` ADD `scopus_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `scholar_id` text;