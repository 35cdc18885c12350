// index.html, the web app's shell page, with its placeholders filled in.
#pragma once

#include <string>
#include <string_view>

namespace cairn::web {

// `page` with every "{{ASSETS}}" replaced by `asset_base` ("/assets/3f9a1c2b7d01") and every
// "{{CONFIG}}" by `config_json`. Text that came in through a replacement is not searched again.
std::string RenderShellPage(std::string_view page, std::string_view asset_base,
                            std::string_view config_json);

}  // namespace cairn::web
