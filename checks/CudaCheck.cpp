// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "CudaCheck.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/FileManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cudalint {

namespace {

std::string absolutePath(const SourceManager &SM, FileID File) {
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return SM.getBufferName(SM.getLocForStartOfFile(File)).str();
  llvm::SmallString<256> Path(Entry->getName());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

std::string lineText(const SourceManager &SM, FileID File, unsigned Offset) {
  llvm::StringRef Buffer = SM.getBufferData(File);
  // rfind looks strictly before Offset, so a location at column 1 finds the
  // newline that ends the previous line.
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find_first_of("\r\n", Offset);
  return Buffer.slice(Begin, End).str();
}

} // namespace

SourcePoint CheckContext::point(SourceLocation Loc) const {
  SourcePoint Point;
  if (!SM || Loc.isInvalid())
    return Point;
  SourceLocation FileLoc = SM->getFileLoc(Loc);
  auto [File, Offset] = SM->getDecomposedLoc(FileLoc);
  Point.File = absolutePath(*SM, File);
  Point.Line = SM->getLineNumber(File, Offset);
  Point.Column = SM->getColumnNumber(File, Offset);
  Point.LineText = lineText(*SM, File, Offset);
  return Point;
}

FindingBuilder &FindingBuilder::note(SourceLocation Loc, llvm::StringRef Message) {
  if (Target)
    Target->Notes.push_back({Context.point(Loc), Message.str()});
  return *this;
}

FindingBuilder &FindingBuilder::restsOnNonReaders(std::vector<std::string> NonReadersAfter) {
  if (Target)
    Target->NonReadersAfter = std::move(NonReadersAfter);
  return *this;
}

FindingBuilder &FindingBuilder::fixIt(const FixItHint &Hint) {
  const SourceManager *SM = Context.sourceManager();
  if (!Target || !SM || Hint.RemoveRange.isInvalid())
    return *this;
  // An edit inside a macro body would change every expansion: the file range
  // exists only for text in a file or in one macro argument.
  CharSourceRange Range = Lexer::makeFileCharRange(Hint.RemoveRange, *SM, Context.langOptions());
  if (Range.isInvalid())
    return *this;
  auto [BeginFile, BeginOffset] = SM->getDecomposedLoc(Range.getBegin());
  auto [EndFile, EndOffset] = SM->getDecomposedLoc(Range.getEnd());
  if (BeginFile != EndFile || EndOffset < BeginOffset)
    return *this;
  FixIt Fix;
  Fix.File = Context.point(Range.getBegin()).File;
  Fix.Offset = BeginOffset;
  Fix.Length = EndOffset - BeginOffset;
  Fix.Replacement = Hint.CodeToInsert;
  Fix.Begin = Context.point(Range.getBegin());
  Fix.End = Context.point(Range.getEnd());
  Target->Fixes.push_back(std::move(Fix));
  return *this;
}

void CudaCheck::run(const ast_matchers::MatchFinder::MatchResult &Result) {
  Context.setSourceManager(Result.SourceManager);
  Context.setLangOptions(&Result.Context->getLangOpts());
  check(Result);
}

FindingBuilder CudaCheck::diag(SourceLocation Loc, llvm::StringRef Message) {
  const SourceManager *SM = Context.sourceManager();
  if (!SM || Loc.isInvalid() || SM->isInSystemHeader(SM->getFileLoc(Loc)))
    return FindingBuilder(nullptr, Context);
  Finding &New = Context.findings().emplace_back();
  New.CheckId = Id;
  New.Where = Context.point(Loc);
  New.Message = Message.str();
  return FindingBuilder(&New, Context);
}

std::string CudaCheck::stringOption(llvm::StringRef Name, llvm::StringRef Default) const {
  auto It = Context.options().find((Id + "." + Name).str());
  return It == Context.options().end() ? Default.str() : It->second;
}

bool CudaCheck::boolOption(llvm::StringRef Name, bool Default) const {
  std::string Value = stringOption(Name, Default ? "true" : "false");
  llvm::StringRef Lower = llvm::StringRef(Value).trim();
  return Lower.equals_insensitive("true") || Lower == "1" || Lower.equals_insensitive("on") ||
         Lower.equals_insensitive("yes");
}

void CudaCheck::storeOption(CheckOptionMap &Options, llvm::StringRef Name,
                            llvm::StringRef Value) const {
  Options[(Id + "." + Name).str()] = Value.str();
}

// An implicit annotation: it prints with the AST, and travels with the
// declaration to every check that is handed it.
constexpr llvm::StringLiteral RejectedAnnotation = "cudalint: rejected by clang";

void markRejected(ASTContext &Context, FunctionDecl &Function) {
  Function.addAttr(AnnotateAttr::CreateImplicit(Context, RejectedAnnotation, nullptr, 0));
}

bool isRejected(const Decl &D) {
  const auto *Function = dyn_cast<FunctionDecl>(&D);
  // An instance's pattern, a member of a class template's instance's
  // pattern: a few steps at most.
  while (Function) {
    if (const FunctionDecl *Definition = Function->getDefinition())
      for (const auto *Annotation : Definition->specific_attrs<AnnotateAttr>())
        if (Annotation->isImplicit() && Annotation->getAnnotation() == RejectedAnnotation)
          return true;
    Function = Function->getTemplateInstantiationPattern();
  }
  return false;
}

} // namespace cudalint
