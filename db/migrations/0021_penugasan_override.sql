ALTER TABLE `penugasan_reviewer` ADD `eskalasi_at` integer;--> statement-breakpoint
ALTER TABLE `penugasan_reviewer` ADD `ditutup` text;--> statement-breakpoint
ALTER TABLE `penugasan_reviewer` ADD `ditutup_at` integer;--> statement-breakpoint
ALTER TABLE `penugasan_reviewer` ADD `id_pengganti` integer;--> statement-breakpoint
ALTER TABLE `status_log` ADD `aksi` text;