// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "config/Config.h"

#include "config/GlobList.h"

#include "CheckInputs.h"
#include "shared/CudaApi.h"
#include "support/GpuProbe.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <algorithm>
#include <set>

using namespace llvm;

namespace cudalint {

std::string ConfigDiagnostic::place() const {
  if (!Line)
    return File;
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

std::string ConfigDiagnostic::str() const {
  return File.empty() ? Message : place() + ": " + Message;
}

namespace {

constexpr StringLiteral ChecksKey = "Checks";
constexpr StringLiteral CheckOptionsKey = "CheckOptions";
constexpr StringLiteral WarningsAsErrorsKey = "WarningsAsErrors";
constexpr StringLiteral HeaderFilterRegexKey = "HeaderFilterRegex";
constexpr StringLiteral UnitsKey = "Units";
constexpr StringLiteral ExtraArgsKey = "ExtraArgs";
constexpr StringLiteral ExtraArgsBeforeKey = "ExtraArgsBefore";
constexpr StringLiteral InheritParentConfigKey = "InheritParentConfig";
constexpr StringLiteral TargetGpusKey = "TargetGpus";
constexpr StringLiteral CudaVersionKey = "CudaVersion";
constexpr StringLiteral KnownKeys[] = {
    ChecksKey,    CheckOptionsKey,    WarningsAsErrorsKey,    HeaderFilterRegexKey, UnitsKey,
    ExtraArgsKey, ExtraArgsBeforeKey, InheritParentConfigKey, TargetGpusKey,        CudaVersionKey};

struct DatabaseUnitsSpelling {
  StringLiteral Name;
  DatabaseUnits Units;
};
constexpr DatabaseUnitsSpelling DatabaseUnitsSpellings[] = {
    {"cuda", DatabaseUnits::Cuda},
    {"cuda-api", DatabaseUnits::CudaApi},
};

// " did you mean 'X'?" when one of `Candidates` is a likely misspelling of
// `Name`, else "".
std::string suggestion(StringRef Name, ArrayRef<std::string> Candidates) {
  const std::string *Best = nullptr;
  unsigned BestDistance = 0;
  for (const std::string &Candidate : Candidates) {
    unsigned Distance = Name.edit_distance(Candidate, /*AllowReplacements=*/true);
    if (!Best || Distance < BestDistance) {
      Best = &Candidate;
      BestDistance = Distance;
    }
  }
  if (!Best || BestDistance == 0 ||
      BestDistance > std::max<size_t>(2, std::max(Name.size(), Best->size()) / 3))
    return "";
  return "; did you mean '" + *Best + "'?";
}

// Globs are separated as GlobList separates them: by commas or newlines.
std::vector<StringRef> splitGlobs(StringRef Globs) {
  SmallVector<StringRef> Parts;
  Globs.split(Parts, ',');
  std::vector<StringRef> Result;
  for (StringRef Part : Parts) {
    SmallVector<StringRef> Lines;
    Part.split(Lines, '\n');
    for (StringRef Glob : Lines)
      if (!Glob.trim().empty())
        Result.push_back(Glob.trim());
  }
  return Result;
}

// The globs as one line, without those no name can reach: the last glob that
// matches decides, so everything before a final `*` or `-*` is dead. A dump
// read back (after the default `cuda-*`) then dumps the same.
std::string normalizedGlobs(StringRef Globs) {
  std::vector<StringRef> Items = splitGlobs(Globs);
  auto Everything = std::find_if(Items.rbegin(), Items.rend(), [](StringRef Glob) {
    Glob.consume_front("-");
    return Glob.trim() == "*";
  });
  if (Everything != Items.rend())
    Items.erase(Items.begin(), std::prev(Everything.base()));
  return join(Items, ",");
}

void appendGlobs(std::string &Into, StringRef More) {
  if (More.trim().empty())
    return;
  Into = Into.empty() ? More.str() : Into + "," + More.str();
}

class ConfigParser {
public:
  ConfigParser(StringRef Text, ConfigFile &Result) : Text(Text), Result(Result) {}

  void parse() {
    SourceMgr Sources;
    Sources.setDiagHandler(
        [](const SMDiagnostic &Diagnostic, void *Context) {
          auto *Parser = static_cast<ConfigParser *>(Context);
          Parser->Result.Errors.push_back(
              {Parser->Result.Path, static_cast<unsigned>(Diagnostic.getLineNo()),
               static_cast<unsigned>(Diagnostic.getColumnNo() + 1), Diagnostic.getMessage().str()});
        },
        this);
    yaml::Stream Stream(Text, Sources, /*ShowColors=*/false);
    // The first document is the configuration, as clang-tidy reads it.
    yaml::document_iterator Document = Stream.begin();
    if (Document == Stream.end())
      return;
    yaml::Node *Root = Document->getRoot();
    if (auto *Map = dyn_cast_or_null<yaml::MappingNode>(Root))
      parseTopLevel(*Map);
    else if (Root && !isa<yaml::NullNode>(Root))
      error(Root, "a configuration file must be a mapping of keys to values");
    Document->skip();
  }

private:
  std::pair<unsigned, unsigned> lineAndColumn(const char *Where) const {
    if (!Where || Where < Text.begin() || Where > Text.end())
      return {0, 0};
    StringRef Before = Text.take_front(Where - Text.begin());
    size_t LineStart = Before.rfind('\n');
    unsigned Column = LineStart == StringRef::npos ? Before.size() + 1 : Before.size() - LineStart;
    return {static_cast<unsigned>(Before.count('\n') + 1), Column};
  }

  std::pair<unsigned, unsigned> lineAndColumn(yaml::Node *Node) const {
    return Node ? lineAndColumn(Node->getSourceRange().Start.getPointer())
                : std::pair<unsigned, unsigned>(0, 0);
  }

  LocatedText located(yaml::Node *Node, std::string Value) const {
    auto [Line, Column] = lineAndColumn(Node);
    return {std::move(Value), Line, Column};
  }

  ConfigDiagnostic at(yaml::Node *Node, const Twine &Message) const {
    auto [Line, Column] = lineAndColumn(Node);
    return {Result.Path, Line, Column, Message.str()};
  }

  void error(yaml::Node *Node, const Twine &Message) { Result.Errors.push_back(at(Node, Message)); }

  void unknownKey(yaml::Node *Key, StringRef Name, ArrayRef<std::string> Known, StringRef Where) {
    Result.UnknownKeys.push_back(
        at(Key, "unknown key '" + Name + "'" + Where + suggestion(Name, Known) + " (ignored)"));
  }

  // A scalar's value; an empty value (`Key:`) is the empty string.
  std::optional<std::string> scalar(yaml::Node *Node) {
    if (auto *Plain = dyn_cast<yaml::ScalarNode>(Node)) {
      SmallString<64> Storage;
      return Plain->getValue(Storage).str();
    }
    if (auto *Block = dyn_cast<yaml::BlockScalarNode>(Node))
      return Block->getValue().str();
    if (isa<yaml::NullNode>(Node))
      return std::string();
    return std::nullopt;
  }

  std::optional<std::string> requireScalar(yaml::Node *Node, StringRef Key) {
    std::optional<std::string> Value = scalar(Node);
    if (!Value) {
      error(Node, "'" + Key + "' must be a string");
      Node->skip();
    }
    return Value;
  }

  // Each glob of a Checks-like value with its own place: a glob's place is
  // where its text starts inside the value as written.
  void locateGlobs(yaml::Node *Node, StringRef Value, std::vector<LocatedText> &Globs) {
    SMRange Range = Node->getSourceRange();
    const char *Begin = Range.Start.getPointer();
    const char *End = Range.End.getPointer();
    StringRef Written = Begin && End && Begin <= End ? StringRef(Begin, End - Begin) : StringRef();
    size_t From = 0;
    for (StringRef Glob : splitGlobs(Value)) {
      size_t Found = Written.find(Glob, From);
      const char *Where = Found == StringRef::npos ? Begin : Written.data() + Found;
      if (Found != StringRef::npos)
        From = Found + Glob.size();
      auto [Line, Column] = lineAndColumn(Where);
      Globs.push_back({Glob.str(), Line, Column});
    }
  }

  // A string of comma-separated globs, or (as clang-tidy also accepts) a
  // list of them.
  std::optional<std::string> globs(yaml::Node *Node, StringRef Key,
                                   std::vector<LocatedText> &Located) {
    if (auto *List = dyn_cast<yaml::SequenceNode>(Node)) {
      // A collection is iterated to its end even after a bad item: the
      // parser cannot skip from the middle of one.
      std::vector<std::string> Items;
      bool Valid = true;
      for (yaml::Node &Item : *List) {
        std::optional<std::string> Value = requireScalar(&Item, Key);
        Valid = Valid && Value;
        if (Value) {
          locateGlobs(&Item, *Value, Located);
          Items.push_back(*Value);
        }
      }
      if (!Valid)
        return std::nullopt;
      return join(Items, ",");
    }
    std::optional<std::string> Value = requireScalar(Node, Key);
    if (Value)
      locateGlobs(Node, *Value, Located);
    return Value;
  }

  std::optional<std::vector<std::string>> stringList(yaml::Node *Node, StringRef Key) {
    if (isa<yaml::NullNode>(Node))
      return std::vector<std::string>();
    auto *List = dyn_cast<yaml::SequenceNode>(Node);
    if (!List) {
      error(Node, "'" + Key + "' must be a list of strings");
      Node->skip();
      return std::nullopt;
    }
    std::vector<std::string> Items;
    bool Valid = true;
    for (yaml::Node &Item : *List) {
      std::optional<std::string> Value = scalar(&Item);
      if (!Value) {
        if (Valid)
          error(&Item, "'" + Key + "' must be a list of strings");
        Valid = false;
        Item.skip();
        continue;
      }
      Items.push_back(std::move(*Value));
    }
    if (!Valid)
      return std::nullopt;
    return Items;
  }

  void addOption(yaml::Node *KeyNode, std::string Key, yaml::Node *ValueNode) {
    std::optional<std::string> Value = scalar(ValueNode);
    if (!Value) {
      error(ValueNode, "the value of check option '" + Key + "' must be a string");
      ValueNode->skip();
      return;
    }
    Result.CheckOptions.push_back({located(KeyNode, std::move(Key)), std::move(*Value)});
  }

  // `- key: check.Option` / `  value: ...` items, clang-tidy's original form.
  void parseOptionItem(yaml::Node &Item) {
    auto *Map = dyn_cast<yaml::MappingNode>(&Item);
    if (!Map) {
      error(&Item, "each item of 'CheckOptions' must be a mapping with 'key' and 'value'");
      Item.skip();
      return;
    }
    yaml::Node *KeyNode = nullptr;
    std::optional<std::string> Key;
    std::optional<std::string> Value;
    static const std::vector<std::string> ItemKeys = {"key", "value"};
    for (yaml::KeyValueNode &Entry : *Map) {
      if (!Entry.getKey() || !Entry.getValue())
        continue;
      std::optional<std::string> Name = scalar(Entry.getKey());
      if (Name == "key") {
        KeyNode = Entry.getValue();
        Key = requireScalar(KeyNode, "key");
      } else if (Name == "value") {
        Value = requireScalar(Entry.getValue(), "value");
      } else {
        unknownKey(Entry.getKey(), Name.value_or(""), ItemKeys, " in a CheckOptions item");
        Entry.skip();
      }
    }
    if (!KeyNode) {
      error(&Item, "a 'CheckOptions' item lacks its 'key'");
      return;
    }
    if (!Key)
      return;
    if (!Value) {
      error(&Item, "check option '" + *Key + "' lacks its 'value'");
      return;
    }
    Result.CheckOptions.push_back({located(KeyNode, std::move(*Key)), std::move(*Value)});
  }

  void parseCheckOptions(yaml::Node *Node) {
    if (isa<yaml::NullNode>(Node))
      return;
    if (auto *List = dyn_cast<yaml::SequenceNode>(Node)) {
      for (yaml::Node &Item : *List)
        parseOptionItem(Item);
      return;
    }
    if (auto *Map = dyn_cast<yaml::MappingNode>(Node)) {
      for (yaml::KeyValueNode &Entry : *Map) {
        if (!Entry.getKey() || !Entry.getValue())
          continue;
        std::optional<std::string> Key = requireScalar(Entry.getKey(), "a check option key");
        if (Key)
          addOption(Entry.getKey(), std::move(*Key), Entry.getValue());
        else
          Entry.skip();
      }
      return;
    }
    error(Node, "'CheckOptions' must be a map of option to value, or a list "
                "of {key, value}");
    Node->skip();
  }

  // `TargetGpus: [sm_90, sm_120]`, or one string "sm_90,sm_120".
  void parseTargetGpus(yaml::Node *Node) {
    std::vector<std::pair<std::string, yaml::Node *>> Names;
    if (auto *List = dyn_cast<yaml::SequenceNode>(Node)) {
      for (yaml::Node &Item : *List) {
        std::optional<std::string> Name = scalar(&Item);
        if (!Name) {
          error(&Item, "'TargetGpus' must be a list of GPU architectures");
          Node->skip();
          return;
        }
        Names.emplace_back(std::move(*Name), &Item);
      }
    } else if (std::optional<std::string> Text = requireScalar(Node, TargetGpusKey)) {
      for (StringRef Name : llvm::split(*Text, ','))
        if (!Name.trim().empty())
          Names.emplace_back(Name.trim().str(), Node);
    } else {
      return;
    }
    std::vector<std::string> Gpus;
    for (auto &[Name, Where] : Names) {
      if (!GpuArchitecture::parse(Name)) {
        error(Where, "'TargetGpus' names '" + Name +
                         "', which is no GPU architecture (write sm_90, sm_90a or 9.0)");
        return;
      }
      Gpus.push_back(std::move(Name));
    }
    Result.TargetGpus = std::move(Gpus);
  }

  void parseTopLevel(yaml::MappingNode &Map) {
    static const std::vector<std::string> Known(std::begin(KnownKeys), std::end(KnownKeys));
    std::set<std::string> Seen;
    for (yaml::KeyValueNode &Entry : Map) {
      yaml::Node *KeyNode = Entry.getKey();
      std::optional<std::string> Key = KeyNode ? scalar(KeyNode) : std::nullopt;
      if (!Key) {
        error(KeyNode, "a key must be a string");
        Entry.skip();
        continue;
      }
      if (!llvm::is_contained(KnownKeys, *Key)) {
        unknownKey(KeyNode, *Key, Known, "");
        Entry.skip();
        continue;
      }
      if (!Seen.insert(*Key).second) {
        error(KeyNode, "duplicated key '" + *Key + "'");
        Entry.skip();
        continue;
      }
      yaml::Node *Value = Entry.getValue();
      if (!Value) // the parser has already reported why
        continue;
      if (*Key == ChecksKey) {
        Result.Checks = globs(Value, *Key, Result.CheckGlobs);
      } else if (*Key == WarningsAsErrorsKey) {
        Result.WarningsAsErrors = globs(Value, *Key, Result.WarningsAsErrorsGlobs);
      } else if (*Key == HeaderFilterRegexKey) {
        if (std::optional<std::string> Regex = requireScalar(Value, *Key))
          Result.HeaderFilterRegex = located(Value, std::move(*Regex));
      } else if (*Key == UnitsKey) {
        std::optional<std::string> Text = requireScalar(Value, *Key);
        if (!Text)
          continue;
        Result.Units = parseDatabaseUnits(*Text);
        if (!Result.Units)
          error(Value, "'Units' must be 'cuda' or 'cuda-api', not '" + *Text + "'");
      } else if (*Key == ExtraArgsKey) {
        Result.ExtraArgs = stringList(Value, *Key);
      } else if (*Key == ExtraArgsBeforeKey) {
        Result.ExtraArgsBefore = stringList(Value, *Key);
      } else if (*Key == TargetGpusKey) {
        parseTargetGpus(Value);
      } else if (*Key == CudaVersionKey) {
        std::optional<std::string> Text = requireScalar(Value, *Key);
        if (!Text)
          continue;
        Result.CudaVersion = cudaVersionNumber(*Text);
        if (!Result.CudaVersion)
          error(Value,
                "'CudaVersion' must be a CUDA version such as 12 or 12.4, not '" + *Text + "'");
      } else if (*Key == CheckOptionsKey) {
        parseCheckOptions(Value);
      } else if (*Key == InheritParentConfigKey) {
        std::optional<std::string> Text = requireScalar(Value, *Key);
        if (!Text)
          continue;
        std::optional<bool> Flag = yaml::parseBool(*Text);
        if (!Flag)
          error(Value, "'InheritParentConfig' must be true or false, not '" + *Text + "'");
        Result.InheritParentConfig = Flag.value_or(false);
      }
    }
  }

  StringRef Text;
  ConfigFile &Result;
};

// The option names a check writes from storeOptions, sorted.
std::vector<std::string> optionNames(const CheckDescription &Check) {
  std::vector<std::string> Names;
  CheckOptionMap Stored = effectiveCheckOptions({&Check}, {});
  std::string Prefix = Check.Id.str() + ".";
  for (const auto &[Key, Value] : Stored)
    if (StringRef(Key).starts_with(Prefix))
      Names.push_back(Key.substr(Prefix.size()));
  return Names;
}

std::vector<std::string> checkIds(ArrayRef<CheckDescription> Registered) {
  std::vector<std::string> Ids;
  for (const CheckDescription &Check : Registered)
    Ids.push_back(Check.Id.str());
  return Ids;
}

std::optional<std::string> globProblem(StringRef Written, StringRef Where,
                                       ArrayRef<CheckDescription> Registered) {
  StringRef Pattern = Written.trim();
  Pattern.consume_front("-");
  Pattern = Pattern.trim();
  if (Pattern.empty())
    return std::nullopt;
  GlobList Glob(Pattern);
  for (const CheckDescription &Check : Registered)
    if (Glob.contains(Check.Id))
      return std::nullopt;
  if (Pattern.contains('*'))
    return ("check glob '" + Pattern + "' in " + Where + " matches no check").str();
  return ("unknown check '" + Pattern + "' in " + Where + suggestion(Pattern, checkIds(Registered)))
      .str();
}

std::optional<std::string> optionKeyProblem(StringRef Key, ArrayRef<CheckDescription> Registered) {
  auto [CheckId, Option] = Key.split('.');
  if (Option.empty())
    return ("check option '" + Key + "' names no check; option keys are <check-id>.<Option>").str();
  const CheckDescription *Check = nullptr;
  for (const CheckDescription &Candidate : Registered)
    if (Candidate.Id == CheckId)
      Check = &Candidate;
  if (!Check)
    return ("unknown check '" + CheckId + "' in check option '" + Key + "'" +
            suggestion(CheckId, checkIds(Registered)))
        .str();
  std::vector<std::string> Options = optionNames(*Check);
  if (Options.empty())
    return ("check '" + CheckId + "' has no options; '" + Key + "' is ignored").str();
  if (!llvm::is_contained(Options, Option))
    return ("unknown option '" + Option + "' of check '" + CheckId + "'" +
            suggestion(Option, Options))
        .str();
  return std::nullopt;
}

// YAML for a value: single-quoted, or double-quoted with escapes when it
// holds characters single quotes cannot carry.
std::string quoted(StringRef Value) {
  bool Plain = llvm::all_of(Value, [](char C) { return isPrint(C); });
  if (!Plain)
    return "\"" + yaml::escape(Value) + "\"";
  std::string Result = "'";
  for (char C : Value) {
    if (C == '\'')
      Result += '\'';
    Result += C;
  }
  return Result + "'";
}

std::string quotedKey(StringRef Key) {
  bool Plain = !Key.empty() && llvm::all_of(Key, [](char C) {
    return isAlnum(C) || C == '-' || C == '_' || C == '.';
  });
  return Plain ? Key.str() : quoted(Key);
}

void writeList(raw_ostream &OS, StringRef Key, ArrayRef<std::string> Items) {
  OS << Key << ":";
  if (Items.empty()) {
    OS << " []\n";
    return;
  }
  OS << "\n";
  for (const std::string &Item : Items)
    OS << "  - " << quoted(Item) << "\n";
}

} // namespace

std::optional<DatabaseUnits> parseDatabaseUnits(StringRef Name) {
  for (const DatabaseUnitsSpelling &Spelling : DatabaseUnitsSpellings)
    if (Spelling.Name == Name)
      return Spelling.Units;
  return std::nullopt;
}

StringRef databaseUnitsName(DatabaseUnits Units) {
  for (const DatabaseUnitsSpelling &Spelling : DatabaseUnitsSpellings)
    if (Spelling.Units == Units)
      return Spelling.Name;
  llvm_unreachable("every DatabaseUnits value has a spelling");
}

ConfigFile parseConfigFile(StringRef Text, StringRef Path) {
  ConfigFile Result;
  Result.Path = Path.str();
  ConfigParser(Text, Result).parse();
  return Result;
}

ConfigFile readConfigFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    ConfigFile Unreadable;
    Unreadable.Path = Path.str();
    Unreadable.Errors.push_back(
        {Path.str(), 0, 0, "cannot read the file: " + Buffer.getError().message()});
    return Unreadable;
  }
  return parseConfigFile((*Buffer)->getBuffer(), Path);
}

