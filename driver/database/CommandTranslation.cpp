// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/CommandTranslation.h"
#include "database/CudaToolkit.h"
#include "shared/CudaApi.h"
#include "support/GpuProbe.h"

#include "clang/Basic/LangStandard.h"
#include "clang/Basic/OffloadArch.h"
#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <algorithm>

namespace cudalint {

namespace {

namespace opts = clang::options;

// Where clang looks for a toolkit when --cuda-path names none; a path that
// cannot exist stops it from finding a partial one with the bundled headers.
constexpr llvm::StringLiteral NoCudaInstallation = "/nonexistent-cudalint";

// Each distinct notice once, in order. A command of a million stray inputs
// (response files can make one) says the first hundred and counts the rest.
class NoticeList {
public:
  void add(std::string Text) {
    if (Seen.contains(Text))
      return;
    if (Texts.size() == MaxNotices) {
      ++Unsaid;
      return;
    }
    Seen.insert(Text);
    Texts.push_back(std::move(Text));
  }
  std::vector<std::string> take() {
    if (Unsaid)
      Texts.push_back("and " + std::to_string(Unsaid) + " more notices about this command");
    return std::move(Texts);
  }

private:
  static constexpr size_t MaxNotices = 100;
  std::vector<std::string> Texts;
  llvm::StringSet<> Seen;
  size_t Unsaid = 0;
};

std::string absoluteWithoutDots(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> Result(Base);
  if (llvm::sys::path::is_absolute(Path))
    Result = Path;
  else
    llvm::sys::path::append(Result, Path);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return std::string(Result);
}

std::vector<llvm::StringRef> splitList(llvm::StringRef List, llvm::StringRef Separators) {
  llvm::SmallVector<llvm::StringRef, 8> Pieces;
  llvm::SplitString(List, Pieces, Separators);
  return {Pieces.begin(), Pieces.end()};
}

// ---------------------------------------------------------------------------
// nvcc → clang spelling. nvcc's own flags are translated or dropped here;
// what it hands to the host compiler is passed on for the clang filter below.

struct NvccState {
  std::vector<std::string> Flags; // clang spellings, in command order
  std::vector<std::string> GpuArchs;
  // The architectures whose PTX the binary embeds (code=compute_XX), which
  // the driver compiles for any later GPU; the others are machine code for
  // their own GPU only. clang includes PTX unless told otherwise.
  std::vector<std::string> PtxArchs;
  // Without any -code, `-arch=sm_XX` embeds compute_XX's PTX as well.
  std::vector<std::string> ArchOptionValues;
  bool CodeGiven = false;
  NoticeList &Notices;
};

// compute_XX names a virtual architecture; for a host-side parse only the
// number matters, and clang spells every architecture sm_XX.
std::optional<std::string> gpuArchFromNvccName(llvm::StringRef Name) {
  for (llvm::StringRef Prefix : {"sm_", "compute_", "lto_"})
    if (Name.consume_front(Prefix) && !Name.empty() && llvm::isDigit(Name[0]))
      return "sm_" + Name.str();
  return std::nullopt;
}

// Reads every architecture in -arch, -code and -gencode values, whatever the
// quoting: "arch=compute_90,code=[compute_90,sm_90]",
// "arch=compute_52,code=\"sm_52,compute_52\"". native, all and all-major
// name no architecture and are dropped.
void addGpuArchs(NvccState &State, llvm::StringRef Value) {
  for (llvm::StringRef Name : splitList(Value, ",=[]\"' "))
    if (std::optional<std::string> Arch = gpuArchFromNvccName(Name))
      if (!llvm::is_contained(State.GpuArchs, *Arch))
        State.GpuArchs.push_back(*Arch);
}

void addPtxArchs(NvccState &State, llvm::StringRef CodeList) {
  for (llvm::StringRef Name : splitList(CodeList, ",=[]\"' "))
    if (Name.starts_with("compute_"))
      if (std::optional<std::string> Arch = gpuArchFromNvccName(Name))
        if (!llvm::is_contained(State.PtxArchs, *Arch))
          State.PtxArchs.push_back(*Arch);
}

void addArchOption(NvccState &State, llvm::StringRef Value) {
  addGpuArchs(State, Value);
  for (llvm::StringRef Name : splitList(Value, ", "))
    State.ArchOptionValues.push_back(Name.str());
}

void addCodeOption(NvccState &State, llvm::StringRef Value) {
  addGpuArchs(State, Value);
  addPtxArchs(State, Value);
  State.CodeGiven = true;
}

// -gencode arch=compute_XX,code=[sm_XX,compute_XX]: PTX where a code is a
// compute_ one.
// With a code= list, the arch= value is only the virtual architecture the
// codes are compiled from: arch=compute_80,code=sm_86 builds for sm_86 alone.
void addGeneratedCode(NvccState &State, llvm::StringRef Value) {
  size_t Code = Value.find("code=");
  if (Code == llvm::StringRef::npos) {
    addGpuArchs(State, Value);
    return;
  }
  addGpuArchs(State, Value.substr(Code + 5));
  addPtxArchs(State, Value.substr(Code + 5));
}

// nvcc splits -Xcompiler values at commas and hands them to the host
// compiler through a shell, which splits them at spaces.
void addHostFlags(NvccState &State, llvm::StringRef Value) {
  for (llvm::StringRef Flag : splitList(Value, ", \t"))
    State.Flags.push_back(Flag.str());
}

void setRelocatableDeviceCode(NvccState &State, llvm::StringRef Value) {
  if (Value.equals_insensitive("true"))
    State.Flags.push_back("-fgpu-rdc");
}

// clang applies -fgpu-default-stream to the device side only; the runtime
// headers read the macro nvcc defines to pick the _ptds entry points.
void setDefaultStream(NvccState &State, llvm::StringRef Value) {
  if (Value == "per-thread") {
    State.Flags.push_back("-fgpu-default-stream=per-thread");
    State.Flags.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
  } else if (Value == "legacy" || Value == "null") {
    State.Flags.push_back("-fgpu-default-stream=legacy");
  } else {
    State.Notices.add("dropped nvcc flag '--default-stream " + Value.str() +
                      "' with a value cudalint does not know");
  }
}

void setLanguage(NvccState &State, llvm::StringRef Value) {
  if (Value == "cu")
    Value = "cuda";
  else if (Value != "c" && Value != "c++")
    return; // ptx, cubin, fatbin, ...: inputs cudalint never parses
  State.Flags.push_back("-x");
  State.Flags.push_back(Value.str());
}

void ignoreOptionsFile(NvccState &State, llvm::StringRef Value) {
  State.Notices.add("ignored nvcc options file '" + Value.str() +
                    "': only a compile database's are read");
}

enum class NvccValue { None, Required, WerrorKinds };
enum class NvccAction { Drop, Emit, EmitJoined, EmitJoinedEach, EmitSeparateEach, Call };

struct NvccOption {
  llvm::StringRef Long;  // without its dashes
  llvm::StringRef Short; // without its dash
  NvccValue Value;
  NvccAction Action;
  llvm::StringRef Clang = {}; // the spelling Emit* actions write
  void (*Handler)(NvccState &, llvm::StringRef) = nullptr;
};

constexpr NvccValue NoValue = NvccValue::None;
constexpr NvccValue TakesValue = NvccValue::Required;
constexpr NvccAction Drop = NvccAction::Drop;

// nvcc 13's options. Dropped ones change only what nvcc generates for the
// device, links or writes out; none changes the host-side parse.
const NvccOption NvccOptions[] = {
    // What to preprocess, include and define.
    {"include-path", "I", TakesValue, NvccAction::EmitJoinedEach, "-I"},
    {"system-include", "isystem", TakesValue, NvccAction::EmitSeparateEach, "-isystem"},
    {"define-macro", "D", TakesValue, NvccAction::EmitJoinedEach, "-D"},
    {"undefine-macro", "U", TakesValue, NvccAction::EmitJoinedEach, "-U"},
    {"pre-include", "include", TakesValue, NvccAction::EmitSeparateEach, "-include"},
    {"std", "std", TakesValue, NvccAction::EmitJoined, "-std="},
    {"optimize", "O", TakesValue, NvccAction::EmitJoined, "-O"},
    {"debug", "g", NoValue, NvccAction::Emit, "-g"},
    {"x", "x", TakesValue, NvccAction::Call, {}, setLanguage},
    {"disable-warnings", "w", NoValue, NvccAction::Emit, "-w"},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", NoValue, NvccAction::Emit,
     "-Wno-deprecated-declarations"},
    {"Wreorder", "Wreorder", NoValue, NvccAction::Emit, "-Wreorder"},
    // CUDA language options.
    {"gpu-architecture", "arch", TakesValue, NvccAction::Call, {}, addArchOption},
    {"gpu-code", "code", TakesValue, NvccAction::Call, {}, addCodeOption},
    {"generate-code", "gencode", TakesValue, NvccAction::Call, {}, addGeneratedCode},
    {"relocatable-device-code", "rdc", TakesValue, NvccAction::Call, {}, setRelocatableDeviceCode},
    {"device-c", "dc", NoValue, NvccAction::Emit, "-fgpu-rdc"},
    {"default-stream", "default-stream", TakesValue, NvccAction::Call, {}, setDefaultStream},
    {"compiler-options", "Xcompiler", TakesValue, NvccAction::Call, {}, addHostFlags},
    {"options-file", "optf", TakesValue, NvccAction::Call, {}, ignoreOptionsFile},
    // clang accepts these language extensions without being asked; nvcc
    // defines a macro for each, which code reads (the toolkit's
    // cuda_runtime.h includes <functional> and <utility> for extended
    // lambdas).
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", NoValue, NvccAction::Emit,
     "-D__CUDACC_RELAXED_CONSTEXPR__"},
    {"extended-lambda", "extended-lambda", NoValue, NvccAction::Emit,
     "-D__CUDACC_EXTENDED_LAMBDA__"},
    {"expt-extended-lambda", "expt-extended-lambda", NoValue, NvccAction::Emit,
     "-D__CUDACC_EXTENDED_LAMBDA__"},
    {"no-host-device-initializer-list", "nohdinitlist", NoValue, Drop},
    {"no-host-device-move-forward", "nohdmoveforward", NoValue, Drop},
    // Read before the other flags: see NvccTranslator.
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", NoValue, Drop},
    {"forward-unknown-opts", "forward-unknown-opts", NoValue, Drop},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", NoValue, Drop},
    // Phases and outputs: the analysis decides what clang does.
    {"compile", "c", NoValue, Drop},
    {"device-w", "dw", NoValue, Drop},
    {"cuda", "cuda", NoValue, Drop},
    {"cubin", "cubin", NoValue, Drop},
    {"ptx", "ptx", NoValue, Drop},
    {"fatbin", "fatbin", NoValue, Drop},
    {"optix-ir", "optix-ir", NoValue, Drop},
    {"preprocess", "E", NoValue, Drop},
    {"generate-dependencies", "M", NoValue, Drop},
    {"generate-nonsystem-dependencies", "MM", NoValue, Drop},
    {"generate-dependencies-with-compile", "MD", NoValue, Drop},
    {"generate-nonsystem-dependencies-with-compile", "MMD", NoValue, Drop},
    {"generate-dependency-targets", "MP", NoValue, Drop},
    {"dependency-output", "MF", TakesValue, Drop},
    {"dependency-target-name", "MT", TakesValue, Drop},
    {"output-file", "o", TakesValue, Drop},
    {"output-directory", "odir", TakesValue, Drop},
    {"lib", "lib", NoValue, Drop},
    {"link", "link", NoValue, Drop},
    {"device-link", "dlink", NoValue, Drop},
    {"no-device-link", "nodlink", NoValue, Drop},
    {"run", "run", NoValue, Drop},
    {"run-args", "run-args", TakesValue, Drop},
    {"shared", "shared", NoValue, Drop},
    {"dryrun", "dryrun", NoValue, Drop},
    {"verbose", "v", NoValue, Drop},
    {"keep", "keep", NoValue, Drop},
    {"keep-dir", "keep-dir", TakesValue, Drop},
    {"save-temps", "save-temps", NoValue, Drop},
    {"clean-targets", "clean", NoValue, Drop},
    {"objdir-as-tempdir", "objtemp", NoValue, Drop},
    {"use-local-env", "use-local-env", NoValue, Drop},
    {"time", "time", TakesValue, Drop},
    {"threads", "t", TakesValue, Drop},
    {"split-compile", "split-compile", TakesValue, Drop},
    {"split-compile-extended", "split-compile-extended", TakesValue, Drop},
    {"fdevice-syntax-only", "fdevice-syntax-only", NoValue, Drop},
    {"fdevice-time-trace", "fdevice-time-trace", TakesValue, Drop},
    {"list-gpu-arch", "arch-ls", NoValue, Drop},
    {"list-gpu-code", "code-ls", NoValue, Drop},
    {"input-drive-prefix", "idp", TakesValue, Drop},
    {"dependency-drive-prefix", "ddp", TakesValue, Drop},
    {"drive-prefix", "dp", TakesValue, Drop},
    {"qpp-config", "qpp-config", TakesValue, Drop},
    {"compress-mode", "compress-mode", TakesValue, Drop},
    {"no-compress", "no-compress", NoValue, Drop},
    // The host compiler, the linker and the other tools nvcc drives.
    {"compiler-bindir", "ccbin", TakesValue, Drop},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", NoValue, Drop},
    {"machine", "m", TakesValue, Drop},
    {"", "m64", NoValue, Drop},
    {"", "m32", NoValue, Drop},
    {"linker-options", "Xlinker", TakesValue, Drop},
    {"archive-options", "Xarchive", TakesValue, Drop},
    {"ptxas-options", "Xptxas", TakesValue, Drop},
    {"nvlink-options", "Xnvlink", TakesValue, Drop},
    {"fatbin-options", "Xfatbin", TakesValue, Drop},
    {"", "Xcudafe", TakesValue, Drop},
    {"library", "l", TakesValue, Drop},
    {"library-path", "L", TakesValue, Drop},
    {"cudart", "cudart", TakesValue, Drop},
    {"cudadevrt", "cudadevrt", TakesValue, Drop},
    {"libdevice-directory", "ldir", TakesValue, Drop},
    {"target-directory", "target-dir", TakesValue, Drop},
    {"profile", "pg", NoValue, Drop},
    // Device code generation.
    {"device-debug", "G", NoValue, Drop},
    {"generate-line-info", "lineinfo", NoValue, Drop},
    {"source-in-ptx", "src-in-ptx", NoValue, Drop},
    {"maxrregcount", "maxrregcount", TakesValue, Drop},
    {"resource-usage", "res-usage", NoValue, Drop},
    // nvcc does not pass --use_fast_math to the host compiler either.
    {"use_fast_math", "use_fast_math", NoValue, Drop},
    {"ftz", "ftz", TakesValue, Drop},
    {"prec-div", "prec-div", TakesValue, Drop},
    {"prec-sqrt", "prec-sqrt", TakesValue, Drop},
    {"fmad", "fmad", TakesValue, Drop},
    {"extra-device-vectorization", "extra-device-vectorization", NoValue, Drop},
    {"restrict", "restrict", NoValue, Drop},
    {"entries", "e", TakesValue, Drop},
    {"keep-device-functions", "keep-device-functions", NoValue, Drop},
    {"compile-as-tools-patch", "astoolspatch", NoValue, Drop},
    {"extensible-whole-program", "ewp", NoValue, Drop},
    {"dont-use-profile", "noprof", NoValue, Drop},
    {"dlink-time-opt", "dlto", NoValue, Drop},
    {"", "lto", NoValue, Drop},
    {"gen-opt-lto", "gen-opt-lto", NoValue, Drop},
    {"dopt", "dopt", TakesValue, Drop},
    {"device-stack-protector", "device-stack-protector", TakesValue, Drop},
    {"static-global-template-stub", "static-global-template-stub", TakesValue, Drop},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", TakesValue,
     Drop},
    {"frandom-seed", "frandom-seed", TakesValue, Drop},
    {"optimization-info", "opt-info", TakesValue, Drop},
    // nvcc's own diagnostics, which clang does not emit.
    {"Werror", "Werror", NvccValue::WerrorKinds, Drop},
    {"display-error-number", "err-no", NoValue, Drop},
    {"no-display-error-number", "no-err-no", NoValue, Drop},
    {"diag-error", "diag-error", TakesValue, Drop},
    {"diag-suppress", "diag-suppress", TakesValue, Drop},
    {"diag-warn", "diag-warn", TakesValue, Drop},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", NoValue, Drop},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", NoValue, Drop},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", NoValue, Drop},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", NoValue, Drop},
};

