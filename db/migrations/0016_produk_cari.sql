-- Product search: a full-text index over every product's name, category name and
-- description (app/domain/katalog/cari.server.ts reads it).
--
-- produk_cari is an FTS5 table keyed by produk.id (its rowid), "contentless" (content='') so it
-- keeps only the index, not a second copy of the texts; contentless_delete=1 lets a row be
-- deleted or replaced by its rowid alone. Tokenizer unicode61 with remove_diacritics 2: case-
-- and accent-insensitive ('Kúrsi' is indexed as 'kursi'); prefix='2 3' keeps extra indexes of
-- the 2- and 3-letter prefixes, for the suggestion list that starts at two letters.
--
-- Kept in step by SQLite itself, inside the writing transaction: the triggers below fire for
-- EVERY writer — the domain (app/domain/produk, app/domain/kategori), the CSV import's own
-- statements (app/domain/produk/csv.server.ts), the seed (db/seed.ts), bench/scale.mjs's bulk
-- SQL, a restore, a hand-written UPDATE — so no code path can forget it. Statuses (Tayang/Draf)
-- are not indexed: the search query applies the one visibility rule (produkTayang) itself.
--   produk insert / delete / update of name, description or category → that product's row;
--   kategori rename → the rows of its products; kategori delete (refused by the foreign key while
--   products use it; only reachable with foreign keys off) → its products indexed without it.
-- produk_cari_kata is the index's vocabulary (fts5vocab, no storage of its own): the search's
-- typo tolerance picks its candidate words from it.
CREATE VIRTUAL TABLE `produk_cari` USING fts5(
	`nama_produk`,
	`kategori`,
	`deskripsi`,
	content='',
	contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3'
);--> statement-breakpoint
CREATE VIRTUAL TABLE `produk_cari_kata` USING fts5vocab(`produk_cari`, 'row');--> statement-breakpoint
CREATE TRIGGER `produk_cari_tambah` AFTER INSERT ON `produk` BEGIN
	INSERT INTO `produk_cari` (`rowid`, `nama_produk`, `kategori`, `deskripsi`)
	VALUES (new.`id`, new.`nama_produk`, coalesce((SELECT `kategori` FROM `kategori` WHERE `id` = new.`id_kategori`), ''), new.`deskripsi`);
END;--> statement-breakpoint
CREATE TRIGGER `produk_cari_ubah` AFTER UPDATE OF `id`, `nama_produk`, `deskripsi`, `id_kategori` ON `produk` BEGIN
	DELETE FROM `produk_cari` WHERE `rowid` = old.`id`;
	INSERT INTO `produk_cari` (`rowid`, `nama_produk`, `kategori`, `deskripsi`)
	VALUES (new.`id`, new.`nama_produk`, coalesce((SELECT `kategori` FROM `kategori` WHERE `id` = new.`id_kategori`), ''), new.`deskripsi`);
END;--> statement-breakpoint
CREATE TRIGGER `produk_cari_hapus` AFTER DELETE ON `produk` BEGIN
	DELETE FROM `produk_cari` WHERE `rowid` = old.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `produk_cari_kategori_ubah` AFTER UPDATE OF `kategori` ON `kategori` WHEN old.`kategori` IS NOT new.`kategori` BEGIN
	DELETE FROM `produk_cari` WHERE `rowid` IN (SELECT `id` FROM `produk` WHERE `id_kategori` = new.`id`);
	INSERT INTO `produk_cari` (`rowid`, `nama_produk`, `kategori`, `deskripsi`)
	SELECT `id`, `nama_produk`, new.`kategori`, `deskripsi` FROM `produk` WHERE `id_kategori` = new.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `produk_cari_kategori_hapus` AFTER DELETE ON `kategori` BEGIN
	DELETE FROM `produk_cari` WHERE `rowid` IN (SELECT `id` FROM `produk` WHERE `id_kategori` = old.`id`);
	INSERT INTO `produk_cari` (`rowid`, `nama_produk`, `kategori`, `deskripsi`)
	SELECT `id`, `nama_produk`, '', `deskripsi` FROM `produk` WHERE `id_kategori` = old.`id`;
END;--> statement-breakpoint
-- The products already there.
INSERT INTO `produk_cari` (`rowid`, `nama_produk`, `kategori`, `deskripsi`)
SELECT p.`id`, p.`nama_produk`, coalesce(k.`kategori`, ''), p.`deskripsi`
FROM `produk` p LEFT JOIN `kategori` k ON k.`id` = p.`id_kategori`;
