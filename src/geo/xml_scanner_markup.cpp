// The markup the XML scanner passes over: comments, processing instructions and the DOCTYPE,
// whose entity declarations are refused.
#include <algorithm>

#include "geo/xml_scanner.h"
#include "util/text.h"

namespace cairn::geo::xml_internal {
bool XmlScanner::SkipComment() {
  const size_t close = input_.find("-->", position_ + 4);
  if (close == std::string_view::npos) return Fail(input_.size(), "the file ends inside a comment");
  position_ = close + 3;
  return true;
}

bool XmlScanner::SkipProcessingInstruction() {
  const size_t target_begin = position_ + 2;
  const size_t target_end = NameEnd(target_begin);
  if (target_end == target_begin) {
    return Fail(position_, "\"<?\" is not followed by a processing instruction name");
  }
  if (util::EqualsIgnoringAsciiCase(input_.substr(target_begin, target_end - target_begin),
                                    "xml")) {
    return Fail(position_, "an XML declaration is only allowed at the very start of the file");
  }
  const size_t close = input_.find("?>", target_end);
  if (close == std::string_view::npos) {
    return Fail(input_.size(), "the file ends inside a processing instruction");
  }
  position_ = close + 2;
  return true;
}

bool XmlScanner::SkipDoctype() {
  if (root_seen_) return Fail(position_, "a DOCTYPE is only allowed before the root element");
  const size_t size = input_.size();
  bool internal_subset = false;
  size_t p = position_ + std::string_view("<!DOCTYPE").size();
  while (p < size) {
    const char c = input_[p];
    if (c == '"' || c == '\'') {
      const size_t close = input_.find(c, p + 1);
      if (close == std::string_view::npos) break;
      p = close + 1;
      continue;
    }
    if (internal_subset && c == '<') {
      const std::string_view rest = input_.substr(p);
      if (rest.starts_with("<!--")) {
        const size_t close = input_.find("-->", p + 4);
        if (close == std::string_view::npos) break;
        p = close + 3;
        continue;
      }
      if (util::EqualsIgnoringAsciiCase(rest.substr(0, 8), "<!ENTITY")) {
        return Fail(p,
                    "the DOCTYPE declares an entity; files with entity declarations are refused "
                    "because expanding them can exhaust memory or read other files");
      }
    }
    if (c == '[') {
      internal_subset = true;
    } else if (c == ']') {
      internal_subset = false;
    } else if (c == '>' && !internal_subset) {
      position_ = p + 1;
      return true;
    }
    ++p;
  }
  return Fail(size, "the file ends inside the DOCTYPE");
}

}  // namespace cairn::geo::xml_internal
