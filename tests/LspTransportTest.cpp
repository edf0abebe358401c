// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The LSP base protocol as the clangd proxy reads clangd's stdout: messages
// framed by Content-Length arrive in pieces of any size, and a reader blocked
// on a server that is being killed ends when it is told to, without waiting
// for the server's death (under load that took 25 s in CI and outlasted the
// editor's patience).
#include "frontends/lsp/LspTransport.h"

#include <gtest/gtest.h>

#include <chrono>
#include <fcntl.h>
#include <future>
#include <string>
#include <thread>
#include <unistd.h>

namespace cudalint {
namespace {

class PipeReaderTest : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_EQ(::pipe2(Ends, O_CLOEXEC), 0); }
  void TearDown() override {
    for (int End : Ends)
      if (End >= 0)
        ::close(End);
  }

  void write(const std::string &Bytes) {
    ASSERT_EQ(::write(Ends[1], Bytes.data(), Bytes.size()), ssize_t(Bytes.size()));
  }
  void closeWriter() {
    ::close(Ends[1]);
    Ends[1] = -1;
  }

  static std::string framed(const std::string &Body) {
    return "Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" + Body;
  }

  int Ends[2] = {-1, -1};
};

TEST_F(PipeReaderTest, ReadsMessagesThatArriveInPieces) {
  LspReader Reader(Ends[0]);
  std::string Both = framed(R"({"jsonrpc":"2.0","method":"a"})") +
                     framed(R"({"jsonrpc":"2.0","id":7,"result":null})");
  std::thread Writer([&] {
    for (char Byte : Both) {
      write(std::string(1, Byte));
      if (Byte == '\n')
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    closeWriter();
  });
  IncomingMessage First = Reader.next();
  IncomingMessage Second = Reader.next();
  IncomingMessage Third = Reader.next();
  Writer.join();
  ASSERT_EQ(First.What, IncomingMessage::Kind::Message);
  EXPECT_EQ(*First.Value.getAsObject()->getString("method"), "a");
  ASSERT_EQ(Second.What, IncomingMessage::Kind::Message);
  EXPECT_EQ(*Second.Value.getAsObject()->getInteger("id"), 7);
  EXPECT_EQ(Third.What, IncomingMessage::Kind::End);
}

TEST_F(PipeReaderTest, ReadsAMessageLargerThanOneRead) {
  LspReader Reader(Ends[0]);
  std::string Body = R"({"text":")" + std::string(200000, 'x') + R"("})";
  std::thread Writer([&] {
    write(framed(Body));
    closeWriter();
  });
  IncomingMessage Message = Reader.next();
  Writer.join();
  ASSERT_EQ(Message.What, IncomingMessage::Kind::Message);
  EXPECT_EQ(Message.Body, Body);
  EXPECT_EQ(Reader.next().What, IncomingMessage::Kind::End);
}

TEST_F(PipeReaderTest, AStreamCutInsideAMessageEnds) {
  LspReader Reader(Ends[0]);
  write("Content-Length: 100\r\n\r\n{\"jsonrpc\"");
  closeWriter();
  EXPECT_EQ(Reader.next().What, IncomingMessage::Kind::End);
}

TEST_F(PipeReaderTest, StopEndsAReaderBlockedOnAnOpenPipe) {
  LspReader Reader(Ends[0]);
  // Half a message, and the writer stays open: as a server being killed.
  write("Content-Length: 40\r\n\r\n{\"jsonrpc\":");
  std::future<IncomingMessage> Waiting =
      std::async(std::launch::async, [&] { return Reader.next(); });
  EXPECT_EQ(Waiting.wait_for(std::chrono::milliseconds(200)), std::future_status::timeout);
  Reader.stop();
  bool Ended = Waiting.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  if (!Ended)
    closeWriter(); // lets the reader go: the test fails rather than hangs
  ASSERT_TRUE(Ended) << "stop() did not end the reader";
  EXPECT_EQ(Waiting.get().What, IncomingMessage::Kind::End);
  EXPECT_EQ(Reader.next().What, IncomingMessage::Kind::End);
}

} // namespace
} // namespace cudalint
