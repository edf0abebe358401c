// cudalint-args: --extra-arg=-Xclang --extra-arg=-analyzer-config --extra-arg=-Xclang --extra-arg=max-nodes=3000 --extra-arg=-Xclang --extra-arg=-verify-ignore-unexpected=note
// cuda-unsynchronized-host-read in functions over the node budget (a small
// one here, 3,000 nodes), which are explored again in cheaper modes
// (docs/usage.md): a race past a helper with many paths is found there, and
// a helper of the unit that the cheaper mode does not follow is not taken
// for code of another unit, which can only be assumed to read what it is
// given. Host code that shares memory with a kernel through atomic builtins,
// compare-and-swap loops included, is written for it.
#include <cuda_runtime.h>

__global__ void produce(int *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd_system(&data[0], i);
}

// 65,536 paths, and none of them reaches the CUDA API.
#define BRANCH(i) if (flags[i]) sum += i;
int countSet(const int *flags) {
  int sum = 0;
  BRANCH(0) BRANCH(1) BRANCH(2) BRANCH(3) BRANCH(4) BRANCH(5) BRANCH(6) BRANCH(7)
  BRANCH(8) BRANCH(9) BRANCH(10) BRANCH(11) BRANCH(12) BRANCH(13) BRANCH(14) BRANCH(15)
  return sum;
}

// ------------------------------------------------------------------ races

// Only one of countSet's paths returns 120; the full exploration runs out
// before it, the first cheaper mode takes the helper's result as unknown.
int readOnOnePath(const int *flags, int n) {
  int *m;
  cudaMallocManaged(&m, n * sizeof(int));
  produce<<<1, 128>>>(m, n);
  int first = 0;
  if (countSet(flags) == 120)
    first = m[0]; // expected-warning {{the host reads managed memory that kernel 'produce' may still be writing}}
  cudaDeviceSynchronize();
  cudaFree(m);
  return first;
}

// ------------------------------------------------------------ look-alikes

void addOnTheHost(int *shared, int n) {
  for (int i = 0; i < n; ++i)
    __sync_fetch_and_add(&shared[0], i);
}

// Not followed in the cheaper mode that finishes this function: not a read.
int sharedThroughAtomics(const int *flags, int n) {
  int *m;
  cudaMallocManaged(&m, n * sizeof(int));
  produce<<<1, 128>>>(m, n);
  int set = countSet(flags);
  addOnTheHost(m, n);
  cudaDeviceSynchronize();
  cudaFree(m);
  return set;
}

// The plain read starts a compare-and-swap loop on the same memory.
void raiseToAtLeast(int *shared, int value) {
  int expected, old;
  do {
    expected = shared[1];
    old = __sync_val_compare_and_swap(&shared[1], expected, expected > value ? expected : value);
  } while (old != expected);
}

int maximumWithTheKernel(int n) {
  int *m;
  cudaMallocManaged(&m, n * sizeof(int));
  produce<<<1, 128>>>(m, n);
  raiseToAtLeast(m, n);
  cudaDeviceSynchronize();
  int result = m[1];
  cudaFree(m);
  return result;
}
