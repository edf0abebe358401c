// cuda-unsynchronized-host-read, fixed twin: the device is synchronized
// before MPI sends the kernel's output.
//
// cudaDeviceSynchronize waits for the producer, so rank 1 receives what it
// wrote. cudalint must not report the send.
#include <cuda_runtime.h>
#include <mpi.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t status_ = (call);                                              \
    if (status_ != cudaSuccess) {                                              \
      std::printf("GPU-VERDICT: failed %s: %s\n", #call,                       \
                  cudaGetErrorString(status_));                                \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

constexpr int Trials = 20;
constexpr int N = 1 << 16;
constexpr long long SpinCycles = 100000000; // about 50 ms at 2 GHz

__global__ void produce(float *out, int n, float base, long long spin) {
  long long start = clock64();
  while (clock64() - start < spin) {
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = base + i;
}

// Rank 0, one trial: the kernel's output goes to rank 1.
static void sendResult(float *result, float base) {
  result[0] = -2.0f; // the sentinel: "not written yet"
  produce<<<N / 256, 256>>>(result, N, base, SpinCycles);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  MPI_Send(result, N, MPI_FLOAT, 1, 0, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  float *result = nullptr;
  if (rank == 0)
    CUDA_CHECK(cudaMallocManaged(&result, N * sizeof(float)));
  std::vector<float> received(N);
  int stale = 0;
  for (int trial = 0; trial < Trials; ++trial) {
    float base = 100.0f * (trial + 1);
    if (rank == 0) {
      sendResult(result, base);
    } else {
      MPI_Recv(received.data(), N, MPI_FLOAT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      stale += received[0] != base;
    }
  }
  if (rank == 0)
    CUDA_CHECK(cudaFree(result));
  if (rank == 1) {
    if (stale > 0)
      std::printf("GPU-VERDICT: misbehaved stale data in %d of %d trials: MPI sent the result before the kernel wrote it\n", stale, Trials);
    else
      std::printf("GPU-VERDICT: clean the result was complete in all %d trials\n", Trials);
  }
  MPI_Finalize();
  return 0;
}
