CREATE TABLE `jam_buka` (
	`id_kantor_cabang` integer NOT NULL,
	`hari` integer NOT NULL,
	`buka` text,
	`tutup` text,
	PRIMARY KEY(`id_kantor_cabang`, `hari`),
	FOREIGN KEY (`id_kantor_cabang`) REFERENCES `kantor_cabang`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
DROP INDEX `gambar_produk_id_produk_idx`;--> statement-breakpoint
ALTER TABLE `gambar_produk` ADD `urutan` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `gambar_produk_urutan_idx` ON `gambar_produk` (`id_produk`,`urutan`,`id`);--> statement-breakpoint
ALTER TABLE `banner` ADD `status` text DEFAULT 'Tayang' NOT NULL;--> statement-breakpoint
ALTER TABLE `banner` ADD `urutan` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `kategori` ADD `status` text DEFAULT 'Tayang' NOT NULL;--> statement-breakpoint
ALTER TABLE `kategori` ADD `urutan` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `produk` ADD `status` text DEFAULT 'Tayang' NOT NULL;--> statement-breakpoint
ALTER TABLE `setting` ADD `zona_waktu` text DEFAULT 'Asia/Jakarta' NOT NULL;--> statement-breakpoint
-- The manual order starts as the order the public site showed: banners and product images by
-- id, categories by name (then id).
UPDATE `banner` SET `urutan` = r.n FROM (SELECT `id`, row_number() OVER (ORDER BY `id`) AS n FROM `banner`) AS r WHERE r.`id` = `banner`.`id`;--> statement-breakpoint
UPDATE `kategori` SET `urutan` = r.n FROM (SELECT `id`, row_number() OVER (ORDER BY `kategori`, `id`) AS n FROM `kategori`) AS r WHERE r.`id` = `kategori`.`id`;--> statement-breakpoint
UPDATE `gambar_produk` SET `urutan` = r.n FROM (SELECT `id`, row_number() OVER (PARTITION BY `id_produk` ORDER BY `id`) AS n FROM `gambar_produk`) AS r WHERE r.`id` = `gambar_produk`.`id`;
