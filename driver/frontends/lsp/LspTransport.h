// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The Language Server Protocol's base protocol: JSON-RPC 2.0 messages, each
// framed by a `Content-Length` header, on a byte stream (cudalint's stdin and
// stdout). A message that cannot be read is reported to the caller, which
// answers it; reading goes on with the next one.
#ifndef CUDALINT_DRIVER_LSPTRANSPORT_H
#define CUDALINT_DRIVER_LSPTRANSPORT_H

#include "llvm/Support/JSON.h"

#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct IncomingMessage {
  enum class Kind {
    Message,   // `Value` holds the parsed JSON
    Malformed, // framed, but not JSON, or framed wrongly: `Problem` says how
    End,       // the stream ended
  };
  Kind What = Kind::End;
  llvm::json::Value Value = nullptr;
  std::string Body; // the bytes after the header, as they came
  std::string Problem;
};

class LspReader {
public:
  explicit LspReader(std::FILE *In) : In(In) {}
  // Reads the pipe `Fd` until it ends or `stop()` is called, from any thread:
  // a reader blocked on a server that is being killed must not wait for its
  // death, which can take many seconds under load.
  explicit LspReader(int Fd);
  ~LspReader();
  LspReader(const LspReader &) = delete;
  LspReader &operator=(const LspReader &) = delete;

  IncomingMessage next();
  // The next `next()`, or the one waiting now, returns End.
  void stop();

private:
  // -1 at the end of the stream.
  int nextByte();
  std::optional<std::string> readLine();
  bool read(char *Into, size_t Size);
  bool fill();

  std::FILE *In = nullptr;
  int Fd = -1;
  int StopPipe[2] = {-1, -1};
  std::vector<char> Buffer;
  size_t Consumed = 0;
};

// Writes whole messages; several threads may send at once.
class LspWriter {
public:
  explicit LspWriter(std::FILE *Out) : Out(Out) {}
  void send(const llvm::json::Value &Message);
  // A message as another server wrote it, byte for byte.
  void sendBody(llvm::StringRef Body);

private:
  std::FILE *Out;
  std::mutex Mutex;
};

} // namespace cudalint

#endif
