// External plugins as real processes: manifests, the JSON-lines protocol, the time limit, crashes,
// and the sandbox (files outside the work dir, inherited descriptors). Each plugin is a /bin/sh
// script written into a temporary folder.
#include "services/plugins/external_plugin.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "services/plugins/landlock_ruleset.h"
#include "test_support/scoped_env.h"
#include "test_support/temp_dir.h"

namespace cairn::services::plugins {
namespace {

namespace fs = std::filesystem;
using imports::SourceItem;

void WriteFile(const std::string& path, const std::string& content, mode_t mode = 0644) {
  std::ofstream(path, std::ios::binary) << content;
  ::chmod(path.c_str(), mode);
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A plugins dir and a temp root. The plugins dir is readable by others: when the tests run as
// root, plugins run as nobody. The temp root stays private (0700), as a data dir's would be.
class PluginsFixture {
 public:
  PluginsFixture() : plugins_dir_(root_.path() + "/plugins"), temp_root_(root_.path() + "/tmp") {
    ::chmod(root_.path().c_str(), 0755);
    fs::create_directory(plugins_dir_);
    ::chmod(plugins_dir_.c_str(), 0755);
    fs::create_directory(temp_root_);
    ::chmod(temp_root_.c_str(), 0700);
  }

  // Writes plugin `id` with `manifest` (none when empty) and `script` (its body after
  // "#!/bin/sh", none when empty) as its executable "run".
  void Write(const std::string& id, const std::string& manifest, const std::string& script) {
    const std::string dir = plugins_dir_ + "/" + id;
    fs::create_directory(dir);
    ::chmod(dir.c_str(), 0755);
    if (!manifest.empty()) WriteFile(dir + "/manifest.json", manifest);
    if (!script.empty()) WriteFile(dir + "/run", "#!/bin/sh\n" + script, 0755);
  }

  ExternalPluginManifest Install(const std::string& id, const std::string& script) {
    Write(id, R"({"id": ")" + id + R"(", "name": "Test", "version": "1.0",
                 "capabilities": ["import-archive"], "exec": "run"})",
          script);
    auto manifest = ReadPluginManifest(plugins_dir_ + "/" + id);
    REQUIRE(manifest.ok());
    return *manifest;
  }

  PluginRun Run(int timeout_seconds = 20) const {
    PluginRun run;
    run.temp_root = temp_root_;
    run.timeout_seconds = timeout_seconds;
    // On a kernel without Landlock the protocol is still tested (the sandbox test skips itself).
    if (LandlockAbiVersion() < 1) run.sandbox = SandboxRequirement::kOptional;
    return run;
  }

  const std::string& plugins_dir() const { return plugins_dir_; }
  const std::string& temp_root() const { return temp_root_; }
  const std::string& path() const { return root_.path(); }

 private:
  test_support::TempDir root_;
  std::string plugins_dir_;
  std::string temp_root_;
};

struct Outcome {
  std::vector<SourceItem> items;
  std::vector<std::pair<size_t, size_t>> progress;
  util::Status status;

