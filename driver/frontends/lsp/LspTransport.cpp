// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "frontends/lsp/LspTransport.h"
#include "support/JsonInput.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

namespace cudalint {

namespace {

// A larger message is no editor's; its length is taken for a corrupt header.
constexpr uint64_t MaxMessageBytes = uint64_t(1) << 30;

} // namespace

LspReader::LspReader(int Fd) : Fd(Fd) {
  if (::pipe2(StopPipe, O_CLOEXEC) != 0)
    StopPipe[0] = StopPipe[1] = -1; // reads on until the stream ends
}

LspReader::~LspReader() {
  for (int End : StopPipe)
    if (End >= 0)
      ::close(End);
}

void LspReader::stop() {
  if (StopPipe[1] >= 0) {
    char Byte = 0;
    while (::write(StopPipe[1], &Byte, 1) < 0 && errno == EINTR) {
    }
  }
}

// Called once everything read so far is consumed.
bool LspReader::fill() {
  Buffer.clear();
  Consumed = 0;
  while (true) {
    pollfd Ready[2] = {{Fd, POLLIN, 0}, {StopPipe[0], POLLIN, 0}};
    if (::poll(Ready, StopPipe[0] >= 0 ? 2 : 1, -1) < 0) {
      if (errno == EINTR)
        continue;
      return false;
    }
    if (Ready[1].revents)
      return false;
    char Chunk[65536];
    ssize_t Got = ::read(Fd, Chunk, sizeof(Chunk));
    if (Got < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (Got <= 0)
      return false;
    Buffer.insert(Buffer.end(), Chunk, Chunk + Got);
    return true;
  }
}

int LspReader::nextByte() {
  if (In)
    return std::fgetc(In);
  if (Consumed == Buffer.size() && !fill())
    return -1;
  return static_cast<unsigned char>(Buffer[Consumed++]);
}

bool LspReader::read(char *Into, size_t Size) {
  if (In)
    return std::fread(Into, 1, Size, In) == Size;
  while (Size > 0) {
    if (Consumed == Buffer.size() && !fill())
      return false;
    size_t Taken = std::min(Size, Buffer.size() - Consumed);
    std::memcpy(Into, Buffer.data() + Consumed, Taken);
    Consumed += Taken;
    Into += Taken;
    Size -= Taken;
  }
  return true;
}

std::optional<std::string> LspReader::readLine() {
  std::string Line;
  int Char;
  while ((Char = nextByte()) != -1) {
    if (Char == '\n')
      return Line;
    Line.push_back(static_cast<char>(Char));
  }
  if (Line.empty())
    return std::nullopt;
  return Line;
}

IncomingMessage LspReader::next() {
  IncomingMessage Result;
  std::optional<uint64_t> Length;
  std::string Problem;
  bool SawHeader = false;
  while (true) {
    std::optional<std::string> Line = readLine();
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
  if (*Length && !read(Body.data(), *Length))
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