// Short names whose value may follow without a separator: -I/x, -DX, -O3.
constexpr llvm::StringLiteral JoinedShortNames[] = {"isystem", "I", "D", "U", "O", "L", "l"};

const NvccOption *findNvccOption(llvm::StringRef Name) {
  for (const NvccOption &Option : NvccOptions)
    if (Name == Option.Long || Name == Option.Short)
      return &Option;
  return nullptr;
}

bool isNvccWerrorKindList(llvm::StringRef List) {
  static constexpr llvm::StringLiteral Kinds[] = {
      "all-warnings",           "cross-execution-space-call", "reorder",
      "default-stream-launch",  "missing-launch-bounds",      "ext-lambda-captures-this",
      "deprecated-declarations"};
  std::vector<llvm::StringRef> Pieces = splitList(List, ",");
  return !Pieces.empty() && llvm::all_of(Pieces, [](llvm::StringRef Piece) {
    return llvm::is_contained(Kinds, Piece);
  });
}

bool isForwardUnknownFlag(llvm::StringRef Argument) {
  Argument = Argument.ltrim('-');
  return Argument == "forward-unknown-to-host-compiler" || Argument == "forward-unknown-opts";
}

class NvccTranslator {
public:
  NvccTranslator(llvm::ArrayRef<std::string> Arguments, NoticeList &Notices)
      : Arguments(Arguments), State{{}, {}, {}, {}, false, Notices},
        // nvcc reads it wherever it stands, so it applies to earlier flags too.
        ForwardUnknown(llvm::any_of(Arguments, isForwardUnknownFlag)) {}

