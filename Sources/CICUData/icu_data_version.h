// Written by scripts/make-icu-data: the toolchain's ICU data symbol, and the subset's sha256 (so a new
// subset rebuilds icu_data.S, whose .incbin the build system does not track).
#define MANUAL_ICU_DATA_SYMBOL icudt76_dat
#define MANUAL_ICU_DATA_SHA256 "2842d260a93a28b95da5e69e12414a8ced1aafb1efdbf1baab6cd723b606928b"
