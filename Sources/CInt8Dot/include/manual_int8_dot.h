#ifndef MANUAL_INT8_DOT_H
#define MANUAL_INT8_DOT_H
#include <stddef.h>
#include <stdint.h>

/// The dot product of two int8 vectors of `count` numbers, summed in int32: the semantic channel's score of
/// every chunk (`QuantizedVector.dot`). Exact integer arithmetic, so the same sum on every path; with AVX2
/// where the processor has it (checked once), else a plain loop.
int32_t manual_int8_dot(const int8_t *a, const int8_t *b, size_t count);

#endif
