#ifndef MANUAL_CTESSERACT_SHIM_H
#define MANUAL_CTESSERACT_SHIM_H
#include <tesseract/capi.h>
#endif
