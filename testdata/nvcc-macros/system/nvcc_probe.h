// A system header, as the toolkit's are: it must not see nvcc's macros.
#if defined(__NVCC__) || defined(__CUDACC_VER_MAJOR__) || defined(__CUDACC_VER_MINOR__) ||        \
    defined(__CUDACC_VER_BUILD__)
#error "a system header sees nvcc's macros"
#endif
