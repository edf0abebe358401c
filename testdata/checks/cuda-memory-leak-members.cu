// cudalint-args: --checks=-*,cuda-memory-leak
// cuda-memory-leak, the class-level half: a member the constructor (or an
// init/create function) allocates and the destructor (or the matching
// free/destroy function) never releases, while it releases the object's other
// memory. Each object destroyed leaves that member's memory allocated.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstddef>
#include <cstdlib>

__global__ void scale(float *data, const float *factors, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factors[i];
}

// ---------------------------------------------------------------- leaks

class Layer {
public:
  explicit Layer(int n) : n_(n) {
    (void)cudaMalloc(&weights_, n * sizeof(float));
    (void)cudaMalloc(&bias_, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' into 'Layer::bias_' is never released by 'Layer::~Layer', which releases the object's other memory; the GPU keeps it allocated until the process exits, once for every object released [cuda-memory-leak]}}
  }
  ~Layer() { (void)cudaFree(weights_); } // expected-note {{'Layer::~Layer' does not release 'Layer::bias_'}}
  void forward() { scale<<<(n_ + 255) / 256, 256>>>(weights_, bias_, n_); }

private:
  float *weights_ = nullptr;
  float *bias_ = nullptr;
  int n_;
};

// The destructor releases through a helper of the unit, one member short.
class Staging {
public:
  Staging(size_t bytes) {
    (void)cudaMallocHost(&pinned_, bytes);
    (void)cudaMalloc(&device_, bytes);
    (void)cuMemAlloc(&scratch_, bytes); // expected-warning {{device memory allocated by 'cuMemAlloc' into 'Staging::scratch_' is never released by 'Staging::~Staging'}}
  }
  ~Staging();
  void upload(const float *host, size_t bytes) {
    (void)cudaMemcpy(device_, pinned_, bytes, cudaMemcpyHostToDevice);
    (void)cuMemsetD8(scratch_, 0, bytes);
  }

private:
  void releaseBuffers();
  float *pinned_ = nullptr;
  float *device_ = nullptr;
  CUdeviceptr scratch_ = 0;
};

void Staging::releaseBuffers() {
  (void)cudaFreeHost(pinned_);
  (void)cudaFree(device_);
}

Staging::~Staging() { releaseBuffers(); } // expected-note {{'Staging::~Staging' does not release 'Staging::scratch_'}}

// C-style: a struct with a create and a destroy function.
struct Histogram {
  unsigned *bins;
  unsigned *partial;
  float *pinnedCopy;
};

int histogram_create(Histogram *h, int bins) {
  if (cudaMalloc(&h->bins, bins * sizeof(unsigned)) != cudaSuccess)
    return -1;
  if (cudaMalloc(&h->partial, 64 * bins * sizeof(unsigned)) != cudaSuccess) // expected-warning {{device memory allocated by 'cudaMalloc' into 'Histogram::partial' is never released by 'histogram_destroy'}}
    return -1;
  return cudaMallocHost(&h->pinnedCopy, bins * sizeof(float)) == cudaSuccess ? 0 : -1;
}

void histogram_destroy(Histogram *h) { // expected-note {{'histogram_destroy' does not release 'Histogram::partial'}}
  (void)cudaFree(h->bins);
  (void)cudaFreeHost(h->pinnedCopy);
}

// ---------------------------------------------------------- clean look-alikes

// Every member released.
class Complete {
public:
  Complete(int n) {
    (void)cudaMalloc(&a_, n * sizeof(float));
    (void)cudaMallocManaged(&b_, n * sizeof(float));
  }
  ~Complete() {
    (void)cudaFree(a_);
    (void)cudaFree(b_);
  }

private:
  float *a_;
  float *b_;
};

// Released by a helper of the unit that takes the pointer.
static void releaseDevice(void *p) { (void)cudaFree(p); }

class ThroughHelper {
public:
  ThroughHelper(int n) {
    (void)cudaMalloc(&a_, n);
    (void)cudaMalloc(&b_, n);
  }
  ~ThroughHelper() {
    (void)cudaFree(a_);
    releaseDevice(b_);
  }

private:
  void *a_;
  void *b_;
};

// Handed to a function defined elsewhere, which may release it.
void returnToPool(void *p);

class PooledScratch {
public:
  PooledScratch(int n) {
    (void)cudaMalloc(&a_, n);
    (void)cudaMalloc(&b_, n);
  }
  ~PooledScratch() {
    (void)cudaFree(a_);
    returnToPool(b_);
  }

private:
  void *a_;
  void *b_;
};

// Ownership of one member leaves through release(), which nulls it.
class Releasable {
public:
  Releasable(int n) {
    (void)cudaMalloc(&kept_, n);
    (void)cudaMalloc(&given_, n);
  }
  ~Releasable() { (void)cudaFree(kept_); }
  float *release() {
    float *p = given_;
    given_ = nullptr;
    return p;
  }

private:
  float *kept_;
  float *given_;
};

