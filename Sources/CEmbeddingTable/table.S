// Links data/embeddings.bin into the binary's read-only data, so `manual` needs no file beside it and
// the table is paged in by the kernel as rows are read. The assembler does not report .incbin files
// as dependencies: table_version.h carries the table's sha256, so a new table rebuilds this file.
#include "table_version.h"
    .section .rodata.manual_embedding_table,"a"
    .balign 64
    .global manual_embedding_table_start
    .hidden manual_embedding_table_start
manual_embedding_table_start:
    .incbin "data/embeddings.bin"
    .global manual_embedding_table_end
    .hidden manual_embedding_table_end
manual_embedding_table_end:
    .section .note.GNU-stack,"",@progbits
