// The SVG check: well-formed UTF-8 XML under an <svg> root, refused when it could run a script.
#include <cstdint>
#include <pugixml.hpp>
#include <string>

#include "images/format_checks.h"

namespace cairn::images::internal {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

util::Error Scripted(const char* what) {
  return util::Error::InvalidArgument(std::string("The SVG image contains a script (") + what +
                                      ").");
}

char LowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualsIgnoringCase(std::string_view text, std::string_view lower) {
  if (text.size() != lower.size()) return false;
  for (size_t i = 0; i < text.size(); ++i) {
    if (LowerAscii(text[i]) != lower[i]) return false;
  }
  return true;
}

bool StartsWithIgnoringCase(std::string_view text, std::string_view lower) {
  return EqualsIgnoringCase(text.substr(0, lower.size()), lower);
}

// "svg:script" -> "script": the prefix is whatever the file bound the namespace to.
std::string_view LocalName(std::string_view name) {
  const size_t colon = name.rfind(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

bool IsXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Well-formed UTF-8: no overlong forms, no surrogates, nothing above U+10FFFF.
bool IsValidUtf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<uint8_t>(text[i]);
    if (lead < 0x80) {
      ++i;
      continue;
    }
    const size_t length = (lead & 0xE0) == 0xC0   ? 2
                          : (lead & 0xF0) == 0xE0 ? 3
                          : (lead & 0xF8) == 0xF0 ? 4
                                                  : 0;
    if (length == 0) return false;
    constexpr uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};  // shorter forms are overlong
    const uint32_t min = kSmallest[length];
    uint32_t code = lead & (0x7F >> length);
    if (text.size() - i < length) return false;
    for (size_t k = 1; k < length; ++k) {
      const auto next = static_cast<uint8_t>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = code << 6 | (next & 0x3F);
    }
    if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return false;
    i += length;
  }
  return true;
}

// A URL a browser would run as script. Browsers drop tabs and line breaks anywhere in a URL
// and spaces and control characters before it, so "java&#9;script:" still runs; the whole
// value is searched because <animate values="…;javascript:…"> sets href from a list.
bool HasJavascriptUrl(std::string_view value) {
  std::string cleaned;
  cleaned.reserve(value.size());
  for (const char c : value) {
    if (c != '\t' && c != '\n' && c != '\r') cleaned += LowerAscii(c);
  }
  return cleaned.find("javascript:") != std::string::npos;
}

// A DOCTYPE's internal subset may declare entities (billion laughs) or default attributes
// (an onload added to every <svg>); the viewer's parser, not ours, would act on them.
bool DeclaresEntitiesOrAttributes(std::string_view doctype) {
  for (size_t at = doctype.find("<!"); at != std::string_view::npos;
       at = doctype.find("<!", at + 2)) {
    const std::string_view rest = doctype.substr(at + 2);
    if (StartsWithIgnoringCase(rest, "entity") || StartsWithIgnoringCase(rest, "attlist")) {
      return true;
    }
  }
  return false;
}

util::Status CheckNode(const pugi::xml_node& node) {
  switch (node.type()) {
    case pugi::node_doctype:
      if (DeclaresEntitiesOrAttributes(node.value())) {
        return util::Error::InvalidArgument(
            "The SVG image declares entities or attributes in its DOCTYPE, which is not allowed.");
      }
      return util::OkStatus();
    case pugi::node_pi:
      // An <?xml-stylesheet?> can bring in XSLT, which runs scripts of its own.
      return util::Error::InvalidArgument(
          "The SVG image contains a processing instruction, which is not allowed.");
    case pugi::node_element:
      break;
    default:
      return util::OkStatus();
  }
  const std::string_view element = LocalName(node.name());
  if (EqualsIgnoringCase(element, "script")) return Scripted("a script element");
  // HTML inside <foreignObject> can hold scripts, iframes and forms.
  if (EqualsIgnoringCase(element, "foreignobject")) return Scripted("a foreignObject element");
  for (const pugi::xml_attribute& attribute : node.attributes()) {
    const std::string_view name = LocalName(attribute.name());
    if (StartsWithIgnoringCase(name, "on")) return Scripted("an event handler attribute");
    // <set attributeName="onclick" to="…"> would add a handler by animation.
    if (name == "attributeName" && StartsWithIgnoringCase(attribute.value(), "on")) {
      return Scripted("an animated event handler");
    }
    if (HasJavascriptUrl(attribute.value())) return Scripted("a javascript: URL");
  }
  return util::OkStatus();
}

}  // namespace

