#include "embedding_table.h"
#include "table_version.h"

extern const unsigned char manual_embedding_table_start[];
extern const unsigned char manual_embedding_table_end[];

const unsigned char *manual_embedding_table_bytes(void) { return manual_embedding_table_start; }

size_t manual_embedding_table_size(void) {
    return (size_t)(manual_embedding_table_end - manual_embedding_table_start);
}

const char *manual_embedding_table_sha256(void) { return MANUAL_EMBEDDING_TABLE_SHA256; }
