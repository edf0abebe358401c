// A byte histogram computed on the GPU with shared-memory privatisation.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#ifndef HISTOGRAM_BINS
#error "build with -DHISTOGRAM_BINS=<count>"
#endif

__global__ void histogramKernel(const unsigned char *data, size_t size,
                                unsigned int *bins);

// Counts the bytes of `data` into `bins` (HISTOGRAM_BINS counters, host
// memory); returns false when the GPU could not do it.
bool histogram(const unsigned char *data, size_t size, unsigned int *bins);
