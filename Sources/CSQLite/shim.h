#ifndef MANUAL_CSQLITE_SHIM_H
#define MANUAL_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
