// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/*
 * cooperative_groups.h - part of cudalint's bundled CUDA header set.
 *
 * cudalint's own declaration set, written from the public CUDA C++ Programming Guide
 * documentation, for static analysis only: host-side declarations with no
 * implementation. It is not NVIDIA's header and cannot be used to build
 * programs.
 *
 * Cooperative Groups: thread groups, tiles and grid-wide groups, with the
 * members and free functions that device code calls.
 */
#ifndef _COOPERATIVE_GROUPS_H_
#define _COOPERATIVE_GROUPS_H_

#if defined(__GNUC__) || defined(__clang__)
#pragma GCC system_header
#endif

#include "cuda_runtime_api.h"
#include "host_defines.h"
#include "vector_types.h"

#if defined(__cplusplus) && defined(__CUDA__)

namespace cooperative_groups {

class thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ bool is_valid() const;
  __device__ unsigned int get_type() const;
};

class thread_block : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ dim3 group_index() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_threads() const;
};

class grid_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long num_blocks() const;
  __device__ unsigned long long block_rank() const;
  __device__ unsigned long long num_clusters() const;
  __device__ unsigned long long cluster_rank() const;
  __device__ dim3 group_dim() const;
  __device__ dim3 dim_blocks() const;
  __device__ dim3 block_index() const;
  __device__ dim3 dim_clusters() const;
  __device__ dim3 cluster_index() const;
};

class cluster_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int block_rank() const;
  __device__ unsigned int num_blocks() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int num_threads() const;
  __device__ dim3 block_index() const;
  __device__ dim3 dim_blocks() const;
  __device__ unsigned int query_shared_rank(const void *addr) const;
  template <class T> __device__ T *map_shared_rank(T *addr, int rank) const;
};

/* Members shared by coalesced groups and statically sized tiles. */
class __cudalint_warp_group : public thread_group {
public:
  __device__ void sync() const;
  __device__ unsigned int size() const;
  __device__ unsigned int num_threads() const;
  __device__ unsigned int thread_rank() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const;
  __device__ int any(int predicate) const;
  __device__ int all(int predicate) const;
  __device__ unsigned int ballot(int predicate) const;
  template <class T> __device__ unsigned int match_any(T val) const;
  template <class T> __device__ unsigned int match_all(T val, int &pred) const;
};

class coalesced_group : public __cudalint_warp_group {};

template <unsigned int Size, class ParentT = void> class thread_block_tile;

template <unsigned int Size>
class thread_block_tile<Size, void> : public __cudalint_warp_group {};

template <unsigned int Size, class ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();
__device__ cluster_group this_cluster();
__device__ coalesced_group coalesced_threads();

__device__ thread_group tiled_partition(const thread_group &parent,
                                        unsigned int tilesz);
__device__ thread_group tiled_partition(const thread_block &parent,
                                        unsigned int tilesz);
template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g);

__device__ coalesced_group binary_partition(const coalesced_group &g,
                                            bool pred);
template <unsigned int Size, class ParentT>
__device__ thread_block_tile<Size, ParentT>
binary_partition(const thread_block_tile<Size, ParentT> &g, bool pred);
template <class TyGroup, class TyLabel>
__device__ coalesced_group labeled_partition(const TyGroup &g, TyLabel label);

template <class TyGroup> __device__ void sync(const TyGroup &group);
template <class TyGroup>
__device__ unsigned long long thread_rank(const TyGroup &group);
template <class TyGroup>
__device__ unsigned long long group_size(const TyGroup &group);
template <class TyGroup>
__device__ unsigned long long num_threads(const TyGroup &group);

/* Function objects of the group collectives (cooperative_groups/reduce.h). */
template <class T> struct plus {
  __device__ T operator()(const T &a, const T &b) const;
};
template <class T> struct less {
  __device__ T operator()(const T &a, const T &b) const;
};
template <class T> struct greater {
  __device__ T operator()(const T &a, const T &b) const;
};
template <class T> struct bit_and {
  __device__ T operator()(const T &a, const T &b) const;
};
template <class T> struct bit_or {
  __device__ T operator()(const T &a, const T &b) const;
};
template <class T> struct bit_xor {
  __device__ T operator()(const T &a, const T &b) const;
};

} /* namespace cooperative_groups */

#endif /* __cplusplus && __CUDA__ */

#endif /* _COOPERATIVE_GROUPS_H_ */
