// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/LspTransport.h"
#include "support/JsonInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace cudalint {

namespace {

// A larger message is no editor's; its length is taken for a corrupt header.
constexpr uint64_t MaxMessageBytes = uint64_t(1) << 30;

std::optional<std::string> readLine(std::FILE *In) {
  std::string Line;
  int Char;
  while ((Char = std::fgetc(In)) != EOF) {
    if (Char == '\n')
      return Line;
    Line.push_back(static_cast<char>(Char));
  }
  if (Line.empty())
    return std::nullopt;
  return Line;
}

} // namespace

IncomingMessage LspReader::next() {
  IncomingMessage Result;
  std::optional<uint64_t> Length;
  std::string Problem;
  bool SawHeader = false;
  while (true) {
    std::optional<std::string> Line = readLine(In);
    if (!Line)
      return Result; // End
    llvm::StringRef Header = llvm::StringRef(*Line).rtrim("\r");
    if (Header.empty()) {
      if (SawHeader)
        break;
      continue; // blank lines between messages
    }
    SawHeader = true;
    auto [Name, Value] = Header.split(':');
    if (!Name.trim().equals_insensitive("Content-Length"))
      continue; // Content-Type and any future header
    uint64_t Parsed;
    if (Value.trim().getAsInteger(10, Parsed) || Parsed > MaxMessageBytes)
      Problem = "invalid Content-Length header '" + Header.str() + "'";
    else
      Length = Parsed;
  }
  if (!Length) {
    Result.What = IncomingMessage::Kind::Malformed;
    Result.Problem = Problem.empty() ? "a message without a Content-Length header" : Problem;
    return Result;
  }
  std::string Body(*Length, '\0');
  if (*Length && std::fread(Body.data(), 1, *Length, In) != *Length)
    return Result; // End: the stream stopped inside a message
  llvm::Expected<llvm::json::Value> Parsed = parseJsonInput(Body);
  Result.Body = std::move(Body);
  if (!Parsed) {
    Result.What = IncomingMessage::Kind::Malformed;
    Result.Problem = "not JSON: " + llvm::toString(Parsed.takeError());
    return Result;
  }
  Result.What = IncomingMessage::Kind::Message;
  Result.Value = std::move(*Parsed);
  return Result;
}

void LspWriter::send(const llvm::json::Value &Message) {
  std::string Body;
  llvm::raw_string_ostream(Body) << Message;
  sendBody(Body);
}

void LspWriter::sendBody(llvm::StringRef Body) {
  std::string Header = "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n";
  std::lock_guard<std::mutex> Lock(Mutex);
  std::fwrite(Header.data(), 1, Header.size(), Out);
  std::fwrite(Body.data(), 1, Body.size(), Out);
  std::fflush(Out);
}

} // namespace cudalint
