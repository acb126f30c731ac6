#ifndef MANUAL_INT8_DOT_H
#define MANUAL_INT8_DOT_H
#include <stddef.h>
#include <stdint.h>

/// The dot product of two int8 vectors of `count` numbers, summed in int32: the semantic channel's score of
/// every chunk (`QuantizedVector.dot`). Exact integer arithmetic, so the same sum on every path; with AVX2
/// where the processor has it (checked once), else a plain loop.
int32_t manual_int8_dot(const int8_t *a, const int8_t *b, size_t count);

/// `sum[i] += (float)values[i] * scale` for each of `count` numbers: one row of the embedding table added to
/// a re-ranking vector (`EmbeddingTable.accumulate`). One multiply and one add per number, each rounded to
/// single precision, never fused, so every path gives the plain loop's sums bit for bit; with AVX2 where
/// the processor has it, eight numbers at a time.
void manual_int8_accumulate(const int8_t *values, float scale, float *sum, size_t count);

#endif