  std::vector<std::string> translate() {
    while (Next < Arguments.size())
      translateOne(Arguments[Next++]);
    for (const std::string &Arch : State.GpuArchs)
      State.Flags.push_back("--cuda-gpu-arch=" + Arch);
    if (!State.CodeGiven)
      for (const std::string &Value : State.ArchOptionValues)
        addPtxArchs(State, "compute_" + llvm::StringRef(Value).rsplit('_').second.str());
    // Machine code only: no later GPU runs it (what a launch may ask of
    // the GPU depends on it).
    for (const std::string &Arch : State.GpuArchs)
      if (!llvm::is_contained(State.PtxArchs, Arch))
        State.Flags.push_back("--no-cuda-include-ptx=" + Arch);
    return std::move(State.Flags);
  }

private:
  void translateOne(llvm::StringRef Argument) {
    if (!Argument.starts_with("-") || Argument == "-") {
      State.Flags.push_back(Argument.str()); // an input
      return;
    }
    bool SingleDash = !Argument.starts_with("--");
    auto [Name, Inline] = Argument.ltrim('-').split('=');
    std::optional<llvm::StringRef> InlineValue;
    if (Argument.contains('='))
      InlineValue = Inline;
    if (const NvccOption *Option = findNvccOption(Name))
      return apply(*Option, Argument, InlineValue);
    if (SingleDash)
      for (llvm::StringRef Short : JoinedShortNames)
        if (Argument.drop_front().starts_with(Short))
          return apply(*findNvccOption(Short), Argument, Argument.drop_front(1 + Short.size()));
    if (ForwardUnknown)
      State.Flags.push_back(Argument.str());
    else
      State.Notices.add("dropped nvcc flag '" + Argument.split('=').first.str() +
                        "' that cudalint does not know");
  }

