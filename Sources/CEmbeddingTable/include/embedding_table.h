#ifndef MANUAL_EMBEDDING_TABLE_H
#define MANUAL_EMBEDDING_TABLE_H
#include <stddef.h>

/// The static embedding table (data/embeddings.bin), linked into the binary: read in place, never parsed whole.
const unsigned char *manual_embedding_table_bytes(void);
/// Its size in bytes.
size_t manual_embedding_table_size(void);
/// The sha256 of data/embeddings.bin as recorded in data/manifest.json (hex).
const char *manual_embedding_table_sha256(void);

#endif