void mergeConfigFile(Configuration &Into, const ConfigFile &Layer) {
  if (Layer.Checks)
    appendGlobs(Into.Checks, *Layer.Checks);
  if (Layer.WarningsAsErrors)
    appendGlobs(Into.WarningsAsErrors, *Layer.WarningsAsErrors);
  if (Layer.HeaderFilterRegex)
    Into.HeaderFilterRegex = Layer.HeaderFilterRegex->Text;
  if (Layer.Units)
    Into.Units = *Layer.Units;
  if (Layer.TargetGpus)
    Into.TargetGpus = *Layer.TargetGpus;
  if (Layer.CudaVersion)
    Into.CudaVersion = *Layer.CudaVersion;
  for (const auto &[Key, Value] : Layer.CheckOptions)
    Into.CheckOptions[Key.Text] = Value;
  if (Layer.ExtraArgs)
    llvm::append_range(Into.ExtraArgs, *Layer.ExtraArgs);
  if (Layer.ExtraArgsBefore)
    llvm::append_range(Into.ExtraArgsBefore, *Layer.ExtraArgsBefore);
  Into.Files.push_back(Layer.Path);
}

void mergeOverrides(Configuration &Into, const ConfigOverrides &Overrides) {
  if (Overrides.Checks)
    appendGlobs(Into.Checks, *Overrides.Checks);
  if (Overrides.WarningsAsErrors)
    appendGlobs(Into.WarningsAsErrors, *Overrides.WarningsAsErrors);
  if (Overrides.HeaderFilterRegex)
    Into.HeaderFilterRegex = *Overrides.HeaderFilterRegex;
  if (Overrides.Units)
    Into.Units = *Overrides.Units;
  if (Overrides.TargetGpus)
    Into.TargetGpus = *Overrides.TargetGpus;
  if (Into.TargetGpus.empty() && Overrides.DetectGpus &&
      GlobList(Into.Checks).contains(ArchCoverageCheckId))
    Into.TargetGpus = Overrides.DetectGpus();
  for (const auto &[Key, Value] : Overrides.CheckOptions)
    Into.CheckOptions[Key] = Value;
  llvm::append_range(Into.ExtraArgs, Overrides.ExtraArgs);
  llvm::append_range(Into.ExtraArgsBefore, Overrides.ExtraArgsBefore);
}