  void apply(const NvccOption &Option, llvm::StringRef Argument,
             std::optional<llvm::StringRef> InlineValue) {
    std::optional<llvm::StringRef> Value = valueFor(Option, InlineValue);
    if (Option.Value == NvccValue::Required && !Value) {
      State.Notices.add("dropped nvcc flag '" + Argument.str() + "' that lacks its value");
      return;
    }
    llvm::StringRef Text = Value.value_or("");
    switch (Option.Action) {
    case NvccAction::Drop:
      return;
    case NvccAction::Emit:
      State.Flags.push_back(Option.Clang.str());
      return;
    case NvccAction::EmitJoined:
      State.Flags.push_back(Option.Clang.str() + Text.str());
      return;
    case NvccAction::EmitJoinedEach:
      // nvcc itself splits these lists at commas, -D's values included.
      for (llvm::StringRef Item : splitList(Text, ","))
        State.Flags.push_back(Option.Clang.str() + Item.str());
      return;
    case NvccAction::EmitSeparateEach:
      for (llvm::StringRef Item : splitList(Text, ",")) {
        State.Flags.push_back(Option.Clang.str());
        State.Flags.push_back(Item.str());
      }
      return;
    case NvccAction::Call:
      Option.Handler(State, Text);
      return;
    }
  }

  std::optional<llvm::StringRef> valueFor(const NvccOption &Option,
                                          std::optional<llvm::StringRef> Inline) {
    if (Option.Value == NvccValue::None || Inline)
      return Inline;
    if (Next >= Arguments.size())
      return std::nullopt;
    // -Werror's value is optional in practice: a bare -Werror must not eat
    // the next flag or the source file.
    if (Option.Value == NvccValue::WerrorKinds && !isNvccWerrorKindList(Arguments[Next]))
      return std::nullopt;
    return llvm::StringRef(Arguments[Next++]);
  }

  llvm::ArrayRef<std::string> Arguments;
  size_t Next = 0;
  NvccState State;
  bool ForwardUnknown;
};

// ---------------------------------------------------------------------------
// Every compiler's flags, in clang's spelling, checked against clang's own
// option table so that the parse never fails on a flag clang rejects.

bool isClangPluginFlag(const llvm::opt::Option &Option) {
  return Option.matches(opts::OPT_fplugin_EQ) || Option.matches(opts::OPT_fpass_plugin_EQ) ||
         Option.matches(opts::OPT_fplugin_arg);
}

// Configuration files may hold any flag, plugins included.
bool isConfigFileFlag(const llvm::opt::Option &Option) {
  return Option.matches(opts::OPT_config) || Option.matches(opts::OPT_config_system_dir_EQ) ||
         Option.matches(opts::OPT_config_user_dir_EQ);
}

// Flags whose job cudalint does itself: what to produce, where to write it,
// which toolkit and resource directory to use, which side to compile.
bool isReplacedByAnalysis(const llvm::opt::Arg &Arg) {
  const llvm::opt::Option &Option = Arg.getOption();
  for (unsigned Id :
       {opts::OPT_Action_Group, opts::OPT_M_Group, opts::OPT_o, opts::OPT__HASH_HASH_HASH,
        opts::OPT_save_temps_EQ, opts::OPT__serialize_diags, opts::OPT_cuda_path_EQ,
        opts::OPT_resource_dir, opts::OPT_offload_device_only, opts::OPT_offload_host_device,
        opts::OPT_offload_host_only})
    if (Option.matches(Id))
      return true;
  // -Wp,-MD,file writes a dependency file even during a syntax-only parse.
  return Option.matches(opts::OPT_Wp_COMMA) &&
         llvm::any_of(Arg.getValues(),
                      [](llvm::StringRef Value) { return Value.starts_with("-M"); });
}

// Flags that make even a syntax-only parse write a file of its own choosing
// (a time trace, crash reproducers, implicitly built modules in a cache),
// which a compile database from a pull request must not be able to do.
bool writesFiles(const llvm::opt::Option &Option) {
  for (unsigned Id :
       {opts::OPT_ftime_trace, opts::OPT_ftime_trace_EQ, opts::OPT_fcrash_diagnostics_dir,
        opts::OPT_fcrash_diagnostics_EQ, opts::OPT_fmodules_cache_path, opts::OPT_fmodule_output,
        opts::OPT_fmodule_output_EQ, opts::OPT_fproc_stat_report, opts::OPT_fproc_stat_report_EQ,
        opts::OPT_fsave_optimization_record, opts::OPT_fsave_optimization_record_EQ,
        opts::OPT_foptimization_record_file_EQ, opts::OPT_fmodules, opts::OPT_fcxx_modules,
        opts::OPT_fimplicit_modules})
    if (Option.matches(Id))
      return true;
  return false;
}

// The same flags in cc1's spelling, reaching clang through -Xclang: each a
// prefix, and whether the flag itself takes the next -Xclang as its value.
struct Cc1OutputFlag {
  llvm::StringLiteral Prefix;
  bool ValueIsNextXclang;
};
constexpr Cc1OutputFlag Cc1OutputFlags[] = {{"-dependency-file", true},
                                            {"-dependency-dot", true},
                                            {"-header-include-file", true},
                                            {"-module-dependency-dir", true},
                                            {"-serialize-diagnostic-file", true},
                                            {"-diagnostic-log-file", true},
                                            {"-split-dwarf-output", true},
                                            {"-coverage-data-file", true},
                                            {"-coverage-notes-file", true},
                                            {"-opt-record-file", true},
                                            {"-stats-file", false},
                                            {"-ftime-trace", false},
                                            {"-fmodules", false},
                                            {"-fimplicit-modules", false},
                                            {"-fcxx-modules", false},
                                            {"-emit-", false},
                                            {"-fcrash-diagnostics-dir", false},
                                            {"-fmodule-output", false},
                                            {"-fprofile-instrument-path", false}};

