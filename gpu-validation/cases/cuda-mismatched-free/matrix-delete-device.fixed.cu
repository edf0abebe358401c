// cuda-mismatched-free, fixed: the Matrix destructor releases with cudaFree().
//
// The same Matrix class; the destructor's release moved along with the
// constructor's allocation, from delete[] to cudaFree(). A destructor cannot
// report the status, so it is ignored on purpose.
#include <cuda_runtime.h>
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

class Matrix {
public:
  Matrix(int rows, int cols) : rows_(rows), cols_(cols) {
    CUDA_CHECK(cudaMalloc(&data_, size() * sizeof(float)));
  }
  ~Matrix() { (void)cudaFree(data_); }
  Matrix(const Matrix &) = delete;
  Matrix &operator=(const Matrix &) = delete;

  float *data() const { return data_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }
  size_t size() const { return static_cast<size_t>(rows_) * cols_; }

private:
  int rows_, cols_;
  float *data_ = nullptr;
};

__global__ void transpose(const float *in, float *out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols)
    out[c * rows + r] = in[r * cols + c];
}

static void makeSequence(std::vector<float> &host) {
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = static_cast<float>(i);
}

static size_t countWrong(const std::vector<float> &host, const std::vector<float> &back, int rows, int cols) {
  size_t wrong = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      wrong += back[static_cast<size_t>(c) * rows + r] != host[static_cast<size_t>(r) * cols + c];
  return wrong;
}

static size_t transposeAndCheck(int rows, int cols) {
  std::vector<float> host(static_cast<size_t>(rows) * cols), back(host.size());
  makeSequence(host);
  Matrix a(rows, cols), t(cols, rows);
  CUDA_CHECK(cudaMemcpy(a.data(), host.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice));
  transpose<<<dim3((cols + 31) / 32, (rows + 7) / 8), dim3(32, 8)>>>(a.data(), t.data(), rows, cols);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaMemcpy(back.data(), t.data(), t.size() * sizeof(float), cudaMemcpyDeviceToHost));
  return countWrong(host, back, rows, cols);
}

int main() {
  const size_t wrong = transposeAndCheck(1024, 3072);
  CUDA_CHECK(cudaDeviceReset());
  if (wrong != 0)
    std::printf("GPU-VERDICT: misbehaved %zu elements of the transpose wrong\n", wrong);
  else
    std::printf("GPU-VERDICT: clean the 1024 x 3072 transpose is correct and both matrices were released\n");
  return 0;
}