const ConfigFile *ConfigFinder::fileIn(StringRef Directory) {
  auto [It, Inserted] = ByDirectory.try_emplace(Directory);
  if (Inserted) {
    SmallString<256> Path(Directory);
    sys::path::append(Path, ConfigFileName);
    if (sys::fs::is_regular_file(Path))
      It->second = std::make_unique<ConfigFile>(readConfigFile(Path));
  }
  return It->second.get();
}

const ConfigFile *ConfigFinder::nearestFrom(StringRef Directory) {
  for (StringRef Dir = Directory; !Dir.empty(); Dir = sys::path::parent_path(Dir)) {
    if (const ConfigFile *Found = fileIn(Dir))
      return Found;
  }
  return nullptr;
}

std::vector<const ConfigFile *> ConfigFinder::filesForDirectory(StringRef Directory) {
  SmallString<256> Start(Directory);
  sys::path::remove_dots(Start, /*remove_dot_dot=*/true);
  std::vector<const ConfigFile *> NearestFirst;
  std::string From(Start);
  while (const ConfigFile *Found = nearestFrom(From)) {
    NearestFirst.push_back(Found);
    if (!Found->InheritParentConfig)
      break;
    // Continue above the directory that holds this file.
    StringRef Holder = sys::path::parent_path(Found->Path);
    StringRef Above = sys::path::parent_path(Holder);
    if (Above.empty() || Above == Holder)
      break;
    From = Above.str();
  }
  std::reverse(NearestFirst.begin(), NearestFirst.end());
  return NearestFirst;
}

