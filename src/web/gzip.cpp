// zlib's deflate with a gzip wrapper; q-values parsed per RFC 9110 12.5.3.
#include "web/gzip.h"

#include <zlib.h>

#include <cctype>
#include <charconv>
#include <new>
#include <optional>

#include "util/text.h"

namespace cairn::web {
namespace {

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// The q-value of one list member's parameters ("q=0.5"); 1 when absent, 0 when malformed.
double QValue(std::string_view parameters) {
  while (!parameters.empty()) {
    const size_t semicolon = parameters.find(';');
    std::string_view parameter = Trim(parameters.substr(0, semicolon));
    parameters = semicolon == std::string_view::npos ? "" : parameters.substr(semicolon + 1);
    if (parameter.size() < 2 || (parameter[0] != 'q' && parameter[0] != 'Q') ||
        parameter[1] != '=') {
      continue;
    }
    const std::string_view number = Trim(parameter.substr(2));
    double value = 0;
    auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (error != std::errc() || end != number.data() + number.size()) return 0;
    return value;
  }
  return 1;
}

}  // namespace

std::string GzipCompress(std::string_view bytes) {
  z_stream stream{};
  // 15 window bits + 16: a gzip header and trailer instead of zlib's.
  if (deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) !=
      Z_OK) {
    throw std::bad_alloc();
  }
  std::string out(deflateBound(&stream, bytes.size()), '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  // deflateBound leaves room for the whole stream, so one call finishes it.
  const int result = deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::bad_alloc();
  return out;
}

bool AcceptsGzip(std::string_view accept_encoding) {
  std::optional<double> gzip;
  std::optional<double> any;
  while (!accept_encoding.empty()) {
    const size_t comma = accept_encoding.find(',');
    const std::string_view member = accept_encoding.substr(0, comma);
    accept_encoding = comma == std::string_view::npos ? "" : accept_encoding.substr(comma + 1);
    const size_t semicolon = member.find(';');
    const std::string_view coding = Trim(member.substr(0, semicolon));
    const double q =
        semicolon == std::string_view::npos ? 1.0 : QValue(member.substr(semicolon + 1));
    if (util::EqualsIgnoringAsciiCase(coding, "gzip") ||
        util::EqualsIgnoringAsciiCase(coding, "x-gzip")) {
      gzip = q;
    } else if (coding == "*") {
      any = q;
    }
  }
  if (gzip) return *gzip > 0;
  return any && *any > 0;
}

}  // namespace cairn::web
