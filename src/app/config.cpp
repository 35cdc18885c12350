// Flag parsing for the `cairn` command.
#include "app/config.h"

#include <charconv>
#include <cstdlib>

namespace cairn::app {
namespace {

util::Status SetHttpAddress(const std::string& value, Config& config) {
  auto colon = value.rfind(':');
  if (colon == std::string::npos || colon == 0) {
    return util::Error::InvalidArgument("--http expects HOST:PORT, got \"" + value + "\"");
  }
  int port = 0;
  const std::string port_text = value.substr(colon + 1);
  auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (ec != std::errc() || end != port_text.data() + port_text.size() || port < 0 || port > 65535) {
    return util::Error::InvalidArgument("--http has an invalid port in \"" + value + "\"");
  }
  std::string host = value.substr(0, colon);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  config.http_host = host;
  config.http_port = port;
  return util::OkStatus();
}

// `text` as a whole number from `min` to `max`, or an error naming `flag`.
util::Result<int> BoundedInt(const std::string& flag, const std::string& text, int min, int max) {
  int value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < min || value > max) {
    return util::Error::InvalidArgument(flag + " expects a number from " + std::to_string(min) +
                                        " to " + std::to_string(max) + ", got \"" + text + "\"");
  }
  return value;
}

}  // namespace

std::string UsageText() {
  return "cairn - a self-hosted trail archive and sharing server\n"
         "\n"
         "Usage:\n"
         "  cairn serve [--http HOST:PORT] [--dir DATA_DIR]\n"
         "  cairn --version\n"
         "  cairn --help\n"
         "\n"
         "Options:\n"
         "  --http HOST:PORT  address to listen on (env CAIRN_HTTP, default 127.0.0.1:8090)\n"
         "  --dir DATA_DIR    data directory holding data.db and storage/ (env CAIRN_DIR,\n"
         "                    default ./cairn_data)\n"
         "  --threads N       HTTP worker threads (default 32)\n"
         "  --query-timeout S stop a read that runs longer than S seconds, answering 400\n"
         "                    (default 10; raise it on slow hardware with large archives)\n";
}

util::Result<Config> ParseConfig(const std::vector<std::string>& args) {
  Config config;
  if (const char* http = std::getenv("CAIRN_HTTP"); http && *http) {
    CAIRN_RETURN_IF_ERROR(SetHttpAddress(http, config));
  }
  if (const char* dir = std::getenv("CAIRN_DIR"); dir && *dir) config.data_dir = dir;
  if (args.empty()) return config;  // kHelp

  size_t i = 0;
  const std::string& first = args[0];
  if (first == "--version" || first == "version") {
    config.command = Command::kVersion;
    return config;
  }
  if (first == "--help" || first == "-h" || first == "help") {
    config.command = Command::kHelp;
    return config;
  }
  if (first != "serve") {
    return util::Error::InvalidArgument("unknown command \"" + first + "\"");
  }
  config.command = Command::kServe;
  for (i = 1; i < args.size(); ++i) {
    std::string flag = args[i];
    std::string value;
    bool has_value = false;
    if (auto eq = flag.find('='); eq != std::string::npos && flag.rfind("--", 0) == 0) {
      value = flag.substr(eq + 1);
      flag = flag.substr(0, eq);
      has_value = true;
    }
    auto next = [&]() -> util::Result<std::string> {
      if (has_value) return value;
      if (i + 1 >= args.size()) return util::Error::InvalidArgument(flag + " needs a value");
      return args[++i];
    };
    if (flag == "--http") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_RETURN_IF_ERROR(SetHttpAddress(v, config));
    } else if (flag == "--dir") {
      CAIRN_ASSIGN_OR_RETURN(config.data_dir, next());
      if (config.data_dir.empty()) return util::Error::InvalidArgument("--dir must not be empty");
    } else if (flag == "--threads") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.http_threads, BoundedInt(flag, v, 1, 1024));
    } else if (flag == "--query-timeout") {
      CAIRN_ASSIGN_OR_RETURN(std::string v, next());
      CAIRN_ASSIGN_OR_RETURN(config.query_timeout_seconds, BoundedInt(flag, v, 1, 3600));
    } else if (flag == "--help" || flag == "-h") {
      config.command = Command::kHelp;
      return config;
    } else {
      return util::Error::InvalidArgument("unknown option \"" + flag + "\"");
    }
  }
  return config;
}

}  // namespace cairn::app
