// What a remote server's HTML says, as the plain text this server keeps (comments, bios): tags
// dropped, paragraphs and line breaks kept as newlines, entities decoded. Nothing of the markup
// survives, so nothing a remote sends can run in a page here.
#pragma once

#include <string>
#include <string_view>

namespace cairn::services {

// `html` as text, at most `max_characters` characters, whitespace runs of
// inline text collapsed, at most one blank line in a row, trimmed.
std::string HtmlToText(std::string_view html, size_t max_characters);

}  // namespace cairn::services