bool writesFilesAsCc1Flag(llvm::StringRef Cc1Flag) {
  return Cc1Flag == "-o" || llvm::any_of(Cc1OutputFlags, [&](const Cc1OutputFlag &Flag) {
           return Cc1Flag.starts_with(Flag.Prefix);
         });
}

bool takesNextXclangOutput(llvm::StringRef Cc1Flag) {
  return Cc1Flag == "-o" || llvm::any_of(Cc1OutputFlags, [&](const Cc1OutputFlag &Flag) {
           return Flag.ValueIsNextXclang && Cc1Flag == Flag.Prefix;
         });
}

// cc1 plugin flags without '=' take the next -Xclang's value as theirs.
bool takesNextXclangValue(llvm::StringRef Cc1Flag) {
  return Cc1Flag == "-load" || Cc1Flag == "-plugin" || Cc1Flag == "-add-plugin" ||
         Cc1Flag.starts_with("-plugin-arg-");
}

// A plugin can also reach clang as another flag's value: -Xclang -load,
// -Xclang=-fpass-plugin=x, -Xarch_host -fplugin=x.
bool passesPlugin(const llvm::opt::Arg &Arg) {
  return llvm::any_of(Arg.getValues(), [](llvm::StringRef Value) {
    return Value.starts_with("-fplugin") || Value.starts_with("-fpass-plugin") ||
           takesNextXclangValue(Value);
  });
}

bool isUsableGpuArch(llvm::StringRef Name) {
  return clang::IsNVIDIAOffloadArch(clang::StringToOffloadArch(Name));
}

struct ParsedFlag {
  std::unique_ptr<llvm::opt::Arg> Arg;
  unsigned Begin, End; // the strings it was parsed from
};

class ClangFlagFilter {
public:
  ClangFlagFilter(const CompileCommand &Command, NoticeList &Notices)
      : Command(Command), Notices(Notices) {}

  std::vector<std::string> filter(const std::vector<std::string> &Flags) {
    for (const std::string &Flag : Flags)
      if (!Flag.empty())
        Strings.push_back(Flag.c_str());
    llvm::opt::InputArgList List(Strings.data(), Strings.data() + Strings.size());
    std::vector<ParsedFlag> Parsed = parse(List);
    for (size_t I = 0; I < Parsed.size(); ++I)
      I += decide(Parsed, I);
    return std::move(Kept);
  }

private:
  std::vector<ParsedFlag> parse(const llvm::opt::InputArgList &List) {
    const llvm::opt::OptTable &Table = clang::getDriverOptTable();
    std::vector<ParsedFlag> Parsed;
    unsigned Index = 0;
    while (Index < Strings.size()) {
      unsigned Begin = Index;
      if (llvm::StringRef(Strings[Index]) == "--") {
        // Everything after it is an input, as in clang's driver.
        for (++Index; Index < Strings.size(); ++Index)
          dropInput(Strings[Index]);
        break;
      }
      std::unique_ptr<llvm::opt::Arg> Arg =
          Table.ParseOneArg(List, Index, llvm::opt::Visibility(opts::ClangOption));
      if (!Arg) {
        Notices.add("dropped flag '" + std::string(Strings[Begin]) + "' that lacks its value");
        break;
      }
      Parsed.push_back({std::move(Arg), Begin, Index});
    }
    return Parsed;
  }

  // Returns how many of the following flags it also consumed.
  size_t decide(const std::vector<ParsedFlag> &Parsed, size_t I) {
    const llvm::opt::Arg &Arg = *Parsed[I].Arg;
    const llvm::opt::Option &Option = Arg.getOption();
    if (Option.getKind() == llvm::opt::Option::InputClass)
      dropInput(Arg.getValue());
    else if (Option.getKind() == llvm::opt::Option::UnknownClass)
      Notices.add("dropped flag '" + spelling(Parsed[I]) + "' that clang does not know");
    else if (Option.hasFlag(opts::Unsupported))
      Notices.add("dropped flag '" + spelling(Parsed[I]) + "' that clang does not support");
    else if (isConfigFileFlag(Option))
      Notices.add("removed '" + spelling(Parsed[I]) +
                  "': configuration files named by a compile database are "
                  "never read");
    else if (isClangPluginFlag(Option) || passesPlugin(Arg))
      return dropPlugin(Parsed, I);
    else if (writesFiles(Option) ||
             (Option.matches(opts::OPT_Xclang) && writesFilesAsCc1Flag(Arg.getValue())))
      return dropFileWriter(Parsed, I);
    else if (Option.matches(opts::OPT_offload_arch_EQ))
      keepUsableGpuArchs(Arg);
    else if (!isReplacedByAnalysis(Arg))
      keep(Parsed[I]);
    return 0;
  }

  size_t dropPlugin(const std::vector<ParsedFlag> &Parsed, size_t I) {
    return drop(Parsed, I, takesNextXclangValue, "removed compiler plugin '",
                "': plugins named by a compile database are never loaded");
  }

  size_t dropFileWriter(const std::vector<ParsedFlag> &Parsed, size_t I) {
    return drop(Parsed, I, takesNextXclangOutput, "removed '",
                "': cudalint's parse writes no file a compile database names");
  }

  // Drops flag I with a notice; with it the next flag too when both are
  // -Xclang and the first's cc1 flag takes the second as its value. Returns
  // how many of the following flags it consumed.
  size_t drop(const std::vector<ParsedFlag> &Parsed, size_t I,
              bool (*TakesNextXclang)(llvm::StringRef), llvm::StringRef Before,
              llvm::StringRef After) {
    auto IsXclang = [&](size_t At) {
      return At < Parsed.size() && Parsed[At].Arg->getOption().matches(opts::OPT_Xclang);
    };
    std::string Spelling = spelling(Parsed[I]);
    bool NextIsItsValue =
        IsXclang(I) && IsXclang(I + 1) && TakesNextXclang(Parsed[I].Arg->getValue());
    if (NextIsItsValue)
      Spelling += " " + spelling(Parsed[I + 1]);
    Notices.add(Before.str() + Spelling + After.str());
    return NextIsItsValue ? 1 : 0;
  }

