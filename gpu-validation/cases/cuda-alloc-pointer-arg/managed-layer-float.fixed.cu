// cuda-alloc-pointer-arg, fixed: the layer's gains are a pointer.
//
// The same layer with `float *gain`; cudaMallocManaged() stores the whole
// address in it and `bias` keeps its value.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

struct Layer {
  int channels;
  float *gain; // per-channel gains, in managed memory
  float bias;
};

__global__ void applyGain(float *x, const float *gain, float bias, int channels, int perChannel) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < channels * perChannel)
    x[i] = x[i] * gain[i / perChannel] + bias;
}

int main() {
  Layer layer = {64, nullptr, 0.5f};
  CUDA_CHECK(cudaMallocManaged((void **)&layer.gain, layer.channels * sizeof(float)));

  // The validation oracle: the field beside the out-parameter must be untouched.
  if (layer.bias != 0.5f) {
    std::printf("GPU-VERDICT: misbehaved cudaMallocManaged overwrote the neighbouring field: bias is %g instead of 0.5\n",
                layer.bias);
    CUDA_CHECK(cudaFree(layer.gain));
    CUDA_CHECK(cudaDeviceReset());
    return 1;
  }

  float *gain = layer.gain;
  const int perChannel = 1024;
  float *x = nullptr;
  CUDA_CHECK(cudaMallocManaged(&x, layer.channels * perChannel * sizeof(float)));
  for (int c = 0; c < layer.channels; ++c)
    gain[c] = 1.0f + c;
  for (int i = 0; i < layer.channels * perChannel; ++i)
    x[i] = 2.0f;
  applyGain<<<(layer.channels * perChannel + 255) / 256, 256>>>(x, gain, layer.bias, layer.channels, perChannel);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  int wrong = 0;
  for (int i = 0; i < layer.channels * perChannel; ++i)
    wrong += x[i] != 2.0f * (1.0f + i / perChannel) + 0.5f;
  CUDA_CHECK(cudaFree(x));
  CUDA_CHECK(cudaFree(gain));
  CUDA_CHECK(cudaDeviceReset());

  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %d outputs wrong\n", wrong);
  else
    std::printf("GPU-VERDICT: clean all %d outputs correct\n", layer.channels * perChannel);
  return 0;
}