std::vector<const ConfigFile *> ConfigFinder::filesFor(StringRef SourceFile) {
  return filesForDirectory(sys::path::parent_path(SourceFile));
}

CheckOptionMap effectiveCheckOptions(ArrayRef<const CheckDescription *> Checks,
                                     const CheckOptionMap &Given) {
  CheckOptionMap Result = Given;
  for (const CheckDescription *Check : Checks)
    storeCheckOptions(*Check, Given, Result);
  return Result;
}

void writeConfiguration(raw_ostream &OS, const Configuration &Config,
                        const CheckOptionMap &EffectiveOptions) {
  OS << "---\n";
  if (Config.Files.empty())
    OS << "# No " << ConfigFileName << " applies: cudalint's defaults and the command line.\n";
  else
    for (const std::string &File : Config.Files)
      OS << "# From " << File << "\n";
  OS << "Checks: " << quoted(normalizedGlobs(Config.Checks)) << "\n";
  OS << "WarningsAsErrors: " << quoted(normalizedGlobs(Config.WarningsAsErrors)) << "\n";
  OS << "HeaderFilterRegex: " << quoted(Config.HeaderFilterRegex) << "\n";
  OS << "Units: " << quoted(databaseUnitsName(Config.Units)) << "\n";
  writeList(OS, "ExtraArgs", Config.ExtraArgs);
  writeList(OS, "ExtraArgsBefore", Config.ExtraArgsBefore);
  writeList(OS, TargetGpusKey, Config.TargetGpus);
  if (Config.CudaVersion)
    OS << CudaVersionKey << ": " << quoted(cudaVersionText(Config.CudaVersion)) << "\n";
  OS << "CheckOptions:";
  if (EffectiveOptions.empty())
    OS << " {}";
  OS << "\n";
  for (const auto &[Key, Value] : EffectiveOptions)
    OS << "  " << quotedKey(Key) << ": " << quoted(Value) << "\n";
  OS << "...\n";
}

