"""Makes a large benchmark library by repeating every document of a small one under new ids.

    python3 grow-library.py SOURCE.sqlite TARGET.sqlite COPIES

Each copy gets a distinct sha256, path and title, so the library holds COPIES x the documents of
SOURCE with their pages, chunks (vectors, FTS rows via the schema's triggers), headings and terms.
"""
import shutil
import sqlite3
import sys

source, target, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
shutil.copyfile(source, target)
db = sqlite3.connect(target)
db.execute("PRAGMA foreign_keys = ON")
tag = f"{len(list(db.execute('SELECT id FROM documents')))}x"  # differs for each growth step, so sha256s stay unique
originals = [row[0] for row in db.execute("SELECT id FROM documents ORDER BY id")]
chunk_columns = ("ordinal, text, heading, heading_path, first_page, last_page, first_label, last_label, "
                 "sentences, has_admonition, keywords, char_count, vector, fingerprint")
for copy in range(1, copies):
    with db:
        for original in originals:
            cur = db.execute(
                """INSERT INTO documents (source_path, file_name, sha256, byte_size, source_mtime, title, author,
                       subject, creation_date, page_count, pdf_id, make, model, year, ingested_at, pipeline_version)
                   SELECT source_path || ?, file_name, sha256 || ?, byte_size, source_mtime, title || ?, author,
                       subject, creation_date, page_count, pdf_id, make, model, year, ingested_at, pipeline_version
                   FROM documents WHERE id = ?""",
                (f".copy{copy}", f"-{tag}{copy}", f" (copy {copy})", original))
            new = cur.lastrowid
            db.execute("INSERT INTO pages SELECT ?, number, label, text, clean_text FROM pages WHERE document_id = ?",
                       (new, original))
            db.execute(f"INSERT INTO chunks (document_id, {chunk_columns}) SELECT ?, {chunk_columns} "
                       "FROM chunks WHERE document_id = ?", (new, original))
            db.execute("""INSERT INTO chunk_vectors (chunk_id, document_id, scale, quantized)
                          SELECT nc.id, nc.document_id, v.scale, v.quantized FROM chunks nc
                          JOIN chunks oc ON oc.document_id = ? AND oc.ordinal = nc.ordinal
                          JOIN chunk_vectors v ON v.chunk_id = oc.id
                          WHERE nc.document_id = ?""", (original, new))
            db.execute("INSERT INTO headings SELECT ?, ordinal, title, level, page FROM headings WHERE document_id = ?",
                       (new, original))
            db.execute("INSERT INTO document_terms SELECT term, ?, chunk_count FROM document_terms WHERE document_id = ?",
                       (new, original))
db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
db.close()
