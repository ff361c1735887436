CREATE TABLE `wa_klik` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tujuan` text NOT NULL,
	`id_kantor_cabang` integer,
	`id_produk` integer,
	`halaman` text NOT NULL,
	`hari` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`id_kantor_cabang`) REFERENCES `kantor_cabang`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`id_produk`) REFERENCES `produk`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `wa_klik_hari_idx` ON `wa_klik` (`hari`,`tujuan`,`id_kantor_cabang`,`id_produk`,`halaman`);--> statement-breakpoint
CREATE INDEX `wa_klik_cabang_hari_idx` ON `wa_klik` (`id_kantor_cabang`,`hari`);--> statement-breakpoint
CREATE INDEX `wa_klik_produk_hari_idx` ON `wa_klik` (`id_produk`,`hari`);