std::vector<ConfigDiagnostic> verifyConfigFile(const ConfigFile &File,
                                               ArrayRef<CheckDescription> Registered) {
  std::vector<ConfigDiagnostic> Problems = File.Errors;
  llvm::append_range(Problems, File.UnknownKeys);
  auto Add = [&](const LocatedText &Where, std::optional<std::string> Problem) {
    if (Problem)
      Problems.push_back({File.Path, Where.Line, Where.Column, std::move(*Problem)});
  };
  for (const LocatedText &Glob : File.CheckGlobs)
    Add(Glob, globProblem(Glob.Text, ChecksKey, Registered));
  for (const LocatedText &Glob : File.WarningsAsErrorsGlobs)
    Add(Glob, globProblem(Glob.Text, WarningsAsErrorsKey, Registered));
  for (const auto &[Key, Value] : File.CheckOptions)
    Add(Key, optionKeyProblem(Key.Text, Registered));
  if (File.HeaderFilterRegex) {
    std::string Error;
    if (!Regex(File.HeaderFilterRegex->Text).isValid(Error))
      Add(*File.HeaderFilterRegex, "invalid HeaderFilterRegex: " + Error);
  }
  llvm::stable_sort(Problems, [](const ConfigDiagnostic &A, const ConfigDiagnostic &B) {
    return std::tie(A.Line, A.Column) < std::tie(B.Line, B.Column);
  });
  return Problems;
}

