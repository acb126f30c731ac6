// The part of ICU's data `manual` uses (data/icudt.dat, made by scripts/make-icu-data from the toolchain's own
// and items.txt), under the name ICU looks its whole data up by (icudtNN_dat). Defined here, the symbol keeps
// the linker from taking lib_FoundationICU.a's member that holds all 34 MB of it: locales, collation, time
// zones, break-iterator dictionaries and converters that nothing in `manual` reads. icu_data_version.h names
// the symbol and carries the subset's sha256, so a new subset rebuilds this file.
#include "icu_data_version.h"
    .section .rodata.manual_icu_data,"a"
    .balign 16
    .global MANUAL_ICU_DATA_SYMBOL
    .type MANUAL_ICU_DATA_SYMBOL, @object
MANUAL_ICU_DATA_SYMBOL:
    .incbin "data/icudt.dat"
    .size MANUAL_ICU_DATA_SYMBOL, . - MANUAL_ICU_DATA_SYMBOL
    .section .note.GNU-stack,"",@progbits
