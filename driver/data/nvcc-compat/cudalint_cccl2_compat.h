// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The CCCL 2 names that CCCL 3 (CUDA 13's Thrust and CUB) removed, for code
// written for a CUDA 12 toolkit whose host code CUDA 13's headers reject
// (olderCcclToolchain): the authors' nvcc compiled it. HeCBench's
// benchmarks derive functors from thrust::unary_function, pass
// thrust::identity<int>() and cub::Sum() to algorithms, and size buffers with
// CUB_MAX. Written for cudalint from CCCL 2's documented interface: each name
// does what its documentation says, nothing more. Declared in the outer
// namespaces, which CCCL 3's own (inline) namespaces see.
#ifndef CUDALINT_CCCL2_COMPAT_H
#define CUDALINT_CCCL2_COMPAT_H
#if defined(__cplusplus)

namespace thrust {

template <typename Argument, typename Result> struct unary_function {
  typedef Argument argument_type;
  typedef Result result_type;
};

template <typename Argument1, typename Argument2, typename Result> struct binary_function {
  typedef Argument1 first_argument_type;
  typedef Argument2 second_argument_type;
  typedef Result result_type;
};

template <typename T = void> struct identity {
  typedef T argument_type;
  typedef T result_type;
  __attribute__((host, device)) constexpr const T &operator()(const T &x) const { return x; }
};

template <> struct identity<void> {
  template <typename T>
  __attribute__((host, device)) constexpr T &&operator()(T &&x) const {
    return static_cast<T &&>(x);
  }
};

} // namespace thrust

#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

namespace cub {

// CUB's fancy iterators, which CCCL 3 replaced by Thrust's (its migration
// guide names each replacement); the constructors take the same arguments.
template <typename ValueType, typename ConversionOp, typename InputIteratorT,
          typename OffsetT = long>
using TransformInputIterator = thrust::transform_iterator<ConversionOp, InputIteratorT, ValueType>;
template <typename ValueType, typename OffsetT = long>
using ConstantInputIterator = thrust::constant_iterator<ValueType, OffsetT>;
template <typename ValueType, typename OffsetT = long>
using CountingInputIterator = thrust::counting_iterator<ValueType>;

struct Sum {
  template <typename T, typename U>
  __attribute__((host, device)) constexpr auto operator()(T &&a, U &&b) const
      -> decltype(static_cast<T &&>(a) + static_cast<U &&>(b)) {
    return static_cast<T &&>(a) + static_cast<U &&>(b);
  }
};

struct Max {
  template <typename T, typename U>
  __attribute__((host, device)) constexpr auto operator()(T &&a, U &&b) const
      -> decltype(a < b ? b : a) {
    return a < b ? b : a;
  }
};

struct Min {
  template <typename T, typename U>
  __attribute__((host, device)) constexpr auto operator()(T &&a, U &&b) const
      -> decltype(b < a ? b : a) {
    return b < a ? b : a;
  }
};

} // namespace cub

#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#endif
#ifndef CUB_MIN
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#endif

#endif
#endif