bool LooksLikeSvg(std::string_view text) {
  if (text.substr(0, kBom.size()) == kBom) text.remove_prefix(kBom.size());
  size_t at = 0;
  while (true) {
    while (at < text.size() && IsXmlSpace(text[at])) ++at;
    const std::string_view rest = text.substr(at);
    size_t end = std::string_view::npos;
    if (rest.substr(0, 2) == "<?") {
      end = text.find("?>", at + 2);
      if (end != std::string_view::npos) end += 2;
    } else if (rest.substr(0, 4) == "<!--") {
      end = text.find("-->", at + 4);
      if (end != std::string_view::npos) end += 3;
    } else if (rest.substr(0, 9) == "<!DOCTYPE") {
      bool in_subset = false;
      for (size_t i = at + 9; i < text.size(); ++i) {
        if (text[i] == '[') in_subset = true;
        if (text[i] == ']') in_subset = false;
        if (text[i] == '>' && !in_subset) {
          end = i + 1;
          break;
        }
      }
    } else {
      break;
    }
    if (end == std::string_view::npos) return false;
    at = end;
  }
  if (at >= text.size() || text[at] != '<') return false;
  size_t name_end = at + 1;
  while (name_end < text.size() && !IsXmlSpace(text[name_end]) && text[name_end] != '/' &&
         text[name_end] != '>') {
    ++name_end;
  }
  return LocalName(text.substr(at + 1, name_end - at - 1)) == "svg";
}

util::Result<ImageInfo> CheckSvg(std::string_view text) {
  const size_t bom = text.substr(0, kBom.size()) == kBom ? kBom.size() : 0;
  text.remove_prefix(bom);
  if (!IsValidUtf8(text)) return util::Error::InvalidArgument("The SVG image is not UTF-8 text.");
  // parse_escapes decodes character references (&#106;avascript:) so that the checks below see
  // the values a browser sees. pugixml never expands DTD entities, and their declarations are
  // refused anyway. The parse is iterative and linear, whatever the nesting.
  const unsigned options =
      pugi::parse_default | pugi::parse_doctype | pugi::parse_pi | pugi::parse_declaration;
  pugi::xml_document document;
  const pugi::xml_parse_result parsed =
      document.load_buffer(text.data(), text.size(), options, pugi::encoding_utf8);
  if (!parsed) {
    return util::Error::InvalidArgument(std::string("The SVG image is not well-formed XML (") +
                                        parsed.description() + " at byte " +
                                        std::to_string(parsed.offset + bom) + ").");
  }
  int roots = 0;
  for (const pugi::xml_node& child : document.children()) {
    if (child.type() == pugi::node_element) ++roots;
  }
  if (roots != 1) {
    return util::Error::InvalidArgument(
        "The SVG image is not well-formed XML (it must have exactly one root element).");
  }
  if (LocalName(document.document_element().name()) != "svg") {
    return util::Error::InvalidArgument("Not a PNG, JPEG, WEBP or SVG image.");
  }
  // A pre-order walk by sibling and parent links: no recursion, so no depth blows the stack.
  pugi::xml_node node = document.first_child();
  while (node) {
    CAIRN_RETURN_IF_ERROR(CheckNode(node));
    if (pugi::xml_node child = node.first_child()) {
      node = child;
      continue;
    }
    while (node && node != document && !node.next_sibling()) node = node.parent();
    if (!node || node == document) break;
    node = node.next_sibling();
  }
  ImageInfo info;
  info.format = ImageFormat::kSvg;
  return info;
}

}  // namespace cairn::images::internal
