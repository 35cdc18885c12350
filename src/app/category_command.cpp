// The category admin CLI. Like `cairn user`, it opens the database beside a running server
// (SQLite coordinates the writes) but not the data dir lock.
#include "app/category_command.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/admin_terminal.h"
#include "app/core.h"
#include "services/categories/category_admin.h"

namespace cairn::app {
namespace {

int Fail(const std::string& message) {
  std::fprintf(stderr, "cairn category: %s\n", message.c_str());
  return 1;
}

std::string Plural(int64_t count, const std::string& one, const std::string& many) {
  return std::to_string(count) + " " + (count == 1 ? one : many);
}

int List(services::CategoryAdmin& admin) {
  auto categories = admin.List();
  if (!categories.ok()) return Fail(DescribeForTerminal(categories.error()));
  std::printf("%-15s  %-24s  %6s  %13s  %s\n", "ID", "NAME", "TRAILS", "SUBCATEGORIES", "IMAGE");
  for (const auto& c : *categories) {
    std::printf("%-15s  %-24s  %6lld  %13lld  %s\n", c.id.c_str(), c.name.c_str(),
                static_cast<long long>(c.trails), static_cast<long long>(c.subcategories),
                c.img.c_str());
  }
  return 0;
}

int Add(const Config& config, services::CategoryAdmin& admin) {
  std::string bytes;
  std::optional<services::UploadedFile> image;
  if (!config.category_image.empty()) {
    std::ifstream in(config.category_image, std::ios::binary);
    if (!in) return Fail("cannot read " + config.category_image);
    std::ostringstream content;
    content << in.rdbuf();
    bytes = content.str();
    image = services::UploadedFile{
        bytes, std::filesystem::path(config.category_image).filename().string()};
  }
  auto added = admin.Add(config.category_args[0], image);
  if (!added.ok()) return Fail(DescribeForTerminal(added.error()));
  std::printf("added category %s (%s)%s\n", added->name.c_str(), added->id.c_str(),
              added->img.empty() ? "" : (" with image " + added->img).c_str());
  return 0;
}

int Delete(const Config& config, services::CategoryAdmin& admin) {
  auto found = admin.Find(config.category_args[0]);
  if (!found.ok()) return Fail(DescribeForTerminal(found.error()));
  const std::string question = "Delete category " + found->name + "? " +
                               Plural(found->trails, "trail uses", "trails use") +
                               " it and will have no category.";
  if (!ConfirmAtTerminal(config, question)) {
    return Fail("not deleted (confirm on a terminal, or pass --yes)");
  }
  auto deleted = admin.Delete(found->id);
  if (!deleted.ok()) return Fail(DescribeForTerminal(deleted.error()));
  std::printf("deleted category %s (%s): %s no longer %s a category; %s and %s went with it\n",
              deleted->name.c_str(), deleted->id.c_str(),
              Plural(deleted->trails, "trail", "trails").c_str(),
              deleted->trails == 1 ? "has" : "have",
              Plural(deleted->subcategories, "subcategory", "subcategories").c_str(),
              Plural(deleted->preferences, "user preference", "user preferences").c_str());
  return 0;
}

}  // namespace

int RunCategoryCommand(const Config& config) {
  if (!std::filesystem::exists(config.data_dir + "/data.db")) {
    return Fail("no Cairn data in " + config.data_dir + " (is --dir right?)");
  }
  auto core = BuildCore(config);
  if (!core.ok()) return Fail(core.error().message);
  services::CategoryAdmin admin(*(*core)->database, *(*core)->records, *(*core)->uploads);
  const std::string& action = config.category_action;
  if (action == "list") return List(admin);
  if (action == "add") return Add(config, admin);
  if (action == "delete") return Delete(config, admin);
  auto renamed = admin.Rename(config.category_args[0], config.category_args[1]);  // rename
  if (!renamed.ok()) return Fail(DescribeForTerminal(renamed.error()));
  std::printf("renamed category %s to %s\n", renamed->id.c_str(), renamed->name.c_str());
  return 0;
}

}  // namespace cairn::app
