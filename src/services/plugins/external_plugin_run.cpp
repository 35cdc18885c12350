// One import run of an external plugin: its private work dir, the request line, and the reading
// of its JSON lines into activities, problems and progress.
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>

#include "services/plugins/external_plugin.h"
#include "util/log.h"
#include "util/text.h"

namespace cairn::services::plugins {
namespace {

namespace fs = std::filesystem;
using imports::Activity;
using imports::SourceItem;
using nlohmann::json;

// Makes every folder under `dir` (symlinks not followed) removable by its owner again.
void MakeRemovable(const fs::path& dir) {
  ::chmod(dir.c_str(), 0700);
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    std::error_code type_error;
    if (it->symlink_status(type_error).type() == fs::file_type::directory) MakeRemovable(*it);
  }
}

// The run's private folder: input/ with the inputs, out/ for the plugin; removed at the end.
class WorkDir {
 public:
  static util::Result<std::unique_ptr<WorkDir>> Make(const std::string& temp_root,
                                                     const std::string& id) {
    std::error_code error;
    const fs::path root = fs::absolute(temp_root, error);
    if (temp_root.empty() || error) {
      return util::Error::Internal("no usable temp root for plugin work dirs: \"" + temp_root +
                                   "\"");
    }
    std::string pattern = (root / ("plugin-" + id + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) {
      return util::Error::Internal("cannot make a work dir in " + temp_root + ": " +
                                   std::strerror(errno));
    }
    std::unique_ptr<WorkDir> dir(new WorkDir(pattern));
    if (::mkdir((pattern + "/input").c_str(), 0700) != 0 ||
        ::mkdir((pattern + "/out").c_str(), 0700) != 0) {
      return util::Error::Internal("cannot make folders in the work dir: " +
                                   std::string(std::strerror(errno)));
    }
    dir->fd_ = ::open(pattern.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir->fd_ < 0) return util::Error::Internal("cannot open the work dir");
    return dir;
  }
  ~WorkDir() {
    if (fd_ >= 0) ::close(fd_);
    std::error_code error;
    fs::remove_all(path_, error);
    if (error) {
      MakeRemovable(path_);
      fs::remove_all(path_, error);
    }
    if (error) util::LogWarning("cannot remove plugin work dir " + path_ + ": " + error.message());
  }
  WorkDir(const WorkDir&) = delete;
  WorkDir& operator=(const WorkDir&) = delete;

  const std::string& path() const { return path_; }
  int fd() const { return fd_; }

  // Copies `files` into input/ (a copy, not a link: the plugin may change what it is given);
  // returns their paths relative to the work dir.
  util::Result<std::vector<std::string>> AddInputs(const std::vector<std::string>& files,
                                                   const std::vector<std::string>& accepts,
                                                   const std::string& who) {
    std::vector<std::string> relative;
    for (const std::string& file : files) {
      const std::string name = fs::path(file).filename().string();
      if (name.empty() || name == "." || name == "..") {
        return util::Error::InvalidArgument(who + ": input \"" + file + "\" is not a file");
      }
      const std::string extension = util::LowercaseAscii(fs::path(name).extension().string());
      if (!accepts.empty() &&
          std::find(accepts.begin(), accepts.end(), extension) == accepts.end()) {
        return util::Error::InvalidArgument(who + " does not accept \"" + name + "\"");
      }
      if (std::find(relative.begin(), relative.end(), "input/" + name) != relative.end()) {
        return util::Error::InvalidArgument(who + ": two inputs are named \"" + name + "\"");
      }
      std::error_code error;
      fs::copy_file(file, path_ + "/input/" + name, error);
      if (error) {
        return util::Error::InvalidArgument(who + ": input \"" + name +
                                            "\" cannot be read: " + error.message());
      }
      relative.push_back("input/" + name);
    }
    return relative;
  }

  // When the plugin will run as nobody (the server runs as root), makes the work dir its own.
  void HandTo(unsigned id) {
    std::error_code error;
    ::lchown(path_.c_str(), id, id);
    for (fs::recursive_directory_iterator it(path_, error), end; !error && it != end;
         it.increment(error)) {
      ::lchown(it->path().c_str(), id, id);
    }
  }

 private:
  explicit WorkDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
  int fd_ = -1;
};

// The bytes of `relative` inside the folder `root`, at most `limit`. Never follows a symlink, never
// leaves the folder, never blocks on a FIFO.
util::Result<std::string> ReadInside(int root, const std::string& relative, size_t limit) {
  const std::string quoted = "\"" + std::string(util::TruncateUtf8(relative, 200)) + "\"";
  if (relative.empty() || relative[0] == '/') {
    return util::Error::InvalidArgument(quoted + " is not a relative path inside the work dir");
  }
  std::vector<std::string> parts;
  for (size_t start = 0; start <= relative.size();) {
    size_t slash = std::min(relative.find('/', start), relative.size());
    parts.push_back(relative.substr(start, slash - start));
    start = slash + 1;
  }
  for (const std::string& part : parts) {
    if (part.empty() || part == "." || part == "..") {
      return util::Error::InvalidArgument(quoted +
                                          " is not a plain path inside the work dir "
                                          "(no \".\", \"..\" or empty parts)");
    }
  }
  int fd = ::fcntl(root, F_DUPFD_CLOEXEC, 0);
  if (fd < 0) return util::Error::Internal("cannot open the work dir again");
  for (size_t i = 0; i < parts.size(); ++i) {
    const bool last = i + 1 == parts.size();
    const int flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | (last ? O_NONBLOCK : O_DIRECTORY);
    const int next = ::openat(fd, parts[i].c_str(), flags);
    if (next < 0) {
      const int saved = errno;
      struct stat link {};
      const bool symlink =
          ::fstatat(fd, parts[i].c_str(), &link, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(link.st_mode);
      ::close(fd);
      if (symlink) return util::Error::InvalidArgument(quoted + " passes through a symlink");
      return util::Error::InvalidArgument(quoted + " cannot be read: " + std::strerror(saved));
    }
    ::close(fd);
    fd = next;
  }
  struct stat info {};
  std::string bytes;
  util::Result<std::string> result =
      util::Error::InvalidArgument(quoted + " is not a regular file");
  if (::fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
    if (static_cast<uint64_t>(info.st_size) > limit) {
      result =
          util::Error::TooLarge(quoted + " is larger than " + std::to_string(limit >> 20) + " MiB");
    } else {
      bytes.resize(static_cast<size_t>(info.st_size));
      size_t have = 0;
      ssize_t got = 0;
      while (have < bytes.size() &&
             (got = ::read(fd, bytes.data() + have, bytes.size() - have)) > 0) {
        have += static_cast<size_t>(got);
      }
      bytes.resize(have);
      result = std::move(bytes);
    }
  }
  ::close(fd);
  return result;
}

std::string BaseName(const std::string& path) { return path.substr(path.rfind('/') + 1); }

// "1 activity", "2 activities".
std::string CountWords(size_t count, const char* one, const char* many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

// The exception's text without its "[json.exception...] " prefix and with only printable ASCII.
std::string ParseErrorWords(const json::parse_error& error) {
  std::string_view text = error.what();
  if (const size_t bracket = text.find("] "); bracket != std::string_view::npos) {
    text.remove_prefix(bracket + 2);
  }
  std::string words;
  for (char c : text.substr(0, 200)) words += c >= 0x20 && c < 0x7F ? c : '?';
  return words;
}

// Reads a plugin's output lines; each method returns a failure of the run, or ok.
class ImportConversation {
 public:
  ImportConversation(const ExternalPluginManifest& manifest, const WorkDir& work,
                     const std::function<void(SourceItem)>& on_item,
                     const std::function<void(size_t, size_t)>& on_progress)
      : who_("plugin " + manifest.id), work_(work), on_item_(on_item), on_progress_(on_progress) {}

  util::Status Run(PluginProcess& process, int limit_seconds) {
    size_t number = 0;
    for (;;) {
      auto read = process.ReadLine();
      if (!read.ok()) {
        return Stop(process, util::Error::Internal(who_ + ": " + read.error().message));
      }
      const OutputLine& line = *read;
      if (line.kind == OutputLine::Kind::kEnd) break;
      if (line.kind == OutputLine::Kind::kTimedOut) return Stop(process, TimedOut(limit_seconds));
      ++number;
      if (line.kind == OutputLine::Kind::kTooLong) {
        return Stop(process, BadLine(number, "is longer than 1 MiB"));
      }
      if (line.text.empty()) continue;
      util::Status handled =
          done_ ? BadLine(number, "comes after \"done\"") : HandleLine(line.text, number);
      if (!handled.ok()) return Stop(process, std::move(handled).error());
    }
    const ProcessEnd end = process.Wait();
    const std::string after = " after " + CountWords(activities_, "activity", "activities");
    switch (end.kind) {
      case ProcessEnd::Kind::kTimedOut:
        return WithStderr(process, TimedOut(limit_seconds));
      case ProcessEnd::Kind::kSignaled:
        return WithStderr(process,
                          Upstream(" crashed (signal " + std::to_string(end.code) + ")" + after));
      case ProcessEnd::Kind::kExited:
        if (end.code != 0) {
          return WithStderr(process,
                            Upstream(" exited with status " + std::to_string(end.code) + after));
        }
        break;
    }
    if (!done_) return WithStderr(process, Upstream(" exited without \"done\"" + after));
    return util::OkStatus();
  }

 private:
  util::Error Upstream(const std::string& what) const {
    return util::Error::UpstreamFailed(who_ + what);
  }
  util::Error TimedOut(int limit_seconds) const {
    return util::Error::UpstreamTimeout(who_ + " took longer than " +
                                        std::to_string(limit_seconds) + " s");
  }
  util::Error BadLine(size_t number, const std::string& what) const {
    return Upstream(": line " + std::to_string(number) + " " + what);
  }
  // Kills the plugin's process group; returns `error` with the end of its stderr appended.
  util::Error Stop(PluginProcess& process, util::Error error) const {
    process.Kill();
    return WithStderr(process, std::move(error));
  }
  util::Error WithStderr(const PluginProcess& process, util::Error error) const {
    const std::string tail = process.StderrTail();
    if (!tail.empty()) error.message += "; stderr: " + tail;
    return error;
  }

  enum class Need { kOptional, kRequired };

  // The string `key` of `message`: absent or empty gives "" when optional, an error when
  // required; another type is an error.
  util::Result<std::string> Text(const json& message, const char* key, size_t number,
                                 Need need) const {
    auto found = message.find(key);
    if (found == message.end() ||
        (found->is_string() && found->get_ref<const std::string&>().empty())) {
      if (need == Need::kRequired) return BadLine(number, std::string("lacks \"") + key + "\"");
      return std::string();
    }
    if (!found->is_string()) {
      return BadLine(number, std::string("has a \"") + key + "\" that is not a string");
    }
    return found->get<std::string>();
  }

  util::Status HandleLine(const std::string& text, size_t number) {
    json message;
    try {
      message = json::parse(text);
    } catch (const json::parse_error& error) {
      return BadLine(number, "is not JSON: " + ParseErrorWords(error));
    }
    if (!message.is_object()) return BadLine(number, "is not a JSON object");
    CAIRN_ASSIGN_OR_RETURN(const std::string type, Text(message, "type", number, Need::kRequired));
    if (type == "progress") return HandleProgress(message, number);
    if (type == "activity") return HandleActivity(message, number);
    if (type == "problem") {
      CAIRN_ASSIGN_OR_RETURN(std::string item, Text(message, "item", number, Need::kRequired));
      CAIRN_ASSIGN_OR_RETURN(std::string words, Text(message, "message", number, Need::kRequired));
      on_item_(SourceItem{std::move(item), util::Error::InvalidArgument(std::move(words))});
      return util::OkStatus();
    }
    if (type == "done") {
      done_ = true;
      return util::OkStatus();
    }
    return BadLine(number,
                   "has an unknown type \"" + std::string(util::TruncateUtf8(type, 64)) + "\"");
  }

  util::Status HandleProgress(const json& message, size_t number) {
    auto done = message.find("done");
    auto total = message.find("total");
    if (done == message.end() || total == message.end() || !done->is_number_unsigned() ||
        !total->is_number_unsigned()) {
      return BadLine(number, "needs \"done\" and \"total\" as whole numbers");
    }
    if (on_progress_) on_progress_(done->get<size_t>(), total->get<size_t>());
    return util::OkStatus();
  }

  util::Status HandleActivity(const json& message, size_t number) {
    Activity activity;
    CAIRN_ASSIGN_OR_RETURN(activity.external_id,
                           Text(message, "external_id", number, Need::kRequired));
    CAIRN_ASSIGN_OR_RETURN(activity.name, Text(message, "name", number, Need::kOptional));
    CAIRN_ASSIGN_OR_RETURN(activity.description,
                           Text(message, "description", number, Need::kOptional));
    CAIRN_ASSIGN_OR_RETURN(activity.date, Text(message, "date", number, Need::kOptional));
    CAIRN_ASSIGN_OR_RETURN(activity.type, Text(message, "activity_type", number, Need::kOptional));
    CAIRN_ASSIGN_OR_RETURN(const std::string file, Text(message, "file", number, Need::kRequired));
    std::vector<std::string> photos;
    if (auto found = message.find("photos"); found != message.end()) {
      const bool strings =
          found->is_array() &&
          std::all_of(found->begin(), found->end(), [](const json& p) { return p.is_string(); });
      if (!strings) return BadLine(number, "has \"photos\" that are not a list of strings");
      for (const json& photo : *found) photos.push_back(photo.get<std::string>());
    }
    ++activities_;
    on_item_(SourceItem{activity.external_id, ReadFiles(std::move(activity), file, photos)});
    return util::OkStatus();
  }

  // `activity` with its track and photos read from the work dir, or why they cannot be.
  util::Result<Activity> ReadFiles(Activity activity, const std::string& file,
                                   const std::vector<std::string>& photos) const {
    const std::string prefix =
        "activity \"" + std::string(util::TruncateUtf8(activity.external_id, 100)) + "\": ";
    if (photos.size() > kMaxPluginPhotos) {
      return util::Error::TooLarge(prefix + CountWords(photos.size(), "photo", "photos") +
                                   ", at most " + std::to_string(kMaxPluginPhotos));
    }
    auto track = ReadInside(work_.fd(), file, kMaxPluginTrackBytes);
    if (!track.ok())
      return util::Error{track.error().kind, prefix + "file " + track.error().message};
    activity.file_name = BaseName(file);
    activity.track_bytes = std::move(track).value();
    for (const std::string& photo : photos) {
      auto bytes = ReadInside(work_.fd(), photo, kMaxPluginPhotoBytes);
      if (!bytes.ok())
        return util::Error{bytes.error().kind, prefix + "photo " + bytes.error().message};
      activity.photos.push_back({BaseName(photo), std::move(bytes).value()});
    }
    return activity;
  }

  std::string who_;
  const WorkDir& work_;
  const std::function<void(SourceItem)>& on_item_;
  const std::function<void(size_t, size_t)>& on_progress_;
  size_t activities_ = 0;
  bool done_ = false;
};

}  // namespace

util::Status RunImportPlugin(const ExternalPluginManifest& manifest, const PluginRun& run,
                             const std::function<void(imports::SourceItem)>& on_item,
                             const std::function<void(size_t done, size_t total)>& on_progress) {
  const std::string who = "plugin " + manifest.id;
  // Both read files: an uploaded archive, or one file of a watched folder.
  if (!manifest.HasCapability("import-archive") && !manifest.HasCapability("watch")) {
    return util::Error::InvalidArgument(who + " reads no files (neither import-archive nor watch)");
  }
  CAIRN_ASSIGN_OR_RETURN(std::unique_ptr<WorkDir> work, WorkDir::Make(run.temp_root, manifest.id));
  CAIRN_ASSIGN_OR_RETURN(const std::vector<std::string> files,
                         work->AddInputs(run.input_files, manifest.accepts, who));
  if (::geteuid() == 0) work->HandTo(PluginProcess::kNobodyId);
  const json request = {{"protocol", 1},
                        {"method", "import"},
                        {"files", files},
                        {"config", run.config.is_null() ? json::object() : run.config}};
  int limit = manifest.timeout_seconds;
  if (run.timeout_seconds > 0) limit = std::min(limit, run.timeout_seconds);
  const SandboxedCommand command{manifest.dir + "/" + manifest.exec, manifest.dir, work->path(),
                                 limit, run.sandbox};
  std::string request_line;
  try {
    request_line = request.dump() + "\n";
  } catch (const json::type_error&) {
    return util::Error::InvalidArgument(who + ": an input's name or the config is not UTF-8");
  }
  auto started = PluginProcess::Start(command, std::move(request_line));
  if (!started.ok()) {
    util::Error error = std::move(started).error();
    error.message = who + " cannot run: " + error.message;
    return error;
  }
  ImportConversation conversation(manifest, *work, on_item, on_progress);
  return conversation.Run(**started, limit);
}

}  // namespace cairn::services::plugins
