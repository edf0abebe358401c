// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/UnitOrder.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

namespace cudalint {
namespace {

TEST(UnitOrderTest, IncludesOfEveryBranch) {
  EXPECT_EQ(includes(R"(#include <cuda_runtime.h>
#include "ggml-cuda/getrows.cuh"
// #include "commented.h"
#if defined(GGML_USE_HIP)
#  include "vendors/hip.h"
#else
#include "vendors/cuda.h"
#endif
const char *text = "#include \"not-a-directive.h\"";
)"),
            (std::vector<Include>{{"cuda_runtime.h", true},
                                  {"ggml-cuda/getrows.cuh", false},
                                  {"vendors/hip.h", false},
                                  {"vendors/cuda.h", false}}));
}

class UnitOrderProject : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("unit-order", Root)); }
  void TearDown() override { llvm::sys::fs::remove_directories(Root); }

  // A unit compiled by `Compiler` whose main file is `Text`.
  void unit(llvm::StringRef Name, llvm::StringRef Compiler, llvm::StringRef Text) {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, Name);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Path));
    std::error_code Error;
    llvm::raw_fd_ostream(Path, Error) << Text;
    ASSERT_FALSE(Error);
    Unit U;
    U.Command.Directory = std::string(Root);
    U.Command.File = std::string(Path);
    U.Command.Arguments = {Compiler.str(), "-c", std::string(Path)};
    Units.push_back(std::move(U));
  }

  std::vector<std::string> order() {
    std::vector<size_t> All;
    for (size_t I = 0; I < Units.size(); ++I)
      All.push_back(I);
    std::vector<std::string> Names;
    for (size_t I : summaryOrder(Units, All).Order)
      Names.push_back(Units[I].Command.File.substr(Root.size() + 1));
    return Names;
  }

  llvm::SmallString<128> Root;
  std::vector<Unit> Units;
};

// `.cu` files, then what else nvcc compiles, then plain C++, the largest
// first; each after the units whose names its includes give.
TEST_F(UnitOrderProject, CalleesFirstThenCudaThenTheLargest) {
  std::string Padding(400, ' ');
  unit("dispatch.cu", "nvcc",
       "#include \"ops/getrows.cuh\"\n#include \"ops/argsort.cuh\"\n#include \"absent.h\"\n" +
           Padding);
  unit("ops/argsort.cu", "nvcc", "#include \"argsort.cuh\"\n" + Padding.substr(200));
  unit("ops/getrows.cu", "nvcc", "#include \"getrows.cuh\"\n" + Padding.substr(100));
  unit("gpu_impl.cpp", "nvcc", Padding);
  unit("host.cpp", "g++", "#include \"pool.h\"\n" + Padding);
  unit("tests/pool.cpp", "g++", "#include \"../pool.h\"\n" + Padding.substr(100));
  unit("pool.cpp", "g++", "#include \"pool.h\"\n");
  EXPECT_EQ(order(),
            (std::vector<std::string>{"ops/getrows.cu", "ops/argsort.cu", "dispatch.cu",
                                      "gpu_impl.cpp", "pool.cpp", "host.cpp", "tests/pool.cpp"}));
}

// What each unit likely calls into goes with the order: the pool starts it
// once they are done, where another unit can start instead.
TEST_F(UnitOrderProject, TheCalleesGoWithTheOrder) {
  unit("caller.cu", "nvcc", "#include \"callee.h\"\n#include \"caller.h\"\n");
  unit("callee.cu", "nvcc", "");
  unit("host.cpp", "g++", "#include \"callee.h\"\n");
  SummaryOrder Order = summaryOrder(Units, {0, 1, 2});
  EXPECT_EQ(Order.Order, (std::vector<size_t>{1, 0, 2}));
  EXPECT_EQ(Order.Callees, (std::map<size_t, std::vector<size_t>>{{0, {1}}, {2, {1}}}));
}

