ALTER TABLE `setting` ADD `cadangan_jam` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `cadangan_simpan` integer DEFAULT 7 NOT NULL;