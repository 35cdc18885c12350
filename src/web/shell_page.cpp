// One pass over the page.
#include "web/shell_page.h"

namespace cairn::web {

std::string RenderShellPage(std::string_view page, std::string_view asset_base,
                            std::string_view config_json) {
  constexpr std::string_view kAssets = "{{ASSETS}}";
  constexpr std::string_view kConfig = "{{CONFIG}}";
  std::string out;
  out.reserve(page.size() + config_json.size());
  size_t at = 0;
  while (at < page.size()) {
    const size_t open = page.find("{{", at);
    if (open == std::string_view::npos) break;
    out.append(page.substr(at, open - at));
    const std::string_view rest = page.substr(open);
    if (rest.starts_with(kAssets)) {
      out.append(asset_base);
      at = open + kAssets.size();
    } else if (rest.starts_with(kConfig)) {
      out.append(config_json);
      at = open + kConfig.size();
    } else {
      out.append("{{");
      at = open + 2;
    }
  }
  if (at < page.size()) out.append(page.substr(at));
  return out;
}

}  // namespace cairn::web
