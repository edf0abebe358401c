// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "database/CompileDatabase.h"
#include "support/JsonInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

namespace cudalint {

namespace {

using Tokenizer = void (*)(llvm::StringRef, llvm::StringSaver &,
                           llvm::SmallVectorImpl<const char *> &, bool);

// Deep enough for any build system; shallow enough to stop a file that
// names itself through another one.
constexpr unsigned MaxResponseFileDepth = 16;
constexpr unsigned MaxResponseFileReads = 4096;
constexpr size_t MaxExpandedArguments = 1 << 16;

std::string absoluteWithoutDots(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> Result;
  if (llvm::sys::path::is_absolute(Path)) {
    Result = Path;
  } else {
    Result = Base;
    llvm::sys::path::append(Result, Path);
  }
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  return std::string(Result);
}

std::string currentDirectory() {
  llvm::SmallString<256> Directory;
  if (llvm::sys::fs::current_path(Directory))
    return "/";
  return std::string(Directory);
}

// A database written on Windows keeps backslashes that GNU quoting would
// swallow as escapes, so only a command that starts with a drive letter is
// split the Windows way.
bool looksLikeWindowsCommand(llvm::StringRef Command) {
  Command = Command.ltrim().ltrim('"');
  return Command.size() > 2 && llvm::isAlpha(Command[0]) && Command[1] == ':' &&
         (Command[2] == '\\' || Command[2] == '/');
}

std::vector<std::string> tokenize(llvm::StringRef Text, Tokenizer Split) {
  llvm::BumpPtrAllocator Allocator;
  llvm::StringSaver Saver(Allocator);
  llvm::SmallVector<const char *, 64> Tokens;
  Split(Text, Saver, Tokens, /*MarkEOLs=*/false);
  std::vector<std::string> Result;
  for (const char *Token : Tokens)
    Result.emplace_back(Token);
  return Result;
}

Tokenizer tokenizerFor(llvm::StringRef Command) {
  if (looksLikeWindowsCommand(Command))
    return llvm::cl::TokenizeWindowsCommandLine;
  return llvm::cl::TokenizeGNUCommandLine;
}

// The response files an argument names: `@file` (gcc, clang) and nvcc's
// `--options-file F`, `--options-file=F`, `-optf F`, where nvcc also takes
// a comma-separated list. `ConsumesNext` is set when the names are the next
// argument.
std::vector<std::string> responseFilesNamedBy(llvm::StringRef Argument, const std::string *Next,
                                              bool &ConsumesNext) {
  ConsumesNext = false;
  if (Argument.size() > 1 && Argument.front() == '@')
    return {Argument.drop_front().str()};
  llvm::StringRef List;
  if (Argument == "--options-file" || Argument == "-optf") {
    if (!Next)
      return {};
    ConsumesNext = true;
    List = *Next;
  } else if (!Argument.consume_front("--options-file=") && !Argument.consume_front("-optf=")) {
    return {};
  } else {
    List = Argument;
  }
  llvm::SmallVector<llvm::StringRef, 2> Names;
  List.split(Names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  std::vector<std::string> Result;
  for (llvm::StringRef Name : Names)
    Result.push_back(Name.str());
  return Result;
}

class ResponseFileExpander {
public:
  ResponseFileExpander(llvm::StringRef Directory, Tokenizer Split,
                       std::vector<std::string> &Problems)
      : Directory(Directory), Split(Split), Problems(Problems) {}

  std::vector<std::string> expand(const std::vector<std::string> &Arguments) {
    std::vector<std::string> Result;
    expandInto(Arguments, Result);
    return Result;
  }

private:
  void expandInto(const std::vector<std::string> &Arguments, std::vector<std::string> &Result) {
    for (size_t I = 0; I < Arguments.size(); ++I) {
      const std::string *Next = I + 1 < Arguments.size() ? &Arguments[I + 1] : nullptr;
      bool ConsumesNext = false;
      std::vector<std::string> Files = responseFilesNamedBy(Arguments[I], Next, ConsumesNext);
      if (Files.empty()) {
        Result.push_back(Arguments[I]);
        continue;
      }
      for (const std::string &File : Files)
        expandFile(File, Result);
      if (ConsumesNext)
        ++I;
    }
  }

  void expandFile(llvm::StringRef Name, std::vector<std::string> &Result) {
    std::string Path = absoluteWithoutDots(Name, Directory);
    if (llvm::is_contained(Open, Path)) {
      Problems.push_back("response file '" + Path + "' includes itself");
      return;
    }
    if (Open.size() >= MaxResponseFileDepth) {
      Problems.push_back("response file '" + Path + "' nests too deeply");
      return;
    }
    // Files that name each other several times over expand exponentially.
    if (++Reads > MaxResponseFileReads || Result.size() > MaxExpandedArguments) {
      if (!GaveUp)
        Problems.push_back("response file '" + Path + "' expands to more than " +
                           std::to_string(MaxResponseFileReads) + " files or " +
                           std::to_string(MaxExpandedArguments) + " arguments");
      GaveUp = true;
      return;
    }
    auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
    if (!Buffer) {
      Problems.push_back("cannot read response file '" + Path +
                         "': " + Buffer.getError().message());
      return;
    }
    Open.push_back(Path);
    expandInto(tokenize((*Buffer)->getBuffer(), Split), Result);
    Open.pop_back();
  }

  std::string Directory;
  Tokenizer Split;
  std::vector<std::string> &Problems;
  std::vector<std::string> Open; // the files being expanded, outermost first
  unsigned Reads = 0;
  bool GaveUp = false;
};

// Reads one array element; returns an empty optional and says why in
// `Problem` when the entry cannot be used at all.
class EntryReader {
public:
  EntryReader(llvm::StringRef DatabaseDirectory) : DatabaseDirectory(DatabaseDirectory) {}

  std::optional<CompileCommand> read(const llvm::json::Value &Entry, std::string &Problem,
                                     std::vector<std::string> &UnitProblems) {
    const llvm::json::Object *Object = Entry.getAsObject();
    if (!Object) {
      Problem = "not a JSON object";
      return std::nullopt;
    }
    std::optional<llvm::StringRef> Directory = stringField(*Object, "directory", Problem);
    std::optional<llvm::StringRef> File = stringField(*Object, "file", Problem);
    if (!Directory || !File)
      return std::nullopt;
    Tokenizer Split = llvm::cl::TokenizeGNUCommandLine;
    std::optional<std::vector<std::string>> Arguments = argumentsOf(*Object, Split, Problem);
    if (!Arguments)
      return std::nullopt;

    CompileCommand Command;
    Command.Directory = absoluteWithoutDots(*Directory, DatabaseDirectory);
    Command.File = absoluteWithoutDots(*File, Command.Directory);
    Command.Arguments =
        ResponseFileExpander(Command.Directory, Split, UnitProblems).expand(*Arguments);
    return Command;
  }

private:
  static std::optional<llvm::StringRef> stringField(const llvm::json::Object &Object,
                                                    llvm::StringRef Name, std::string &Problem) {
    const llvm::json::Value *Value = Object.get(Name);
    if (!Value) {
      appendProblem(Problem, "no '" + Name.str() + "' field");
      return std::nullopt;
    }
    std::optional<llvm::StringRef> Text = Value->getAsString();
    if (!Text)
      appendProblem(Problem, "'" + Name.str() + "' is not a string");
    else if (Text->empty())
      appendProblem(Problem, "'" + Name.str() + "' is empty");
    else
      return Text;
    return std::nullopt;
  }

  // clang's own reader prefers `arguments` when both are present: it needs
  // no quoting rules.
  static std::optional<std::vector<std::string>>
  argumentsOf(const llvm::json::Object &Object, Tokenizer &Split, std::string &Problem) {
    if (const llvm::json::Value *Arguments = Object.get("arguments"))
      return argumentArray(*Arguments, Problem);
    const llvm::json::Value *Command = Object.get("command");
    if (!Command) {
      appendProblem(Problem, "neither 'arguments' nor 'command' field");
      return std::nullopt;
    }
    std::optional<llvm::StringRef> Text = Command->getAsString();
    if (!Text) {
      appendProblem(Problem, "'command' is not a string");
      return std::nullopt;
    }
    Split = tokenizerFor(*Text);
    std::vector<std::string> Result = tokenize(*Text, Split);
    if (Result.empty()) {
      appendProblem(Problem, "'command' is empty");
      return std::nullopt;
    }
    return Result;
  }

  static std::optional<std::vector<std::string>> argumentArray(const llvm::json::Value &Value,
                                                               std::string &Problem) {
    const llvm::json::Array *Array = Value.getAsArray();
    if (!Array) {
      appendProblem(Problem, "'arguments' is not an array");
      return std::nullopt;
    }
    if (Array->empty()) {
      appendProblem(Problem, "'arguments' is empty");
      return std::nullopt;
    }
    std::vector<std::string> Result;
    for (size_t I = 0; I < Array->size(); ++I) {
      std::optional<llvm::StringRef> Text = (*Array)[I].getAsString();
      if (!Text) {
        appendProblem(Problem, "'arguments' element " + std::to_string(I) + " is not a string");
        return std::nullopt;
      }
      Result.push_back(Text->str());
    }
    return Result;
  }

  static void appendProblem(std::string &Problem, const std::string &More) {
    Problem += Problem.empty() ? More : ", " + More;
  }

  std::string DatabaseDirectory;
};

std::optional<llvm::json::Array> parseJsonArray(llvm::StringRef Text, llvm::StringRef JsonPath,
                                                std::string &Problem) {
  llvm::Expected<llvm::json::Value> Json = parseJsonInput(Text);
  if (!Json) {
    Problem = JsonPath.str() + ": not valid JSON: " + llvm::toString(Json.takeError());
    return std::nullopt;
  }
  llvm::json::Array *Array = Json->getAsArray();
  if (!Array) {
    Problem = JsonPath.str() + ": not a JSON array of compile commands";
    return std::nullopt;
  }
  return std::move(*Array);
}

bool hasCudaExtension(llvm::StringRef File) {
  llvm::StringRef Extension = llvm::sys::path::extension(File);
  return Extension.equals_insensitive(".cu") || Extension.equals_insensitive(".cuh");
}

// The language of the last `-x`, nvcc's `--x` included; "none" resets it
// as in gcc.
std::optional<std::string> explicitLanguage(const std::vector<std::string> &Arguments) {
  std::optional<std::string> Language;
  for (size_t I = 0; I < Arguments.size(); ++I) {
    llvm::StringRef Argument = Arguments[I];
    std::optional<llvm::StringRef> Value;
    if (Argument == "-x" || Argument == "--x") {
      if (I + 1 < Arguments.size())
        Value = Arguments[++I];
    } else if (Argument.consume_front("--x=") || Argument.consume_front("-x=") ||
               Argument.consume_front("-x")) {
      Value = Argument;
    }
    if (!Value)
      continue;
    if (*Value == "none")
      Language.reset();
    else
      Language = Value->str();
  }
  return Language;
}

// Windows style splits at both slashes, so a database written on
// Windows names its compiler just as well.
llvm::StringRef programName(llvm::StringRef Program) {
  return llvm::sys::path::filename(Program, llvm::sys::path::Style::windows);
}

bool isLauncher(llvm::StringRef Program) {
  llvm::StringRef Name = programName(Program);
  Name.consume_back_insensitive(".exe");
  return llvm::is_contained({"ccache", "sccache", "distcc", "icecc", "buildcache"}, Name);
}

// "clang++-22" → "clang++", "gcc-12.2" → "gcc".
llvm::StringRef withoutVersionSuffix(llvm::StringRef Name) {
  llvm::StringRef Stripped = Name.rtrim("0123456789.");
  if (Stripped.size() < Name.size() && Stripped.consume_back("-"))
    return Stripped;
  return Name;
}

// A cross compiler carries its target in front: "aarch64-linux-gnu-g++".
bool isNamed(llvm::StringRef Name, llvm::StringRef Compiler) {
  return Name == Compiler ||
         (Name.ends_with(Compiler) && Name[Name.size() - Compiler.size() - 1] == '-');
}

// g++ and clang++ compile a .c file as C++; gcc, cc and clang as C.
bool isCxxDriver(llvm::StringRef Program) {
  std::string Lower = programName(Program).lower();
  llvm::StringRef Name(Lower);
  Name.consume_back(".exe");
  Name = withoutVersionSuffix(Name);
  return Name.contains("++") || Name.ends_with("cxx");
}

} // namespace

CompilerKind compilerKind(llvm::StringRef Program) {
  std::string Lower = programName(Program).lower();
  llvm::StringRef Name(Lower);
  Name.consume_back(".exe");
  Name = withoutVersionSuffix(Name);
  if (Name == "nvcc")
    return CompilerKind::Nvcc;
  if (isNamed(Name, "clang++") || isNamed(Name, "clang"))
    return CompilerKind::Clang;
  for (llvm::StringRef Gcc : {"g++", "gcc", "c++", "cc"})
    if (isNamed(Name, Gcc))
      return CompilerKind::Gcc;
  return CompilerKind::Unknown;
}

size_t compilerIndex(const std::vector<std::string> &Arguments) {
  size_t Index = 0;
  while (Index < Arguments.size() && isLauncher(Arguments[Index])) {
    ++Index;
    // ccache 4 takes configuration as KEY=VALUE before the compiler.
    while (Index < Arguments.size() && llvm::StringRef(Arguments[Index]).contains('=') &&
           !llvm::StringRef(Arguments[Index]).starts_with("-"))
      ++Index;
  }
  return Index;
}

CompileDatabase loadCompileDatabase(llvm::StringRef JsonPath) {
  auto Buffer = llvm::MemoryBuffer::getFile(JsonPath, /*IsText=*/true);
  if (!Buffer) {
    CompileDatabase Database;
    Database.Path = absoluteWithoutDots(JsonPath, currentDirectory());
    Database.Problems.push_back("cannot read compile database '" + JsonPath.str() +
                                "': " + Buffer.getError().message());
    return Database;
  }
  return parseCompileDatabase((*Buffer)->getBuffer(), JsonPath);
}

CompileDatabase parseCompileDatabase(llvm::StringRef Text, llvm::StringRef JsonPath) {
  CompileDatabase Database;
  Database.Path = absoluteWithoutDots(JsonPath, currentDirectory());
  std::string Problem;
  std::optional<llvm::json::Array> Entries = parseJsonArray(Text, JsonPath, Problem);
  if (!Entries) {
    Database.Problems.push_back(Problem);
    return Database;
  }
  Database.Loaded = true;
  EntryReader Reader(llvm::sys::path::parent_path(Database.Path));
  for (size_t Index = 0; Index < Entries->size(); ++Index) {
    std::string Where = JsonPath.str() + ": entry " + std::to_string(Index);
    std::string EntryProblem;
    std::vector<std::string> UnitProblems;
    std::optional<CompileCommand> Command =
        Reader.read((*Entries)[Index], EntryProblem, UnitProblems);
    if (!Command) {
      Database.Problems.push_back(Where + ": " + EntryProblem + "; skipped");
      continue;
    }
    for (const std::string &UnitProblem : UnitProblems)
      Database.Problems.push_back(Where + " (" + Command->File + "): " + UnitProblem +
                                  "; analysed without those flags");
    Database.Commands.push_back(std::move(*Command));
  }
  return Database;
}

std::optional<std::string> findCompileDatabaseAbove(llvm::StringRef Source) {
  std::string Start = absoluteWithoutDots(Source, currentDirectory());
  llvm::StringRef Directory = Start;
  if (!llvm::sys::fs::is_directory(Start))
    Directory = llvm::sys::path::parent_path(Start);
  for (; !Directory.empty(); Directory = llvm::sys::path::parent_path(Directory)) {
    llvm::SmallString<256> Candidate(Directory);
    llvm::sys::path::append(Candidate, "compile_commands.json");
    if (llvm::sys::fs::is_regular_file(Candidate))
      return std::string(Candidate);
  }
  return std::nullopt;
}

std::vector<const CompileCommand *> commandsForFile(const CompileDatabase &Database,
                                                    llvm::StringRef File) {
  std::string Wanted = absoluteWithoutDots(File, currentDirectory());
  std::vector<const CompileCommand *> Result;
  for (const CompileCommand &Command : Database.Commands)
    if (Command.File == Wanted)
      Result.push_back(&Command);
  return Result;
}

const CompileCommand *closestCommand(const CompileDatabase &Database, llvm::StringRef File) {
  const CompileCommand *Best = nullptr;
  size_t BestLength = 0;
  for (const CompileCommand &Command : Database.Commands) {
    size_t Length = 0;
    while (Length < File.size() && Length < Command.File.size() &&
           File[Length] == Command.File[Length])
      ++Length;
    if (!Best || Length > BestLength) {
      Best = &Command;
      BestLength = Length;
    }
  }
  return Best;
}

CompileCommand commandWithFile(CompileCommand Command, const std::string &File) {
  for (std::string &Argument : Command.Arguments)
    if (Argument == Command.File ||
        absoluteWithoutDots(Argument, Command.Directory) == Command.File)
      Argument = File;
  Command.File = File;
  return Command;
}

bool isCudaUnit(const CompileCommand &Command) {
  if (std::optional<std::string> Language = explicitLanguage(Command.Arguments))
    return *Language == "cu" || *Language == "cuda";
  if (hasCudaExtension(Command.File))
    return true;
  size_t Compiler = compilerIndex(Command.Arguments);
  // nvcc puts the toolkit's headers on every unit's include path, so even a
  // .cpp it compiles is parsed as CUDA to see the same declarations.
  return Compiler < Command.Arguments.size() &&
         compilerKind(Command.Arguments[Compiler]) == CompilerKind::Nvcc;
}

UnitLanguage unitLanguage(const CompileCommand &Command) {
  if (isCudaUnit(Command))
    return UnitLanguage::Cuda;
  if (std::optional<std::string> Language = explicitLanguage(Command.Arguments)) {
    if (llvm::is_contained({"c", "c-header", "cpp-output"}, *Language))
      return UnitLanguage::C;
    if (llvm::is_contained({"c++", "c++-header", "c++-cpp-output"}, *Language))
      return UnitLanguage::Cxx;
    return UnitLanguage::Other;
  }
  llvm::StringRef Extension = llvm::sys::path::extension(Command.File);
  if (Extension == ".c") {
    size_t Compiler = compilerIndex(Command.Arguments);
    bool CxxDriver =
        Compiler < Command.Arguments.size() && isCxxDriver(Command.Arguments[Compiler]);
    return CxxDriver ? UnitLanguage::Cxx : UnitLanguage::C;
  }
  // gcc's C++ extensions; case matters: .C is C++, .c is not.
  if (llvm::is_contained({".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++", ".C"}, Extension))
    return UnitLanguage::Cxx;
  return UnitLanguage::Other;
}

} // namespace cudalint
