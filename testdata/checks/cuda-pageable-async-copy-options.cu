// cudalint-args: --checks=-*,cuda-pageable-async-copy --check-option=cuda-pageable-async-copy.ReportWithoutOverlap=true
// cuda-pageable-async-copy with ReportWithoutOverlap: a copy whose next CUDA
// call waits for the stream anyway is reported too.
#include <cuda_runtime.h>
#include <cstddef>
#include <vector>

void downloadThenWait(const float *d, size_t n, cudaStream_t stream) {
  std::vector<float> result(n);
  (void)cudaMemcpyAsync(result.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost, stream); // expected-warning {{'cudaMemcpyAsync' copies into pageable host memory ('result.data()'); the copy is staged through a pinned buffer and the call returns only once it is done, so the host waits for the work queued before it on the stream and nothing overlaps; allocate the buffer with cudaMallocHost or pin it with cudaHostRegister (a performance finding, not a race) [cuda-pageable-async-copy]}} expected-note {{'cudaMemcpyAsync' is called here on pageable host memory}} expected-note {{the pointer comes from std::vector::data(), which owns the pageable host memory it points to}}
  (void)cudaStreamSynchronize(stream);
}