  void keepUsableGpuArchs(const llvm::opt::Arg &Arg) {
    for (const char *Name : Arg.getValues()) {
      if (isUsableGpuArch(Name))
        Kept.push_back("--cuda-gpu-arch=" + std::string(Name));
      else
        Notices.add("dropped GPU architecture '" + std::string(Name) +
                    "' that clang cannot compile CUDA for");
    }
  }

  // The unit's file goes last, after the flags cudalint adds; any other
  // input would make clang build more than one job.
  void dropInput(llvm::StringRef Input) {
    if (absoluteWithoutDots(Input, Command.Directory) != Command.File)
      Notices.add("dropped extra input '" + Input.str() + "'");
  }

  void keep(const ParsedFlag &Flag) {
    for (unsigned I = Flag.Begin; I < Flag.End; ++I)
      Kept.push_back(Strings[I]);
  }

  std::string spelling(const ParsedFlag &Flag) const {
    std::string Result;
    for (unsigned I = Flag.Begin; I < Flag.End; ++I)
      Result += (Result.empty() ? "" : " ") + std::string(Strings[I]);
    return Result;
  }

  const CompileCommand &Command;
  NoticeList &Notices;
  std::vector<const char *> Strings;
  std::vector<std::string> Kept;
};

// ---------------------------------------------------------------------------

std::vector<std::string> flagsInClangSpelling(const CompileCommand &Command, NoticeList &Notices) {
  size_t Compiler = compilerIndex(Command.Arguments);
  if (Compiler >= Command.Arguments.size())
    return {};
  llvm::ArrayRef<std::string> Flags = llvm::ArrayRef(Command.Arguments).drop_front(Compiler + 1);
  llvm::StringRef Program = Command.Arguments[Compiler];
  switch (compilerKind(Program)) {
  case CompilerKind::Nvcc:
    return NvccTranslator(Flags, Notices).translate();
  case CompilerKind::Unknown:
    Notices.add("read the flags of unrecognised compiler '" +
                llvm::sys::path::filename(Program).str() + "' as gcc's");
    [[fallthrough]];
  case CompilerKind::Clang:
  case CompilerKind::Gcc:
    break;
  }
  return {Flags.begin(), Flags.end()};
}

void append(std::vector<std::string> &To, std::vector<std::string> From) {
  To.insert(To.end(), std::make_move_iterator(From.begin()), std::make_move_iterator(From.end()));
}

// First, so that the bundled headers win over a toolkit the command's
// -isystem flags name, and cuda_runtime.h comes before any -include of the
// command, as nvcc includes it.
std::vector<std::string> bundledHeaderFlags(const ToolchainSetup &Toolchain, bool Cuda) {
  if (Toolchain.CudaPath || Toolchain.BundledCudaInclude.empty())
    return {};
  std::vector<std::string> Flags = {"-isystem", Toolchain.BundledCudaInclude};
  // The toolkit's own headers only where the bundled set has none of that
  // name: an older toolkit's declarations first, its Thrust or cuDNN after.
  if (!Toolchain.ToolkitAfterBundled.empty())
    for (llvm::StringRef Below : {"include", "include/cccl"}) {
      llvm::SmallString<256> Directory(Toolchain.ToolkitAfterBundled);
      llvm::sys::path::append(Directory, Below);
      if (llvm::sys::fs::is_directory(Directory))
        append(Flags, {"-idirafter", std::string(Directory)});
    }
  if (!Cuda)
    return Flags;
  // -nocudainc keeps clang's wrapper headers, which need a real toolkit,
  // out; with it the driver does not look for an installation.
  std::vector<std::string> CudaFlags = {"-nocudainc", "-nocudalib",
                                        "--cuda-path=" + NoCudaInstallation.str()};
  append(CudaFlags, std::move(Flags));
  append(CudaFlags, {"-include", "cuda_runtime.h"});
  return CudaFlags;
}

// Last among the flags, so that the command's -Werror or -W flags cannot
// turn the warnings they silence back on.
std::vector<std::string> analysisFlags(const ToolchainSetup &Toolchain, bool Cuda,
                                       bool CommandUsesToolkit, bool C) {
  std::vector<std::string> Flags = {"-fsyntax-only"};
  // C that GCC before 14 compiles with a warning and clang rejects by
  // default: darknet passes a `float **` for cudaHostAlloc's `void **` in
  // four units, which its gcc 12 build accepts.
  if (C)
    for (const char *Relaxed :
         {"-Wno-error=incompatible-pointer-types", "-Wno-error=incompatible-function-pointer-types",
          "-Wno-error=int-conversion", "-Wno-error=implicit-function-declaration",
          "-Wno-error=implicit-int", "-Wno-error=return-mismatch"})
      Flags.push_back(Relaxed);
  if (!Toolchain.ResourceDir.empty())
    Flags.push_back("-resource-dir=" + Toolchain.ResourceDir);
  if (!Toolchain.HostCompilerInclude.empty()) {
    Flags.push_back("-idirafter");
    Flags.push_back(Toolchain.HostCompilerInclude);
  }
  if (Cuda) {
    Flags.push_back("--cuda-host-only");
    // The toolchain choice wins over a --cuda-path in the command: the
    // database may come from another machine, and the chosen toolkit is the
    // one known to hold the headers.
    // A command with -nocudainc brings its own CUDA headers (cudalint's
    // bundled set, say): the toolkit's CCCL and nvcc's host min/max would
    // clash with them.
    if (Toolchain.CudaPath && CommandUsesToolkit) {
      Flags.push_back("--cuda-path=" + *Toolchain.CudaPath);
      // CUDA 13 moved Thrust, CUB and libcu++ (<cuda/std/...>) to
      // include/cccl, which nvcc adds through nvcc.profile and clang does not.
      llvm::SmallString<256> Cccl(*Toolchain.CudaPath);
      llvm::sys::path::append(Cccl, "include", "cccl");
      if (llvm::sys::fs::is_directory(Cccl)) {
        Flags.push_back("-isystem");
        Flags.push_back(std::string(Cccl));
      }
      if (!Toolchain.NvccCompatHeader.empty()) {
        Flags.push_back("-include");
        Flags.push_back(Toolchain.NvccCompatHeader);
      }
      if (!Toolchain.Cccl2CompatHeader.empty()) {
        Flags.push_back("-include");
        Flags.push_back(Toolchain.Cccl2CompatHeader);
      }
    }
    // Newer toolkits than clang knows parse fine on the host side.
    Flags.push_back("-Wno-unknown-cuda-version");
  }
  // Driver warnings about flags a translated build command keeps are not
  // the user's business during an analysis.
  for (const char *Quiet : {"-Wno-unused-command-line-argument", "-Wno-unknown-warning-option",
                            "-Wno-ignored-optimization-argument"})
    Flags.push_back(Quiet);
  return Flags;
}

