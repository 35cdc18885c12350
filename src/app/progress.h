// A one-line progress display for long CLI jobs (files, bytes, rate, time left).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace cairn::app {

// Redraws one line on a terminal with '\r' at most ten times a second; on anything else
// (a pipe, a log) it stays silent and the caller prints one line per item instead.
class Progress {
 public:
  Progress(size_t total_files, uint64_t total_bytes, std::FILE* out = stderr);

  bool OnTerminal() const { return terminal_; }

  // Records one finished item of `bytes` and redraws when due.
  void Advance(uint64_t bytes);
  // Draws the final state and ends the line.
  void Finish();

  // "3.2 MB", "950 kB", "12 B".
  static std::string FormatBytes(double bytes);
  // "0:42", "1:05:10".
  static std::string FormatDuration(double seconds);

 private:
  void Draw();

  using Clock = std::chrono::steady_clock;
  const size_t total_files_;
  const uint64_t total_bytes_;
  std::FILE* out_;
  const bool terminal_;
  size_t files_ = 0;
  uint64_t bytes_ = 0;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_draw_{};
};

}  // namespace cairn::app
