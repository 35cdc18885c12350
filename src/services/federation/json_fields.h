// Reading ActivityPub JSON from other servers without trusting its shape: a member that is
// missing or of another type reads as empty, never as an exception or undefined behaviour.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace cairn::services {

// `object`'s member `name`, or null when it has none (a const json's [] must not miss).
inline const nlohmann::json& Member(const nlohmann::json& object, const char* name) {
  static const nlohmann::json kNull;
  if (!object.is_object()) return kNull;
  const auto it = object.find(name);
  return it == object.end() ? kNull : *it;
}

// `object`'s string member `name`, "" when it is missing or not a string.
inline std::string StringField(const nlohmann::json& object, const char* name) {
  const nlohmann::json& value = Member(object, name);
  return value.is_string() ? value.get<std::string>() : std::string();
}

// An id given as a string, or as an object with an id.
inline std::string IdOf(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  return StringField(value, "id");
}

}  // namespace cairn::services
