// A federation request as a test builds it: a method, a target, headers in a list (any case,
// looked up as a server would) and a body, to sign and to verify.
#pragma once

#include <string>
#include <vector>

#include "activitypub/request_signer.h"
#include "activitypub/request_verifier.h"
#include "util/text.h"

namespace cairn::test_support {

struct TestRequest {
  std::string method;
  std::string target;
  std::vector<activitypub::RequestHeader> headers;
  std::string body;

  // Replaces every header of that name with one of `value`.
  void Set(const std::string& name, const std::string& value) {
    Remove(name);
    headers.push_back({name, value});
  }
  void Remove(const std::string& name) {
    std::erase_if(headers, [&](const auto& header) {
      return util::EqualsIgnoringAsciiCase(header.name, name);
    });
  }
  std::string Header(const std::string& name) const { return Lookup()(name).value_or(""); }

  activitypub::HeaderLookup Lookup() const {
    return [this](std::string_view name) -> std::optional<std::string> {
      std::optional<std::string> value;
      for (const auto& header : headers) {
        if (!util::EqualsIgnoringAsciiCase(header.name, name)) continue;
        value = value ? *value + ", " + header.value : header.value;
      }
      return value;
    };
  }
  activitypub::RequestToSign ToSign() const { return {method, target, headers}; }
  activitypub::IncomingRequest Incoming() const { return {method, target, Lookup(), body}; }
};

}  // namespace cairn::test_support
