// cudalint-args: --check-option=cuda-unchecked-error.StatusTypes=appStatus_t;legacyResult --check-option=cuda-unchecked-error.CheckKernelLaunches=false --check-option=cuda-unchecked-error.ReportBareQueries=true
// cuda-unchecked-error with options: the project's own status types are
// checked like CUDA's, and the launch rule is off.
#include <cuda_runtime.h>

typedef enum { APP_OK, APP_FAILED } appStatus_t;
enum legacyResult { LEGACY_OK, LEGACY_BAD };

appStatus_t uploadWeights(const float *weights, int count); // expected-note {{'uploadWeights' is declared here}}
legacyResult resetDevice(); // expected-note {{'resetDevice' is declared here}}
int plainInt();

__global__ void fill(float *data) { data[threadIdx.x] = 1.0f; }

void configuredStatusTypes(const float *weights, float *device) {
  uploadWeights(weights, 16); // expected-warning {{the appStatus_t returned by 'uploadWeights' is discarded}} expected-note {{cast the call to 'void'}}
  resetDevice(); // expected-warning {{the legacyResult returned by 'resetDevice' is discarded}} expected-note {{cast the call to 'void'}}
  plainInt(); // not a status type
  fill<<<1, 32>>>(device); // CheckKernelLaunches=false
  if (uploadWeights(weights, 16) != APP_OK)
    return;
}

// ReportBareQueries=true: a bare reset of the sticky error, and a bare
// completion query, are discarded statuses too.
void resetReported(cudaStream_t stream) {
  cudaGetLastError(); // expected-warning {{the cudaError_t returned by 'cudaGetLastError' is discarded}} expected-note {{cast the call to 'void'}} expected-note@*:* {{'cudaGetLastError' is declared here}}
  cudaStreamQuery(stream); // expected-warning {{the cudaError_t returned by 'cudaStreamQuery' is discarded}} expected-note {{cast the call to 'void'}} expected-note@*:* {{'cudaStreamQuery' is declared here}}
}
