ALTER TABLE `fakultas` ADD `kode` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `prodi` ADD `kode` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `template_unduhan` ADD `keterangan` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `template_unduhan` ADD `aktif` integer DEFAULT true NOT NULL;