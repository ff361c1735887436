CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_user_id_idx` ON `api_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `banner` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`image` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `galeri` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gambar` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `gambar_produk` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_produk` integer NOT NULL,
	`gambar` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_produk`) REFERENCES `produk`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `gambar_produk_id_produk_idx` ON `gambar_produk` (`id_produk`,`id`);--> statement-breakpoint
CREATE TABLE `kantor_cabang` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kantor_cabang` text NOT NULL,
	`alamat` text DEFAULT '' NOT NULL,
	`kontak` text DEFAULT '' NOT NULL,
	`maps` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `kategori` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kategori` text NOT NULL,
	`seo` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kategori_seo_unique` ON `kategori` (`seo`);--> statement-breakpoint
CREATE TABLE `produk` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id_kategori` integer,
	`nama_produk` text NOT NULL,
	`nama_seo` text NOT NULL,
	`harga` text NOT NULL,
	`deskripsi` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`id_kategori`) REFERENCES `kategori`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `produk_nama_seo_unique` ON `produk` (`nama_seo`);--> statement-breakpoint
CREATE INDEX `produk_id_kategori_idx` ON `produk` (`id_kategori`,`id`);--> statement-breakpoint
CREATE INDEX `produk_nama_produk_idx` ON `produk` (`nama_produk`);--> statement-breakpoint
CREATE TABLE `produk_gudang` (
	`id_produk` integer NOT NULL,
	`id_kantor_cabang` integer NOT NULL,
	PRIMARY KEY(`id_produk`, `id_kantor_cabang`),
	FOREIGN KEY (`id_produk`) REFERENCES `produk`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`id_kantor_cabang`) REFERENCES `kantor_cabang`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `produk_gudang_kantor_idx` ON `produk_gudang` (`id_kantor_cabang`);--> statement-breakpoint
CREATE TABLE `profil` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jenis` text NOT NULL,
	`keterangan` text DEFAULT '' NOT NULL,
	`foto` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profil_jenis_unique` ON `profil` (`jenis`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `setting` (
	`id` integer PRIMARY KEY NOT NULL,
	`nama_toko` text NOT NULL,
	`kota` text DEFAULT '' NOT NULL,
	`alamat` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`whatsapp` text DEFAULT '' NOT NULL,
	`instagram` text DEFAULT '' NOT NULL,
	`facebook` text DEFAULT '' NOT NULL,
	`maps` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `slug_redirect` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`jenis` text NOT NULL,
	`slug_lama` text NOT NULL,
	`target_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slug_redirect_jenis_slug_unique` ON `slug_redirect` (`jenis`,`slug_lama`);--> statement-breakpoint
CREATE TABLE `ulasan` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ulasan` text NOT NULL,
	`oleh` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`name` text NOT NULL,
	`no_hp` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`password_hash` text NOT NULL,
	`hak_akses` text DEFAULT '[]' NOT NULL,
	`status_aktif` text DEFAULT 'Aktif' NOT NULL,
	`nidn` text,
	`jabatan_akademik` text,
	`password_changed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_nidn_unique` ON `users` (`nidn`);