std::vector<ConfigDiagnostic> verifyOverrides(const ConfigOverrides &Overrides,
                                              ArrayRef<CheckDescription> Registered) {
  std::vector<ConfigDiagnostic> Problems;
  auto Globs = [&](const std::optional<std::string> &Value, StringRef Flag, StringRef Where) {
    if (!Value)
      return;
    for (StringRef Glob : splitGlobs(*Value))
      if (std::optional<std::string> Problem = globProblem(Glob, Where, Registered))
        Problems.push_back({Flag.str(), 0, 0, std::move(*Problem)});
  };
  Globs(Overrides.Checks, "--checks", "--checks");
  Globs(Overrides.WarningsAsErrors, "--warnings-as-errors", "--warnings-as-errors");
  for (const auto &[Key, Value] : Overrides.CheckOptions)
    if (std::optional<std::string> Problem = optionKeyProblem(Key, Registered))
      Problems.push_back({"--check-option", 0, 0, std::move(*Problem)});
  if (Overrides.HeaderFilterRegex) {
    std::string Error;
    if (!Regex(*Overrides.HeaderFilterRegex).isValid(Error))
      Problems.push_back({"--header-filter", 0, 0, "invalid regular expression: " + Error});
  }
  return Problems;
}

} // namespace cudalint