  const imports::Activity* Activity(const std::string& external_id) const {
    for (const SourceItem& item : items) {
      if (item.activity.ok() && item.activity->external_id == external_id) return &*item.activity;
    }
    return nullptr;
  }
  // The message of the error item labelled `label`, or "" when there is none.
  std::string Problem(const std::string& label) const {
    for (const SourceItem& item : items) {
      if (item.label == label && !item.activity.ok()) return item.activity.error().message;
    }
    return "";
  }
  // Everything the run handed over, as one text, for checking what must never appear.
  std::string Everything() const {
    std::string all = status.ok() ? "" : status.error().message;
    for (const SourceItem& item : items) {
      all += "\n" + item.label + "\n";
      if (!item.activity.ok()) {
        all += item.activity.error().message;
        continue;
      }
      const imports::Activity& a = *item.activity;
      all += a.name + a.description + a.file_name + a.track_bytes;
      for (const auto& photo : a.photos) all += photo.file_name + photo.bytes;
    }
    return all;
  }
};

Outcome RunPlugin(const ExternalPluginManifest& manifest, const PluginRun& run) {
  Outcome outcome;
  outcome.status = RunImportPlugin(
      manifest, run, [&](SourceItem item) { outcome.items.push_back(std::move(item)); },
      [&](size_t done, size_t total) { outcome.progress.emplace_back(done, total); });
  return outcome;
}

bool FolderIsEmpty(const std::string& dir) { return fs::is_empty(dir); }

// Whether a live process (not a zombie) has `marker` in its command line: what a plugin started,
// found however it is numbered (a plugin in its own PID namespace sees other numbers).
bool ProcessRunning(const std::string& marker) {
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] < '1' || name[0] > '9') continue;
    std::string command = ReadText(entry.path().string() + "/cmdline");
    std::replace(command.begin(), command.end(), '\0', ' ');
    if (command.find(marker) == std::string::npos) continue;
    const std::string stat = ReadText(entry.path().string() + "/stat");
    const size_t paren = stat.rfind(')');
    const char state =
        paren == std::string::npos || paren + 2 >= stat.size() ? 'X' : stat[paren + 2];
    if (state != 'Z' && state != 'X') return true;
  }
  return false;
}

// Whether this kernel lets a process make a user and PID namespace (tried in a child, which then
// ends: the test process keeps its own).
bool NamespacesAllowed(int flags = CLONE_NEWUSER | CLONE_NEWPID) {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(::unshare(flags) == 0 ? 0 : 1);
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

// Waits up to 5 s for every process with `marker` to be gone (killed ones vanish once reaped).
bool AllGone(const std::string& marker) {
  for (int i = 0; i < 50 && ProcessRunning(marker); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return !ProcessRunning(marker);
}

const std::string kMakeTrack = "printf 'trk' > out/a.gpx\n";
const std::string kDone = "echo '{\"type\":\"done\"}'\n";

// A script line reporting activity `id` with the track kMakeTrack made.
std::string ReportActivity(const std::string& id) {
  return R"(echo '{"type":"activity","external_id":")" + id +
         R"(","file":"out/a.gpx"}')"
         "\n";
}

const char* kGoodScript = R"sh(set -e
read -r request
printf '%s\n' "$request" > out/request.json
env > out/env.txt
id -u >> out/env.txt
test "$(cat input/export.zip)" = "PK-archive"
echo '{"type":"progress","done":0,"total":2}'
printf '<gpx version="1.1"><trk><name>Ridge</name></trk></gpx>' > out/1.gpx
printf 'JPEG-BYTES' > out/1a.jpg
printf 'second track' > out/2.gpx
echo '{"type":"activity","external_id":"demo:1","name":"Ridge walk","description":"Windy","date":"2024-05-01","activity_type":"Hike","file":"out/1.gpx","photos":["out/1a.jpg"]}'
echo '{"type":"progress","done":1,"total":2}'
echo '{"type":"problem","item":"activity 12","message":"no GPS data"}'
echo '{"type":"activity","external_id":"demo:2","file":"out/2.gpx","photos":["out/request.json","out/env.txt"]}'
echo '{"type":"progress","done":2,"total":2}'
echo '{"type":"done"}'
)sh";

