#include "histogram.cuh"

#include <cstdio>
#include <cstdlib>

int main() {
  const size_t size = 1 << 24;
  unsigned char *data = nullptr;
  // Pinned host memory, for fast transfers.
  if (cudaMallocHost((void **)data, size) != cudaSuccess)
    return EXIT_FAILURE;
  for (size_t i = 0; i < size; ++i)
    data[i] = static_cast<unsigned char>(i * 2654435761u >> 24);

  unsigned int bins[HISTOGRAM_BINS] = {};
  bool counted = histogram(data, size, bins);
  cudaFreeHost(data);
  if (!counted)
    return EXIT_FAILURE;
  for (int bin = 0; bin < HISTOGRAM_BINS; ++bin)
    std::printf("%2d: %u\n", bin, bins[bin]);
  return EXIT_SUCCESS;
}
