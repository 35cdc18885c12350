// Progress line drawing.
#include "app/progress.h"

#include <unistd.h>

namespace cairn::app {

Progress::Progress(size_t total_files, uint64_t total_bytes, std::FILE* out)
    : total_files_(total_files),
      total_bytes_(total_bytes),
      out_(out),
      terminal_(::isatty(::fileno(out)) != 0) {}

std::string Progress::FormatBytes(double bytes) {
  char text[32];
  if (bytes >= 1e9) {
    std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  } else if (bytes >= 1e6) {
    std::snprintf(text, sizeof text, "%.1f MB", bytes / 1e6);
  } else if (bytes >= 1e3) {
    std::snprintf(text, sizeof text, "%.0f kB", bytes / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%.0f B", bytes);
  }
  return text;
}

std::string Progress::FormatDuration(double seconds) {
  const long total = seconds < 0 ? 0 : static_cast<long>(seconds + 0.5);
  char text[32];
  if (total >= 3600) {
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
  } else {
    std::snprintf(text, sizeof text, "%ld:%02ld", total / 60, total % 60);
  }
  return text;
}

void Progress::Advance(uint64_t bytes) {
  ++files_;
  bytes_ += bytes;
  const auto now = Clock::now();
  if (now - last_draw_ >= std::chrono::milliseconds(100)) {
    last_draw_ = now;
    Draw();
  }
}

void Progress::Finish() {
  Draw();
  if (terminal_) std::fputc('\n', out_);
}

void Progress::Draw() {
  if (!terminal_) return;
  constexpr int kWidth = 24;
  const double done = total_bytes_
                          ? static_cast<double>(bytes_) / total_bytes_
                          : (total_files_ ? static_cast<double>(files_) / total_files_ : 1);
  const int filled = static_cast<int>(done * kWidth);
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate = elapsed > 0 ? bytes_ / elapsed : 0;
  const std::string left =
      rate > 0 && bytes_ < total_bytes_ ? FormatDuration((total_bytes_ - bytes_) / rate) : "0:00";
  std::fprintf(out_, "\r[%s%s] %zu/%zu files  %s/%s  %s/s  ETA %s   ",
               std::string(filled, '#').c_str(), std::string(kWidth - filled, '.').c_str(), files_,
               total_files_, FormatBytes(bytes_).c_str(), FormatBytes(total_bytes_).c_str(),
               FormatBytes(rate).c_str(), left.c_str());
  std::fflush(out_);
}

}  // namespace cairn::app