TEST_CASE("a plugin's activities, photos, problems and progress are handed over", "[plugins]") {
  PluginsFixture plugins;
  test_support::ScopedEnv leak("CAIRN_PLUGIN_TEST_PROBE", "must-not-reach-the-plugin");
  const ExternalPluginManifest manifest = plugins.Install("good", kGoodScript);
  WriteFile(plugins.path() + "/export.zip", "PK-archive");
  PluginRun run = plugins.Run();
  run.input_files = {plugins.path() + "/export.zip"};
  run.config = {{"units", "metric"}};

  const Outcome outcome = RunPlugin(manifest, run);
  INFO(outcome.Everything());
  REQUIRE(outcome.status.ok());
  REQUIRE(outcome.items.size() == 3);
  const imports::Activity* first = outcome.Activity("demo:1");
  REQUIRE(first != nullptr);
  CHECK(outcome.items[0].label == "demo:1");
  CHECK(first->name == "Ridge walk");
  CHECK(first->description == "Windy");
  CHECK(first->date == "2024-05-01");
  CHECK(first->type == "Hike");
  CHECK(first->file_name == "1.gpx");
  CHECK(first->track_bytes == "<gpx version=\"1.1\"><trk><name>Ridge</name></trk></gpx>");
  REQUIRE(first->photos.size() == 1);
  CHECK(first->photos[0].file_name == "1a.jpg");
  CHECK(first->photos[0].bytes == "JPEG-BYTES");
  CHECK(outcome.Problem("activity 12") == "no GPS data");
  CHECK(outcome.items[1].activity.error().kind == util::ErrorKind::kInvalidArgument);

  const imports::Activity* second = outcome.Activity("demo:2");
  REQUIRE(second != nullptr);
  CHECK(second->track_bytes == "second track");
  CHECK(second->name.empty());
  REQUIRE(second->photos.size() == 2);
  const auto request = nlohmann::json::parse(second->photos[0].bytes);
  CHECK(request == nlohmann::json::parse(R"({"protocol":1,"method":"import",
      "files":["input/export.zip"],"config":{"units":"metric"}})"));
  const std::string& environment = second->photos[1].bytes;
  CHECK(environment.find("PATH=/usr/bin:/bin\n") != std::string::npos);
  CHECK(environment.find("LANG=C.UTF-8\n") != std::string::npos);
  CHECK(environment.find("HOME=" + plugins.temp_root() + "/plugin-good-") != std::string::npos);
  CHECK(environment.find("CAIRN_PLUGIN_TEST_PROBE") == std::string::npos);
  if (::geteuid() == 0) CHECK(environment.find("\n65534\n") != std::string::npos);

  CHECK(outcome.progress == std::vector<std::pair<size_t, size_t>>{{0, 2}, {1, 2}, {2, 2}});
  CHECK(FolderIsEmpty(plugins.temp_root()));  // the work dir is gone
}

TEST_CASE("a plugin over its time limit is killed with its whole process group", "[plugins]") {
  PluginsFixture plugins;
  // A sleep of a length no other process has: its command line finds it.
  const ExternalPluginManifest manifest = plugins.Install("sleeper", R"(
sleep 30.424242 &
sleep 30.434343
echo '{"type":"done"}'
)");
  const auto start = std::chrono::steady_clock::now();
  const Outcome outcome = RunPlugin(manifest, plugins.Run(1));
  const auto elapsed = std::chrono::steady_clock::now() - start;

  REQUIRE_FALSE(outcome.status.ok());
  CHECK(outcome.status.error().kind == util::ErrorKind::kUpstreamTimeout);
  CHECK(outcome.status.error().message == "plugin sleeper took longer than 1 s");
  CHECK(elapsed < std::chrono::seconds(20));
  CHECK(AllGone("sleep 30.424242"));
  CHECK(AllGone("sleep 30.434343"));
  CHECK(FolderIsEmpty(plugins.temp_root()));
}

TEST_CASE("what a plugin leaves running is killed when it exits", "[plugins]") {
  PluginsFixture plugins;
  const ExternalPluginManifest manifest = plugins.Install("forker", R"(
sleep 30.515151 &
echo '{"type":"done"}'
)");
  const auto start = std::chrono::steady_clock::now();
  const Outcome outcome = RunPlugin(manifest, plugins.Run());
  // The sleep holds stdout open; the run ends when the script does, not 30 s later.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));
  CHECK(outcome.status.ok());
  CHECK(AllGone("sleep 30.515151"));
}

