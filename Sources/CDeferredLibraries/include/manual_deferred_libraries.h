#ifndef MANUAL_DEFERRED_LIBRARIES_H
#define MANUAL_DEFERRED_LIBRARIES_H

/// Poppler's GLib binding, Tesseract, GLib, GObject and cairo are not linked into `manual`: this target
/// defines the functions of theirs that ManualKit calls, and loads the library on the first call
/// (deferred_libraries.c says why). Only the two functions below are called by name.
///
/// 1 when `soname` (one of the libraries this target loads) is loaded in this process; for tests.
int manual_deferred_library_is_loaded(const char *soname);

/// The file libtesseract was loaded from (loading it if it is not yet), as the loader names it; for
/// `TesseractVersionRecord`, which remembers which file gave which version.
const char *manual_tesseract_file(void);

#endif
