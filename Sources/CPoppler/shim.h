#ifndef MANUAL_CPOPPLER_SHIM_H
#define MANUAL_CPOPPLER_SHIM_H
#include <poppler/glib/poppler.h>
#include <glib.h>
#include <cairo.h>
#endif