// A getter hands the pointer out: callers may release it.
class WithGetter {
public:
  WithGetter(int n) {
    (void)cudaMalloc(&a_, n);
    (void)cudaMalloc(&b_, n);
  }
  ~WithGetter() { (void)cudaFree(a_); }
  float *b() const { return b_; }

private:
  float *a_;
  float *b_;
};

// Released by another member function (a reset()): conservatively clean.
class ResetElsewhere {
public:
  ResetElsewhere(int n) {
    (void)cudaMalloc(&a_, n);
    (void)cudaMalloc(&b_, n);
  }
  ~ResetElsewhere() { (void)cudaFree(a_); }
  void dropCache() { (void)cudaFree(b_); }

private:
  float *a_;
  float *b_;
};

// A destructor that releases nothing: not this half's business (the class
// does not release its memory at all).
class NoRelease {
public:
  NoRelease(int n) { (void)cudaMalloc(&a_, n); }
  ~NoRelease() {}
  void run() { scale<<<1, 1>>>(a_, a_, 1); }

private:
  float *a_;
};

// The destructor calls a method defined in another unit.
class SplitAcrossUnits {
public:
  SplitAcrossUnits(int n) {
    (void)cudaMalloc(&a_, n);
    (void)cudaMalloc(&b_, n);
  }
  ~SplitAcrossUnits() {
    (void)cudaFree(a_);
    freeRest();
  }

private:
  void freeRest();
  float *a_;
  float *b_;
};

// A create/destroy pair on a struct that releases everything.
struct Pipeline {
  float *input;
  float *output;
};

Pipeline *pipelineCreate(int n) {
  Pipeline *p = static_cast<Pipeline *>(std::malloc(sizeof(Pipeline)));
  (void)cudaMalloc(&p->input, n * sizeof(float));
  (void)cudaMalloc(&p->output, n * sizeof(float));
  return p;
}

void pipelineDestroy(Pipeline *p) {
  (void)cudaFree(p->input);
  (void)cudaFree(p->output);
  std::free(p);
}

// Names that do not pair (create vs. shutdown): no releasing function known.
struct Engine {
  float *a;
  float *b;
};

void engineCreate(Engine *e) {
  (void)cudaMalloc(&e->a, 16);
  (void)cudaMalloc(&e->b, 16);
}

void engineShutdown(Engine *e) { (void)cudaFree(e->a); }

// A local object of a class defined here: the path-sensitive half does not
// report the class-level half's finding a second time.
void forwardOnce(int n) {
  Layer layer(n);
  layer.forward();
}

// A class template: checked in the instantiations the unit has, reported once
// at the template's lines.
template <class T> class Buffers {
public:
  void initBuffers(size_t n) {
    (void)cudaMalloc(&values_, n * sizeof(T));
    (void)cudaMalloc(&indices_, n * sizeof(int)); // expected-warning {{device memory allocated by 'cudaMalloc' into 'Buffers::indices_' is never released by 'Buffers::~Buffers', which releases the object's other memory}}
  }
  ~Buffers() { (void)cudaFree(values_); } // expected-note {{'Buffers::~Buffers' does not release 'Buffers::indices_'}}

private:
  T *values_ = nullptr;
  int *indices_ = nullptr;
};

// A template whose destructor releases everything.
template <class T> class Pair {
public:
  void initPair(size_t n) {
    (void)cudaMalloc(&first_, n * sizeof(T));
    (void)cudaMalloc(&second_, n * sizeof(T));
  }
  ~Pair() {
    (void)cudaFree(first_);
    (void)cudaFree(second_);
  }

private:
  T *first_ = nullptr;
  T *second_ = nullptr;
};

void useTemplates(size_t n) {
  Buffers<float> f;
  f.initBuffers(n);
  Buffers<double> d;
  d.initBuffers(n);
  Pair<float> p;
  p.initPair(n);
}

// A C struct whose member another function handed the struct allocates, and
// the releasing function of the struct forgets.
struct Model {
  float *weights;
  float *bias;
  float *cache;
  float *scratch;
};

void model_load(Model *m, size_t n) {
  (void)cudaMalloc(&m->weights, n * sizeof(float));
  (void)cudaMalloc(&m->bias, n * sizeof(float));
}

void model_warmup(Model *m, size_t n) {
  (void)cudaMalloc(&m->cache, n * sizeof(float)); // expected-warning {{device memory allocated by 'cudaMalloc' into 'Model::cache' is never released by 'model_free', which releases the object's other memory}}
}

// Allocated and released by the same function: a temporary, not the model's.
void model_step(Model *m, size_t n) {
  (void)cudaMalloc(&m->scratch, n * sizeof(float));
  (void)cudaFree(m->scratch);
}

void model_free(Model *m) { // expected-note {{'model_free' does not release 'Model::cache'}}
  (void)cudaFree(m->weights);
  (void)cudaFree(m->bias);
}
