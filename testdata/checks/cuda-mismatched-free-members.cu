// cudalint-args: --checks=-*,cuda-mismatched-free
// cuda-mismatched-free, the class-level half: a member allocated by a
// constructor (or a struct's create function) with one family and released
// by the destructor (or the destroy function) with a call of another. No
// function here constructs and destroys an object, so no path sees both.
// Clean look-alikes follow the bugs.
#include <cuda_runtime.h>
#include <cuda.h>
#include <cstddef>
#include <cstdlib>

// ---------------------------------------------------------------- bugs

class Staging {
public:
  explicit Staging(size_t n) {
    (void)cudaMallocHost(&host_, n * sizeof(float)); // expected-note {{'Staging::host_' is allocated here by 'cudaMallocHost'}}
    (void)cudaMalloc(&device_, n * sizeof(float));
  }
  ~Staging() {
    (void)cudaFree(device_);
    free(host_); // expected-warning {{'free' in 'Staging::~Staging' cannot release pinned host memory allocated by 'cudaMallocHost' into 'Staging::host_'; the C library reads heap bookkeeping that is not there and the process dies with a segmentation fault (release it with 'cudaFreeHost') [cuda-mismatched-free]}}
  }
  float *host() { return host_; }

private:
  float *host_ = nullptr;
  float *device_ = nullptr;
};

class DriverStaging {
public:
  void init(size_t bytes) {
    (void)cuMemAllocHost(reinterpret_cast<void **>(&host_), bytes); // expected-note {{'DriverStaging::host_' is allocated here by 'cuMemAllocHost'}}
  }
  ~DriverStaging() {
    delete[] host_; // expected-warning {{'delete[]' in 'DriverStaging::~DriverStaging' cannot release pinned host memory allocated by 'cuMemAllocHost' into 'DriverStaging::host_'; the C library reads heap bookkeeping that is not there and the process dies with a segmentation fault (release it with 'cuMemFreeHost') [cuda-mismatched-free]}}
  }

private:
  char *host_ = nullptr;
};

// Both instantiations release with the wrong call at the template's line:
// one finding.
template <class T> class PinnedRing {
public:
  explicit PinnedRing(size_t n) {
    (void)cudaMallocHost(&slots_, n * sizeof(T)); // expected-note {{'PinnedRing::slots_' is allocated here by 'cudaMallocHost'}}
  }
  ~PinnedRing() {
    (void)cudaFree(slots_); // expected-warning {{'cudaFree' in 'PinnedRing::~PinnedRing' cannot release pinned host memory allocated by 'cudaMallocHost' into 'PinnedRing::slots_'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cudaFreeHost') [cuda-mismatched-free]}}
  }

private:
  T *slots_ = nullptr;
};

PinnedRing<float> *makeFloatRing(size_t n) { return new PinnedRing<float>(n); }
void dropFloatRing(PinnedRing<float> *ring) { delete ring; }
PinnedRing<int> *makeIntRing(size_t n) { return new PinnedRing<int>(n); }
void dropIntRing(PinnedRing<int> *ring) { delete ring; }

struct frame {
  float *pixels;
  float *scratch;
};

frame *frame_create(size_t n) {
  frame *f = static_cast<frame *>(malloc(sizeof(frame)));
  (void)cudaMallocManaged(&f->pixels, n * sizeof(float)); // expected-note {{'frame::pixels' is allocated here by 'cudaMallocManaged'}}
  (void)cudaMalloc(&f->scratch, n * sizeof(float));
  return f;
}

void frame_destroy(frame *f) {
  (void)cudaFree(f->scratch);
  (void)cudaFreeHost(f->pixels); // expected-warning {{'cudaFreeHost' in 'frame_destroy' cannot release managed memory allocated by 'cudaMallocManaged' into 'frame::pixels'; the call fails with cudaErrorInvalidValue and the memory stays allocated (release it with 'cudaFree') [cuda-mismatched-free]}}
  free(f);
}

// ---------------------------------------------------------------- clean

// The release matches the allocation.
class Matched {
public:
  Matched(size_t n) {
    (void)cudaMallocHost(&host_, n);
    (void)cudaMallocManaged(&shared_, n);
  }
  ~Matched() {
    (void)cudaFreeHost(host_);
    (void)cudaFree(shared_); // cudaFree releases managed memory too
  }

private:
  void *host_ = nullptr;
  void *shared_ = nullptr;
};

// A flag says which memory the member holds, and the destructor releases
// each kind with its own call.
class EitherMemory {
public:
  EitherMemory(size_t n, bool pinned) : pinned_(pinned) {
    if (pinned)
      (void)cudaMallocHost(&data_, n);
    else
      data_ = malloc(n);
  }
  ~EitherMemory() {
    if (pinned_)
      (void)cudaFreeHost(data_);
    else
      free(data_);
  }

private:
  void *data_ = nullptr;
  bool pinned_;
};

// Another function may store host memory of its own in the member.
class Adoptable {
public:
  explicit Adoptable(size_t n) { (void)cudaMallocHost(&data_, n); }
  void adopt(void *heap) { data_ = heap; }
  ~Adoptable() { free(data_); }

private:
  void *data_ = nullptr;
};

// A helper the destructor calls releases it; which call it makes is the
// helper's business, read by the path-sensitive half where it is followed.
void releasePinned(void *p);
class ThroughHelper {
public:
  explicit ThroughHelper(size_t n) { (void)cudaMallocHost(&data_, n); }
  ~ThroughHelper() { releasePinned(data_); }

private:
  void *data_ = nullptr;
};

// Two constructors give the member memory of two families: which one an
// object holds is not known here.
class TwoSources {
public:
  explicit TwoSources(size_t n) { (void)cudaMallocHost(&data_, n); }
  TwoSources(size_t n, int) { (void)cudaMalloc(&data_, n); }
  ~TwoSources() { (void)cudaFree(data_); }

private:
  void *data_ = nullptr;
};

// The destructor nulls the member after the right release.
class NullsAfter {
public:
  explicit NullsAfter(size_t n) { (void)cudaMallocHost(&data_, n); }
  ~NullsAfter() {
    (void)cudaFreeHost(data_);
    data_ = nullptr;
  }

private:
  void *data_ = nullptr;
};