// A project written for an older toolkit may ask for a C++ standard that the
// installed toolkit's own C++ headers refuse: CUDA 13's Thrust, CUB and
// libcu++ stop with an #error below C++17, and the toolkit's nvcc would too,
// while the authors' toolkit built the unit. Parsing it at all needs the
// newer standard; the notice names the toolkit that asked for it. Constructs
// that standard took away and that old code still has (`register`, dynamic
// exception specifications) stay accepted, as the unit's own standard did.
void raiseStandardForToolkit(std::vector<std::string> &Flags, const ToolchainSetup &Toolchain,
                             NoticeList &Notices) {
  int Minimum = minimumCppStandardOfToolkit(Toolchain.CudaVersion);
  if (!Minimum)
    return;
  std::optional<size_t> Last; // the flag, and its value in the next argument if Separate
  bool Separate = false;
  llvm::StringRef Requested;
  for (size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef Flag = Flags[I];
    if (Flag.consume_front("-std=") || Flag.consume_front("--std=")) {
      Last = I;
      Separate = false;
      Requested = Flag;
    } else if ((Flag == "-std" || Flag == "--std") && I + 1 < Flags.size()) {
      Last = I;
      Separate = true;
      Requested = Flags[++I];
    }
  }
  if (!Last)
    return; // clang's default, gnu++17, is new enough
  clang::LangStandard::Kind Kind = clang::LangStandard::getLangKind(Requested);
  if (Kind == clang::LangStandard::lang_unspecified)
    return;
  const clang::LangStandard &Standard = clang::LangStandard::getLangStandardForKind(Kind);
  if (!Standard.isCPlusPlus() ||
      (Minimum == 17 ? Standard.isCPlusPlus17() : Standard.isCPlusPlus14()))
    return;
  std::string Raised = (Standard.isGNUMode() ? "gnu++" : "c++") + std::to_string(Minimum);
  std::string RequestedText = Requested.str();
  Notices.add("parsed as " + Raised + ", not the " + RequestedText +
              " the command asks for: the C++ headers of CUDA " +
              cudaVersionText(Toolchain.CudaVersion) + " need C++" + std::to_string(Minimum) +
              " (the unit was written for an older toolkit)");
  Flags.erase(Flags.begin() + *Last, Flags.begin() + *Last + (Separate ? 2 : 1));
  for (const char *Flag : {"-Wno-register", "-Wno-dynamic-exception-spec"})
    Flags.push_back(Flag);
  Flags.push_back("-std=" + Raised);
}

// Clang's CUDA wrapper header includes the toolkit's headers by quoted name
// ("cuda.h", "cuda_runtime.h", "crt/host_runtime.h"), which the project's -I
// directories would answer first: darknet's own src/cuda.h then stands in
// for the driver API's, and the wrapper stops with "cuda.h did not define
// CUDA_VERSION". nvcc includes nothing by such a search. Quoted includes
// look in the including file's directory before any -iquote directory, so
// the project's own "cuda.h" still reaches its sources beside it.
std::vector<std::string> wrapperIncludeFlags(llvm::StringRef CudaPath) {
  llvm::SmallString<256> Include(CudaPath);
  llvm::sys::path::append(Include, "include");
  return {"-iquote", std::string(Include)};
}

// The macros nvcc defines for every file it compiles and clang does not:
// host code picks an API or a workaround by them (`#if __CUDACC_VER_MAJOR__
// >= 11`, `#if defined(__NVCC__)`). Before the command's own flags, so that
// its -U and -D win. The analysis hides them from system headers
// (run/NvccMacros.h): CCCL and <nv/target> read __NVCC__ as nvcc's own front
// end and would pick builtins clang lacks.
std::vector<std::string> nvccMacroFlags(const CompileCommand &Command,
                                        const ToolchainSetup &Toolchain) {
  size_t Compiler = compilerIndex(Command.Arguments);
  if (Toolchain.NvccVersion.empty() || Compiler >= Command.Arguments.size() ||
      compilerKind(Command.Arguments[Compiler]) != CompilerKind::Nvcc)
    return {};
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  llvm::StringRef(Toolchain.NvccVersion).split(Parts, '.');
  auto Part = [&](size_t I) {
    unsigned Number = 0;
    return I < Parts.size() && !Parts[I].getAsInteger(10, Number) ? Number : 0u;
  };
  auto Define = [](llvm::StringRef Name, unsigned Value) {
    return ("-D" + Name + "=" + llvm::Twine(Value)).str();
  };
  const auto &[Nvcc, Major, Minor, Build] = NvccPredefinedMacros;
  return {Define(Nvcc, 1), Define(Major, Part(0)), Define(Minor, Part(1)), Define(Build, Part(2))};
}

} // namespace

TranslatedCommand translateCompileCommand(const CompileCommand &Command,
                                          const ToolchainSetup &Toolchain) {
  NoticeList Notices;
  bool Cuda = isCudaUnit(Command);
  TranslatedCommand Result;
  // clang++ would take a C unit's .c file for C++.
  Result.Arguments.push_back(unitLanguage(Command) == UnitLanguage::C ? "clang" : "clang++");
  append(Result.Arguments, bundledHeaderFlags(Toolchain, Cuda));
  std::vector<std::string> CommandFlags =
      ClangFlagFilter(Command, Notices).filter(flagsInClangSpelling(Command, Notices));
  bool CommandUsesToolkit =
      std::find(CommandFlags.begin(), CommandFlags.end(), "-nocudainc") == CommandFlags.end();
  if (Cuda && CommandUsesToolkit && (Toolchain.CudaPath || !Toolchain.ToolkitAfterBundled.empty()))
    raiseStandardForToolkit(CommandFlags, Toolchain, Notices);
  if (Cuda && Toolchain.CudaPath && CommandUsesToolkit)
    append(Result.Arguments, wrapperIncludeFlags(*Toolchain.CudaPath));
  append(Result.Arguments, nvccMacroFlags(Command, Toolchain));
  append(Result.Arguments, std::move(CommandFlags));
  append(Result.Arguments, analysisFlags(Toolchain, Cuda, CommandUsesToolkit,
                                         unitLanguage(Command) == UnitLanguage::C));
  if (Cuda)
    append(Result.Arguments, {"-x", "cuda"});
  Result.Arguments.push_back(Command.File);
  Result.Notices = Notices.take();
  return Result;
}