// A `.cu` that includes the header a C++ unit is named after implements
// what it declares: it does not wait for that unit. Where nvcc compiles
// that unit too, the unit is the other half of the implementation and
// calls the `.cu`'s: it waits for the `.cu`. A plain C++ unit does not.
TEST_F(UnitOrderProject, OnlyUnitsOfTheSameKindAreWaitedFor) {
  unit("nbnxm_gpu_data_mgmt.cpp", "nvcc",
       "#include \"nbnxm_gpu_data_mgmt.h\"\n" + std::string(400, ' '));
  unit("cuda/nbnxm_cuda_data_mgmt.cu", "nvcc", "#include \"../nbnxm_gpu_data_mgmt.h\"\n");
  unit("cuda/nbnxm_cuda.cu", "nvcc", "#include \"../nbnxm_gpu_data_mgmt.h\"\n");
  unit("pool.cpp", "g++", "#include \"pool.h\"\n");
  unit("kernels.cu", "nvcc", "#include \"pool.h\"\n");
  SummaryOrder Order = summaryOrder(Units, {0, 1, 2, 3, 4});
  EXPECT_EQ(Order.Order, (std::vector<size_t>{1, 2, 4, 0, 3}));
  EXPECT_EQ(Order.Callees, (std::map<size_t, std::vector<size_t>>{{0, {1, 2}}}));
}

// Units that include each other's headers: the cycle is cut where it
// closes, each unit placed once.
TEST_F(UnitOrderProject, ACycleIsCutWhereItCloses) {
  unit("a.cu", "nvcc", "#include \"b.h\"\n// the larger\n");
  unit("b.cu", "nvcc", "#include \"a.h\"\n");
  EXPECT_EQ(order(), (std::vector<std::string>{"b.cu", "a.cu"}));
}

// Angle brackets name a unit by the end of its path, whole, and only with
// a directory: `<faiss/gpu/utils/DeviceUtils.h>` names
// `faiss/gpu/utils/DeviceUtils.cu`, not `test/DeviceUtils.cu`;
// `<utils/Tensor.cuh>` names no `faiss/gpu/Tensor.cu` and `<vector>` no
// `vector.cu`.
TEST_F(UnitOrderProject, AngleBracketsNameAUnitByItsWholePath) {
  std::string Padding(400, ' ');
  unit(
      "faiss/gpu/GpuIndex.cu", "nvcc",
      "#include <faiss/gpu/utils/DeviceUtils.h>\n#include <vector>\n#include <utils/Tensor.cuh>\n" +
          Padding);
  unit("faiss/gpu/test/DeviceUtils.cu", "nvcc", Padding.substr(100));
  unit("faiss/gpu/vector.cu", "nvcc", Padding.substr(150));
  unit("faiss/gpu/Tensor.cu", "nvcc", Padding.substr(200));
  unit("faiss/gpu/utils/DeviceUtils.cu", "nvcc", Padding.substr(300));
  EXPECT_EQ(order(),
            (std::vector<std::string>{"faiss/gpu/utils/DeviceUtils.cu", "faiss/gpu/GpuIndex.cu",
                                      "faiss/gpu/test/DeviceUtils.cu", "faiss/gpu/vector.cu",
                                      "faiss/gpu/Tensor.cu"}));
}

// A unit nothing is known of keeps its place by size: generated template
// instances, small and calling into the others, do not jump ahead of the
// large units that wait for their own callees.
TEST_F(UnitOrderProject, UnitsWithoutKnownCalleesKeepTheirRank) {
  unit("GpuIndexFlat.cu", "nvcc", "#include \"impl/FlatIndex.cuh\"\n" + std::string(400, ' '));
  unit("impl/FlatIndex.cu", "nvcc", std::string(10, ' '));
  unit("template_Codec0_L2.cu", "nvcc",
       "#include \"IVFInterleavedImpl.cuh\"\n" + std::string(100, ' '));
  EXPECT_EQ(order(), (std::vector<std::string>{"impl/FlatIndex.cu", "GpuIndexFlat.cu",
                                               "template_Codec0_L2.cu"}));
}

} // namespace
} // namespace cudalint
