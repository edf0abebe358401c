// Managed memory with advice and prefetch (CUDA 12 and CUDA 13 forms), the
// templated cudaMalloc(T **) overloads, RAII device buffers, structs of device
// pointers passed by value, kernel templates launched with
// <<<grid, block, shmem, stream>>>, dynamic shared memory and host lambdas that
// launch kernels.
//
// Parses without errors or warnings both against cudalint's bundled CUDA
// headers (driver/data/cuda-include, -nocudainc -include cuda_runtime.h) and
// against a CUDA Toolkit, host side and device side.

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <numeric>
#include <vector>
#include <cuda_runtime.h>

template <typename T>
struct DeviceArray {
  T *data = nullptr;
  size_t size = 0;
  explicit DeviceArray(size_t n) : size(n) { cudaMalloc(&data, n * sizeof(T)); }
  ~DeviceArray() { cudaFree(data); }
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;
};

struct Particles {
  float3 *pos;
  float3 *vel;
  float *mass;
  int n;
};

template <typename T, typename Op>
__global__ void transformKernel(const T *__restrict__ in, T *__restrict__ out, size_t n, Op op) {
  size_t i = blockIdx.x * static_cast<size_t>(blockDim.x) + threadIdx.x;
  if (i < n) out[i] = op(in[i]);
}

struct Square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};

__global__ void integrate(Particles p, float dt) {
  extern __shared__ float3 cache[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= p.n) return;
  cache[threadIdx.x] = p.pos[i];
  __syncthreads();
  float3 v = p.vel[i];
  float3 x = cache[threadIdx.x];
  x.x += v.x * dt; x.y += v.y * dt; x.z += v.z * dt;
  float4 packed = make_float4(x.x, x.y, x.z, p.mass[i]);
  p.pos[i] = make_float3(packed.x, packed.y, packed.z);
}

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK, 2) blockSum(const int *in, int *out) {
  __shared__ int s[BLOCK];
  s[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
  __syncthreads();
#pragma unroll
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (static_cast<int>(threadIdx.x) < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

int main() {
  int device = 0;
  cudaGetDevice(&device);
  const size_t n = 1 << 16;
  float *managed = nullptr;
  cudaMallocManaged(&managed, n * sizeof(float));
  cudaMallocManaged(reinterpret_cast<void **>(&managed), n * sizeof(float), cudaMemAttachHost);
  std::iota(managed, managed + n, 0.0f);
#if CUDART_VERSION >= 13000
  cudaMemLocation loc{cudaMemLocationTypeDevice, device};
  cudaMemLocation hostLoc{cudaMemLocationTypeHost, 0};
  cudaMemAdvise(managed, n * sizeof(float), cudaMemAdviseSetReadMostly, loc);
  cudaMemPrefetchAsync(managed, n * sizeof(float), loc, 0, 0);
  cudaMemPrefetchAsync(managed, n * sizeof(float), hostLoc, 0);
#else
  cudaMemAdvise(managed, n * sizeof(float), cudaMemAdviseSetReadMostly, device);
  cudaMemPrefetchAsync(managed, n * sizeof(float), device, 0);
  cudaMemPrefetchAsync(managed, n * sizeof(float), cudaCpuDeviceId);
#endif
  cudaStreamAttachMemAsync(0, managed);

  DeviceArray<float> out(n);
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  const int block = 256;
  const int grid = static_cast<int>((n + block - 1) / block);
  transformKernel<float, Square><<<grid, block, 0, stream>>>(managed, out.data, n, Square{});
  transformKernel<<<dim3(grid), dim3(block), 0, stream>>>(managed, out.data, n, Square());

  Particles p{};
  p.n = 1024;
  cudaMalloc(&p.pos, p.n * sizeof(float3));
  cudaMalloc(&p.vel, p.n * sizeof(float3));
  cudaMalloc(&p.mass, p.n * sizeof(float));
  integrate<<<(p.n + 127) / 128, 128, 128 * sizeof(float3), stream>>>(p, 0.01f);

  int *din, *dout;
  cudaMalloc(&din, 1024 * sizeof(int));
  cudaMalloc(&dout, 4 * sizeof(int));
  blockSum<256><<<4, 256, 0, stream>>>(din, dout);

  auto launch = [stream](auto kernel, int blocks, int threads, auto... args) {
    kernel<<<blocks, threads, 0, stream>>>(args...);
    return cudaGetLastError();
  };
  cudaError_t err = launch(integrate, 8, 128, p, 0.5f);
  std::function<void()> sync = [&] { cudaStreamSynchronize(stream); };
  sync();
  std::unique_ptr<float[]> host(new float[n]);
  cudaMemcpy(host.get(), out.data, n * sizeof(float), cudaMemcpyDefault);
  std::vector<int> sums(4);
  cudaMemcpyAsync(sums.data(), dout, sums.size() * sizeof(int), cudaMemcpyDeviceToHost, stream);
  cudaStreamSynchronize(stream);
  std::printf("%f %d %s\n", host[3], *std::max_element(sums.begin(), sums.end()), cudaGetErrorName(err));
  cudaPointerAttributes attrs;
  cudaPointerGetAttributes(&attrs, managed);
  if (attrs.type == cudaMemoryTypeManaged) std::printf("managed on %d\n", attrs.device);
  cudaFree(managed); cudaFree(p.pos); cudaFree(p.vel); cudaFree(p.mass); cudaFree(din); cudaFree(dout);
  cudaStreamDestroy(stream);
  return 0;
}