std::optional<ToolchainSetup> olderDeclarationsToolchain(const ToolchainSetup &Toolchain) {
  if (!Toolchain.CudaPath || Toolchain.BundledCudaInclude.empty() ||
      Toolchain.BundledCudaVersion / 1000 >= Toolchain.CudaVersion / 1000)
    return std::nullopt;
  ToolchainSetup Older = Toolchain;
  Older.ToolkitAfterBundled = *Toolchain.CudaPath;
  Older.CudaPath = std::nullopt;
  // The command's nvcc stands for the older toolkit: `#if
  // __CUDACC_VER_MAJOR__ >= 13` takes the branch its authors compiled.
  Older.NvccVersion = Toolchain.BundledVersionText;
  return Older;
}

std::optional<ToolchainSetup> commandToolkitToolchain(const CompileCommand &Command,
                                                      const ToolchainSetup &Toolchain) {
  size_t Compiler = compilerIndex(Command.Arguments);
  if (!Toolchain.CudaPath || Compiler >= Command.Arguments.size() ||
      compilerKind(Command.Arguments[Compiler]) != CompilerKind::Nvcc ||
      !llvm::sys::path::is_absolute(Command.Arguments[Compiler]))
    return std::nullopt;
  std::string Root = toolkitAroundProgram(Command.Arguments[Compiler]);
  if (Root == *Toolchain.CudaPath || !holdsCudaToolkit(Root))
    return std::nullopt;
  std::optional<ToolkitVersion> Version = readToolkitVersion(Root);
  if (!Version || Version->Number >= Toolchain.CudaVersion)
    return std::nullopt;
  ToolchainSetup Older = Toolchain;
  Older.CudaPath = Root;
  Older.CudaVersion = Version->Number;
  Older.NvccVersion = Version->Text;
  return Older;
}

std::optional<ToolchainSetup> olderCcclToolchain(const ToolchainSetup &Toolchain) {
  std::string Header = cccl2CompatHeader(Toolchain.BundledCudaInclude);
  if (!Toolchain.CudaPath || Toolchain.CudaVersion < 13000 || Header.empty())
    return std::nullopt;
  ToolchainSetup Older = Toolchain;
  Older.Cccl2CompatHeader = std::move(Header);
  return Older;
}

std::string olderToolkitEvidence(const CompileCommand &Command,
                                 const std::vector<std::string> &ClangArguments,
                                 const ToolchainSetup &Toolchain) {
  std::string Installed = cudaVersionText(Toolchain.CudaVersion);
  int Oldest = oldestGpuArchitectureOfToolkit(Toolchain.CudaVersion);
  for (const GpuTarget &Target : gpuTargetsOf(ClangArguments))
    if (std::optional<GpuArchitecture> Built = GpuArchitecture::parse(Target.Arch);
        Built && static_cast<int>(Built->number()) < Oldest)
      return "it builds for " + Target.Arch + ", which CUDA " + Installed + " does not compile for";
  size_t Compiler = compilerIndex(Command.Arguments);
  if (Compiler < Command.Arguments.size()) {
    static const llvm::Regex ToolkitDirectory("cuda-?([0-9]+)\\.[0-9]+/");
    llvm::SmallVector<llvm::StringRef, 2> Match;
    unsigned Major = 0;
    if (ToolkitDirectory.match(Command.Arguments[Compiler], &Match) &&
        !Match[1].getAsInteger(10, Major) && static_cast<int>(Major) < Toolchain.CudaVersion / 1000)
      return "its compiler is " + Command.Arguments[Compiler];
  }
  return {};
}

CompileCommand commandFromFallbackFlags(llvm::StringRef File,
                                        const std::vector<std::string> &Flags) {
  llvm::SmallString<256> Directory;
  if (llvm::sys::fs::current_path(Directory))
    Directory = "/";
  CompileCommand Command;
  Command.Directory = std::string(Directory);
  Command.File = absoluteWithoutDots(File, Command.Directory);
  // A .c file is C, as cc compiles it.
  Command.Arguments.push_back(llvm::sys::path::extension(Command.File) == ".c" ? "clang"
                                                                               : "clang++");
  Command.Arguments.insert(Command.Arguments.end(), Flags.begin(), Flags.end());
  Command.Arguments.push_back(Command.File);
  return Command;
}

// Reads back what translateCompileCommand wrote, or a clang database's own
// flags: --no-cuda-include-ptx names an architecture with machine code only.
std::vector<GpuTarget> gpuTargetsOf(const std::vector<std::string> &ClangArguments) {
  std::vector<GpuTarget> Targets;
  std::vector<std::pair<std::string, bool>> PtxChoices; // arch or "all", included
  for (llvm::StringRef Argument : ClangArguments) {
    if (Argument.consume_front("--cuda-gpu-arch=") || Argument.consume_front("--offload-arch=")) {
      for (llvm::StringRef Name : llvm::split(Argument, ','))
        if (!Name.empty() &&
            llvm::none_of(Targets, [&](const GpuTarget &Target) { return Target.Arch == Name; }))
          Targets.push_back({Name.str(), true});
      continue;
    }
    bool Included = Argument.consume_front("--cuda-include-ptx=");
    if (Included || Argument.consume_front("--no-cuda-include-ptx="))
      PtxChoices.emplace_back(Argument.str(), Included);
  }
  // An architecture named only by --no-cuda-include-ptx is one the command
  // translation dropped because this clang cannot compile for it: the GPU
  // still runs the unit's machine code for it.
  for (const auto &[Arch, Included] : PtxChoices)
    if (!Included && Arch != "all" &&
        llvm::none_of(Targets, [&](const GpuTarget &Target) { return Target.Arch == Arch; }))
      Targets.push_back({Arch, false});
  for (GpuTarget &Target : Targets)
    for (const auto &[Arch, Included] : PtxChoices)
      if (Arch == "all" || Arch == Target.Arch)
        Target.EmbedsPtx = Included;
  return Targets;
}

} // namespace cudalint