TEST_CASE("what a plugin starts in a session of its own is killed too, where namespaces exist",
          "[plugins]") {
  if (!NamespacesAllowed()) {
    WARN("user and PID namespaces are refused here: a plugin's setsid escapes the group kill");
    return;
  }
  PluginsFixture plugins;
  // setsid leaves the plugin's process group: only the PID namespace's end reaches it.
  const ExternalPluginManifest manifest = plugins.Install("escaper", R"(
setsid sleep 30.616161 < /dev/null > /dev/null 2>&1 &
echo "{\"type\":\"problem\",\"item\":\"pid\",\"message\":\"$$\"}"
echo '{"type":"done"}'
)");
  const Outcome outcome = RunPlugin(manifest, plugins.Run());
  CHECK(outcome.status.ok());
  // The plugin is the second process of its namespace, after the init that waits for it.
  CHECK(outcome.Problem("pid") == "2");
  CHECK(AllGone("sleep 30.616161"));
}

TEST_CASE("a plugin reaches no network, not even this machine's", "[plugins]") {
  // A listening socket on loopback that the plugin is told to connect to.
  const int listener = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  REQUIRE(listener >= 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  REQUIRE(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  REQUIRE(::listen(listener, 4) == 0);
  socklen_t length = sizeof address;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
  const std::string port = std::to_string(ntohs(address.sin_port));
  PluginsFixture plugins;
  const ExternalPluginManifest manifest = plugins.Install(
      "caller", R"(
if bash -c 'exec 3<>/dev/tcp/127.0.0.1/)" +
                    port + R"(' 2>/dev/null; then said=connected; else said=refused; fi
echo "{\"type\":\"problem\",\"item\":\"network\",\"message\":\"$said\"}"
echo '{"type":"done"}'
)");
  const Outcome outcome = RunPlugin(manifest, plugins.Run());
  ::close(listener);
  REQUIRE(outcome.status.ok());
  if (!NamespacesAllowed(CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET) && LandlockAbiVersion() < 4) {
    WARN("no network namespace and no Landlock network rules here: the plugin's network is open");
    return;
  }
  CHECK(outcome.Problem("network") == "refused");
}

TEST_CASE("bad output ends the run naming the line, after what came before", "[plugins]") {
  struct Case {
    const char* name;
    std::string line;  // printed after one good activity
    const char* expected;
  };
  const std::vector<Case> cases = {
      {"not JSON", "echo 'this is not json'", "plugin bad: line 2 is not JSON: "},
      {"not an object", "echo '[1, 2]'", "plugin bad: line 2 is not a JSON object"},
      {"unknown type", R"(echo '{"type":"teleport"}')",
       "plugin bad: line 2 has an unknown type \"teleport\""},
      {"no type", R"(echo '{"kind":"done"}')", "plugin bad: line 2 lacks \"type\""},
      {"activity without file", R"(echo '{"type":"activity","external_id":"x"}')",
       "plugin bad: line 2 lacks \"file\""},
      {"mistyped field", R"(echo '{"type":"activity","external_id":"x","file":"a","name":5}')",
       "plugin bad: line 2 has a \"name\" that is not a string"},
      {"bad progress", R"(echo '{"type":"progress","done":-1,"total":2}')",
       "plugin bad: line 2 needs \"done\" and \"total\" as whole numbers"},
      {"line over 1 MiB", "head -c 1100000 /dev/zero | tr '\\000' 'a'; echo",
       "plugin bad: line 2 is longer than 1 MiB"},
      {"output after done", R"(echo '{"type":"done"}'; echo '{"type":"done"}')",
       "plugin bad: line 3 comes after \"done\""},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      PluginsFixture plugins;
      const ExternalPluginManifest manifest = plugins.Install(
          "bad", kMakeTrack + ReportActivity("a1") + c.line + "\n" + ReportActivity("a2") + kDone);
      const Outcome outcome = RunPlugin(manifest, plugins.Run());
      REQUIRE_FALSE(outcome.status.ok());
      CHECK(outcome.status.error().kind == util::ErrorKind::kUpstreamFailed);
      CHECK_THAT(outcome.status.error().message, Catch::StartsWith(c.expected));
      REQUIRE(outcome.items.size() == 1);  // a2, after the bad line, is never read
      CHECK(outcome.Activity("a1") != nullptr);
      CHECK(FolderIsEmpty(plugins.temp_root()));
    }
  }
}

TEST_CASE("a plugin killed by a signal is reported as a crash after what it delivered",
          "[plugins]") {
  PluginsFixture plugins;
  const ExternalPluginManifest manifest =
      plugins.Install("crasher", kMakeTrack + ReportActivity("a1") + "kill -SEGV $$\n");
  const Outcome outcome = RunPlugin(manifest, plugins.Run());
  REQUIRE_FALSE(outcome.status.ok());
  CHECK(outcome.status.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(outcome.status.error().message == "plugin crasher crashed (signal 11) after 1 activity");
  REQUIRE(outcome.items.size() == 1);
  CHECK(outcome.Activity("a1") != nullptr);
}

TEST_CASE("a plugin that exits early or fails is an error with the end of its stderr",
          "[plugins]") {
  PluginsFixture plugins;
  SECTION("exit 0 without done") {
    const ExternalPluginManifest manifest =
        plugins.Install("quitter", "echo '{\"type\":\"progress\",\"done\":1,\"total\":5}'\n");
    const Outcome outcome = RunPlugin(manifest, plugins.Run());
    REQUIRE_FALSE(outcome.status.ok());
    CHECK(outcome.status.error().message ==
          "plugin quitter exited without \"done\" after 0 activities");
  }
  SECTION("a non-zero status, with a long stderr kept bounded") {
    const ExternalPluginManifest manifest = plugins.Install("failer", R"(
head -c 200000 /dev/zero | tr '\000' 'x' >&2
echo >&2
printf 'bad \377 byte\n' >&2
echo "cannot open export: not a zip archive" >&2
exit 3
)");
    const Outcome outcome = RunPlugin(manifest, plugins.Run());
    REQUIRE_FALSE(outcome.status.ok());
    const std::string& message = outcome.status.error().message;
    CHECK_THAT(message, Catch::StartsWith("plugin failer exited with status 3 after 0 activities; "
                                          "stderr: "));
    CHECK_THAT(message, Catch::EndsWith("cannot open export: not a zip archive"));
    CHECK(message.size() < 2200);
    CHECK_THAT(message, Catch::Contains("bad ? byte\ncannot open"));
  }
}

TEST_CASE("a plugin cannot read or write outside its work dir nor use inherited descriptors",
          "[plugins]") {
  if (LandlockAbiVersion() < 1) {
    WARN("skipped: this kernel offers no Landlock sandbox");
    return;
  }
  PluginsFixture plugins;
  // Readable and writable by anyone: only the sandbox stands in the way.
  test_support::TempDir data;
  ::chmod(data.path().c_str(), 0777);
  const std::string secret = data.path() + "/data.db";
  WriteFile(secret, "TOP-SECRET-CONTENT-42", 0666);
  const int inherited = ::open(secret.c_str(), O_RDONLY);  // no O_CLOEXEC, as a careless library
  REQUIRE(inherited >= 0);

  const ExternalPluginManifest manifest = plugins.Install("snoop", R"(
if cat ")" + secret + R"(" > out/stolen 2>/dev/null; then r=read; else r=denied; fi
if echo x > ")" + data.path() + R"(/written" 2>/dev/null; then w=written; else w=denied; fi
if ls /tmp > /dev/null 2>&1; then t=listed; else t=denied; fi
fds=$(ls /proc/self/fd | tr '\n' ' ')
echo "{\"type\":\"problem\",\"item\":\"read\",\"message\":\"$r\"}"
echo "{\"type\":\"problem\",\"item\":\"write\",\"message\":\"$w\"}"
echo "{\"type\":\"problem\",\"item\":\"tmp\",\"message\":\"$t\"}"
echo "{\"type\":\"problem\",\"item\":\"fds\",\"message\":\"$fds\"}"
printf 'trk' > out/t.gpx
echo '{"type":"activity","external_id":"s","file":"out/t.gpx","photos":["out/stolen"]}'
echo '{"type":"done"}'
)");
  const Outcome outcome = RunPlugin(manifest, plugins.Run());
  ::close(inherited);
  INFO(outcome.Everything());
  REQUIRE(outcome.status.ok());
  CHECK(outcome.Problem("read") == "denied");
  CHECK(outcome.Problem("write") == "denied");
  CHECK(outcome.Problem("tmp") == "denied");
  CHECK_FALSE(fs::exists(data.path() + "/written"));
  CHECK(outcome.Everything().find("TOP-SECRET") == std::string::npos);
  // 0, 1 and 2, and the one ls opens to read the folder.
  CHECK(outcome.Problem("fds") == "0 1 2 3 ");
}

TEST_CASE("an activity file path that leaves the work dir is an error item and never read",
          "[plugins]") {
  PluginsFixture plugins;
  const ExternalPluginManifest manifest = plugins.Install("escaper", R"(
printf 'trk' > out/ok.gpx
ln -s /etc/passwd out/link.gpx
ln -s / out/root
mkfifo out/fifo.gpx
mkdir out/folder.gpx
echo '{"type":"activity","external_id":"parent","file":"../x"}'
echo '{"type":"activity","external_id":"absolute","file":"/etc/passwd"}'
echo '{"type":"activity","external_id":"dots","file":"out/../../etc/passwd"}'
echo '{"type":"activity","external_id":"symlink","file":"out/link.gpx"}'
echo '{"type":"activity","external_id":"through-symlink","file":"out/root/etc/passwd"}'
echo '{"type":"activity","external_id":"fifo","file":"out/fifo.gpx"}'
echo '{"type":"activity","external_id":"folder","file":"out/folder.gpx"}'
echo '{"type":"activity","external_id":"missing","file":"out/none.gpx"}'
echo '{"type":"activity","external_id":"photo","file":"out/ok.gpx","photos":["/etc/passwd"]}'
echo '{"type":"activity","external_id":"fine","file":"out/ok.gpx"}'
echo '{"type":"done"}'
)");
  const Outcome outcome = RunPlugin(manifest, plugins.Run());
  INFO(outcome.Everything());
  REQUIRE(outcome.status.ok());
  REQUIRE(outcome.items.size() == 10);
  for (const char* id : {"parent", "absolute", "dots", "symlink", "through-symlink", "fifo",
                         "folder", "missing", "photo"}) {
    INFO(id);
    CHECK_THAT(outcome.Problem(id), Catch::StartsWith(std::string("activity \"") + id + "\": "));
  }
  CHECK_THAT(outcome.Problem("symlink"), Catch::EndsWith("passes through a symlink"));
  CHECK_THAT(outcome.Problem("through-symlink"), Catch::EndsWith("passes through a symlink"));
  CHECK_THAT(outcome.Problem("fifo"), Catch::Contains("not a regular file"));
  CHECK(outcome.Activity("fine") != nullptr);
  CHECK(outcome.Everything().find("root:") == std::string::npos);
}

TEST_CASE("broken manifests are listed with what is wrong and the good ones still load",
          "[plugins]") {
  auto manifest = [](const std::string& id, const std::string& rest) {
    return R"({"id": ")" + id + R"(", "name": "N", "version": "1", )" + rest + "}";
  };
  const std::string runs = R"("capabilities": ["import-archive"], "exec": "run")";
  struct Row {
    std::string folder;
    std::string manifest;  // empty: none
    std::string expected;  // empty: a good manifest
  };
  const std::vector<Row> rows = {
      {"Upper", manifest("Upper", runs),
       "plugin folder \"Upper\": manifest.json: \"id\" must be 1 to 64 of a-z"},
      {"absent", manifest("absent", R"("capabilities": ["sync"], "exec": "start")"),
       "\"exec\" names \"start\", which is not in the plugin's folder"},
      {"alpha", manifest("beta", runs),
       "\"id\" is \"beta\" but must be the folder's name, \"alpha\""},
      {"dots", manifest("dots", R"("capabilities": ["sync"], "exec": "..")"),
       "\"exec\" must be a file name in the plugin's folder, without '/' or \"..\""},
      {"empty", "", "plugin folder \"empty\": manifest.json: missing or unreadable"},
      {"fine", manifest("fine", runs + R"(, "timeout_seconds": 60, "accepts": [".ZIP"])"), ""},
      {"noexec", manifest("noexec", runs), "which is not executable"},
      {"none", manifest("none", R"("capabilities": [], "exec": "run")"),
       "\"capabilities\" must list at least one"},
      {"notjson", "{\"id\": ", "manifest.json: not JSON"},
      {"slash", manifest("slash", R"("capabilities": ["sync"], "exec": "bin/run")"),
       "\"exec\" must be a file name in the plugin's folder, without '/' or \"..\""},
      {"slow", manifest("slow", runs + R"(, "timeout_seconds": 5000)"),
       "\"timeout_seconds\" must be a whole number from 1 to 3600"},
      {"unknown", manifest("unknown", R"("capabilities": ["teleport"], "exec": "run")"),
       "unknown capability \"teleport\""},
  };
  PluginsFixture plugins;
  for (const Row& row : rows) plugins.Write(row.folder, row.manifest, "exit 0");
  ::chmod((plugins.plugins_dir() + "/noexec/run").c_str(), 0644);
  fs::create_directory(plugins.plugins_dir() + "/.hidden");

  const std::vector<DiscoveredPlugin> found = DiscoverExternalPlugins(plugins.plugins_dir());
  REQUIRE(found.size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    INFO(rows[i].folder);
    CHECK(found[i].folder == rows[i].folder);  // sorted by name
    if (rows[i].expected.empty()) continue;
    REQUIRE_FALSE(found[i].manifest.ok());
    CHECK(found[i].manifest.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_THAT(found[i].manifest.error().message, Catch::Contains(rows[i].expected));
  }
  auto fine = std::find_if(found.begin(), found.end(),
                           [](const DiscoveredPlugin& p) { return p.folder == "fine"; });
  REQUIRE(fine->manifest.ok());
  CHECK(fine->manifest->id == "fine");
  CHECK(fine->manifest->timeout_seconds == 60);
  CHECK(fine->manifest->accepts == std::vector<std::string>{".zip"});
  CHECK(fine->manifest->dir == plugins.plugins_dir() + "/fine");
  CHECK(DiscoverExternalPlugins(plugins.path() + "/no-such-dir").empty());
}

TEST_CASE("a plugin that cannot be executed is an error naming why", "[plugins]") {
  PluginsFixture plugins;
  const ExternalPluginManifest manifest = plugins.Install("broken", "exit 0\n");
  WriteFile(manifest.dir + "/run", "#!/no/such/interpreter\n", 0755);
  const Outcome outcome = RunPlugin(manifest, plugins.Run());
  REQUIRE_FALSE(outcome.status.ok());
  CHECK(outcome.status.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(outcome.status.error().message == "plugin broken cannot run: " + manifest.dir +
                                              "/run: execve failed: No such file or directory");
  CHECK(FolderIsEmpty(plugins.temp_root()));
}

TEST_CASE("a plugin runs only for archives it accepts and only with import-archive", "[plugins]") {
  PluginsFixture plugins;
  ExternalPluginManifest manifest = plugins.Install("picky", "echo '{\"type\":\"done\"}'\n");
  WriteFile(plugins.path() + "/track.gpx", "gpx");
  PluginRun run = plugins.Run();
  run.input_files = {plugins.path() + "/track.gpx"};

  CHECK(RunPlugin(manifest, run).status.ok());
  manifest.accepts = {".zip"};
  Outcome refused = RunPlugin(manifest, run);
  REQUIRE_FALSE(refused.status.ok());
  CHECK(refused.status.error().message == "plugin picky does not accept \"track.gpx\"");
  manifest.accepts = {};
  manifest.capabilities = {"sync"};
  refused = RunPlugin(manifest, run);
  REQUIRE_FALSE(refused.status.ok());
  CHECK(refused.status.error().message ==
        "plugin picky reads no files (neither import-archive nor watch)");
  CHECK(FolderIsEmpty(plugins.temp_root()));
}

}  // namespace
}  // namespace cairn::services::plugins
