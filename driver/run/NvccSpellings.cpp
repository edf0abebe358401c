// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run/NvccSpellings.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"

#include <vector>

namespace cudalint {

namespace {

struct RawToken {
  clang::tok::TokenKind Kind;
  size_t Begin, End;
};

// A cheap look before lexing: most files hold no `<<` followed by
// whitespace and `<` at all.
bool mayHoldSpacedChevrons(llvm::StringRef Text) {
  for (size_t At = Text.find("<<"); At != llvm::StringRef::npos; At = Text.find("<<", At + 2)) {
    size_t Next = Text.find_first_not_of(" \t\r\n\\", At + 2);
    if (Next != llvm::StringRef::npos && Next > At + 2 && Text[Next] == '<')
      return true;
  }
  return false;
}

std::vector<RawToken> rawTokens(const std::string &Text) {
  clang::LangOptions Language;
  Language.CPlusPlus = Language.CPlusPlus11 = Language.CPlusPlus14 = Language.CPlusPlus17 = true;
  Language.CUDA = true;             // `<<<` and `>>>` are one token only in CUDA
  const char *Begin = Text.c_str(); // null-terminated, as the lexer wants
  clang::Lexer Lexer(clang::SourceLocation(), Language, Begin, Begin, Begin + Text.size());
  std::vector<RawToken> Tokens;
  clang::Token Token;
  while (true) {
    Lexer.LexFromRawLexer(Token);
    if (Token.is(clang::tok::eof))
      break;
    size_t End = Lexer.getBufferLocation() - Begin;
    Tokens.push_back({Token.getKind(), End - Token.getLength(), End});
  }
  return Tokens;
}

bool apart(const RawToken &First, const RawToken &Second) { return Second.Begin > First.End; }

// The index of the `>>` of the `>> >` that closes the launch configuration
// opened at `Open`, or of a `>>>` that closes it already; std::nullopt if
// the configuration ends otherwise (a `;`, an unbalanced bracket).
std::optional<size_t> closingChevrons(const std::vector<RawToken> &Tokens, size_t Open) {
  unsigned Depth = 0;
  for (size_t I = Open; I < Tokens.size(); ++I) {
    switch (Tokens[I].Kind) {
    case clang::tok::l_paren:
    case clang::tok::l_square:
    case clang::tok::l_brace:
      ++Depth;
      break;
    case clang::tok::r_paren:
    case clang::tok::r_square:
    case clang::tok::r_brace:
      if (Depth == 0)
        return std::nullopt;
      --Depth;
      break;
    case clang::tok::semi:
      if (Depth == 0)
        return std::nullopt;
      break;
    case clang::tok::greatergreatergreater:
      if (Depth == 0)
        return I;
      break;
    case clang::tok::greatergreater:
      if (Depth == 0 && I + 1 < Tokens.size() && Tokens[I + 1].Kind == clang::tok::greater &&
          apart(Tokens[I], Tokens[I + 1]))
        return I;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

// Moves the single character of `Second` to right after `First`, and the
// whitespace between them behind it.
void join(std::string &Text, const RawToken &First, const RawToken &Second) {
  char Moved = Text[Second.Begin];
  Text.erase(Second.Begin, 1);
  Text.insert(First.End, 1, Moved);
}

class JoinedChevronsFile : public llvm::vfs::File {
public:
  explicit JoinedChevronsFile(std::unique_ptr<llvm::vfs::File> Read) : Read(std::move(Read)) {}

  llvm::ErrorOr<llvm::vfs::Status> status() override { return Read->status(); }
  llvm::ErrorOr<std::string> getName() override { return Read->getName(); }
  std::error_code close() override { return Read->close(); }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine &Name,
                                                               int64_t FileSize,
                                                               bool RequiresNullTerminator,
                                                               bool IsVolatile) override {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        Read->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (!Buffer)
      return Buffer;
    std::optional<std::string> Joined = joinSpacedLaunchChevrons((*Buffer)->getBuffer());
    if (!Joined)
      return Buffer;
    return llvm::MemoryBuffer::getMemBufferCopy(*Joined, Name);
  }

private:
  std::unique_ptr<llvm::vfs::File> Read;
};

class NvccReadingFileSystem
    : public llvm::RTTIExtends<NvccReadingFileSystem, llvm::vfs::ProxyFileSystem> {
public:
  static const char ID;
  using RTTIExtends::RTTIExtends;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> Read = ProxyFileSystem::openFileForRead(Path);
    if (!Read)
      return Read;
    return std::make_unique<JoinedChevronsFile>(std::move(*Read));
  }
};

const char NvccReadingFileSystem::ID = 0;

} // namespace

std::optional<std::string> joinSpacedLaunchChevrons(llvm::StringRef Text) {
  if (!mayHoldSpacedChevrons(Text))
    return std::nullopt;
  std::string Joined = Text.str();
  std::vector<RawToken> Tokens = rawTokens(Joined);
  // Every join keeps the text's length, so the offsets of the others hold.
  std::vector<std::pair<RawToken, RawToken>> Joins;
  for (size_t I = 0; I + 1 < Tokens.size(); ++I) {
    if (Tokens[I].Kind != clang::tok::lessless || Tokens[I + 1].Kind != clang::tok::less ||
        !apart(Tokens[I], Tokens[I + 1]))
      continue;
    // `operator<< <T>(...)` names a specialisation of operator<<.
    if (I > 0 && Tokens[I - 1].Kind == clang::tok::raw_identifier &&
        llvm::StringRef(Joined).slice(Tokens[I - 1].Begin, Tokens[I - 1].End) == "operator")
      continue;
    std::optional<size_t> Close = closingChevrons(Tokens, I + 2);
    if (!Close)
      continue;
    Joins.emplace_back(Tokens[I], Tokens[I + 1]);
    if (Tokens[*Close].Kind == clang::tok::greatergreater)
      Joins.emplace_back(Tokens[*Close], Tokens[*Close + 1]);
    I = *Close;
  }
  if (Joins.empty())
    return std::nullopt;
  for (const auto &[First, Second] : Joins)
    join(Joined, First, Second);
  return Joined;
}

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
readingAsNvcc(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<NvccReadingFileSystem>(std::move(Base));
}

} // namespace cudalint
