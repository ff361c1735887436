ALTER TABLE `setting` ADD `kop_institusi` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `kop_alamat` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `kop_logo` text;--> statement-breakpoint
ALTER TABLE `setting` ADD `ttd_kepala_nama` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `ttd_kepala_nip` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `ttd_kepala_jabatan` text DEFAULT 'Kepala LPPM' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `ttd_sekretaris_nama` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `ttd_sekretaris_nip` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `ttd_sekretaris_jabatan` text DEFAULT 'Sekretaris LPPM' NOT NULL;