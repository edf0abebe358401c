// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * curand_kernel.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public cuRAND
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * The cuRAND device API: generator state types and the functions that
 * initialize and draw from them in device code.
 */
#ifndef CURAND_KERNEL_H_
#define CURAND_KERNEL_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "cuda_runtime_api.h"
#include "curand.h"
#include "vector_types.h"

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
  unsigned int s1[3];
  unsigned int s2[3];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

#if defined(__cplusplus) && defined(__CUDA__)

#define __CUDALINT_QUALIFIERS extern __device__

/* curandStateXORWOW_t */
__CUDALINT_QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS unsigned int curand(curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS float curand_uniform(curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS double curand_uniform_double(curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS float curand_normal(curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS double curand_normal_double(curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS float2 curand_normal2(curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS double2 curand_normal2_double(curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS float curand_log_normal(curandStateXORWOW_t *state, float mean, float stddev);
__CUDALINT_QUALIFIERS double curand_log_normal_double(curandStateXORWOW_t *state, double mean, double stddev);
__CUDALINT_QUALIFIERS float2 curand_log_normal2(curandStateXORWOW_t *state, float mean, float stddev);
__CUDALINT_QUALIFIERS unsigned int curand_poisson(curandStateXORWOW_t *state, double lambda);
__CUDALINT_QUALIFIERS void skipahead(unsigned long long n, curandStateXORWOW_t *state);
__CUDALINT_QUALIFIERS void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state);

/* curandStatePhilox4_32_10_t */
__CUDALINT_QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS unsigned int curand(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS float curand_uniform(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS double curand_uniform_double(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS float curand_normal(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS double curand_normal_double(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS float2 curand_normal2(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS double2 curand_normal2_double(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS float curand_log_normal(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__CUDALINT_QUALIFIERS double curand_log_normal_double(curandStatePhilox4_32_10_t *state, double mean, double stddev);
__CUDALINT_QUALIFIERS float2 curand_log_normal2(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__CUDALINT_QUALIFIERS unsigned int curand_poisson(curandStatePhilox4_32_10_t *state, double lambda);
__CUDALINT_QUALIFIERS void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state);

/* curandStateMRG32k3a_t */
__CUDALINT_QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset, curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS unsigned int curand(curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS float curand_uniform(curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS double curand_uniform_double(curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS float curand_normal(curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS double curand_normal_double(curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS float2 curand_normal2(curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS double2 curand_normal2_double(curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS float curand_log_normal(curandStateMRG32k3a_t *state, float mean, float stddev);
__CUDALINT_QUALIFIERS double curand_log_normal_double(curandStateMRG32k3a_t *state, double mean, double stddev);
__CUDALINT_QUALIFIERS float2 curand_log_normal2(curandStateMRG32k3a_t *state, float mean, float stddev);
__CUDALINT_QUALIFIERS unsigned int curand_poisson(curandStateMRG32k3a_t *state, double lambda);
__CUDALINT_QUALIFIERS void skipahead(unsigned long long n, curandStateMRG32k3a_t *state);
__CUDALINT_QUALIFIERS void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state);

__CUDALINT_QUALIFIERS uint4 curand4(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS float4 curand_uniform4(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS float4 curand_normal4(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state);
__CUDALINT_QUALIFIERS float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev);
__CUDALINT_QUALIFIERS uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda);
__CUDALINT_QUALIFIERS unsigned int curand_discrete(curandStateXORWOW_t *state, curandDiscreteDistribution_t discrete_distribution);
__CUDALINT_QUALIFIERS unsigned int curand_discrete(curandStatePhilox4_32_10_t *state, curandDiscreteDistribution_t discrete_distribution);

#undef __CUDALINT_QUALIFIERS

#endif /* __cplusplus && __CUDA__ */

#endif /* CURAND_KERNEL_H_ */
