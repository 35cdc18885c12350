#include "geo/sport.h"

#include <array>
#include <cctype>
#include <utility>

namespace cairn::geo {

std::string SportFromText(std::string_view text) {
  std::string words;
  bool space = false;
  for (size_t i = 0; i < text.size() && words.size() < 64; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (std::isspace(c) || c == '_') {
      space = !words.empty();
      continue;
    }
    // CamelCase ("MountainBiking", Strava's "NordicSki") splits into words.
    if (std::isupper(c) && i > 0 && std::islower(static_cast<unsigned char>(text[i - 1]))) {
      space = true;
    }
    if (space) words.push_back(' ');
    space = false;
    words.push_back(static_cast<char>(std::tolower(c)));
  }
  bool has_letter = false;
  for (char c : words) has_letter = has_letter || (c >= 'a' && c <= 'z');
  if (!has_letter) return "";
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 20> kSynonyms = {{
      {"biking", "cycling"},
      {"bike", "cycling"},
      {"ride", "cycling"},
      {"road biking", "road cycling"},
      {"mountain bike", "mountain biking"},
      {"mountain bike ride", "mountain biking"},
      {"gravel ride", "gravel cycling"},
      {"ebike ride", "e-biking"},
      {"e-bike ride", "e-biking"},
      {"emountain bike ride", "e-mountain biking"},
      {"run", "running"},
      {"trail run", "trail running"},
      {"walk", "walking"},
      {"hike", "hiking"},
      {"nordic ski", "cross country skiing"},
      {"alpine ski", "alpine skiing"},
      {"backcountry ski", "backcountry skiing"},
      {"kayaking", "kayaking"},
      {"canoeing", "canoeing"},
      {"swim", "swimming"},
  }};
  for (const auto& [from, to] : kSynonyms) {
    if (words == from) return std::string(to);
  }
  // Only an activity we know by name: a free-text type ("jkljkl", "TrackType1", "Other")
  // would otherwise become a trail's name.
  static constexpr std::array<std::string_view, 60> kKnown = {
      "running",
      "trail running",
      "cycling",
      "road cycling",
      "mountain biking",
      "gravel cycling",
      "e-biking",
      "e-mountain biking",
      "walking",
      "nordic walking",
      "hiking",
      "trekking",
      "backpacking",
      "mountaineering",
      "rock climbing",
      "climbing",
      "bouldering",
      "via ferrata",
      "cross country skiing",
      "alpine skiing",
      "backcountry skiing",
      "ski touring",
      "skiing",
      "snowboarding",
      "snowshoeing",
      "swimming",
      "open water swimming",
      "rowing",
      "paddling",
      "kayaking",
      "canoeing",
      "rafting",
      "stand up paddleboarding",
      "sailing",
      "windsurfing",
      "kitesurfing",
      "surfing",
      "inline skating",
      "ice skating",
      "skating",
      "horseback riding",
      "motorcycling",
      "driving",
      "boating",
      "flying",
      "hang gliding",
      "paragliding",
      "sky diving",
      "hunting",
      "fishing",
      "geocaching",
      "golf",
      "orienteering",
      "triathlon",
      "wheelchair push walk",
      "wheelchair push run",
      "snowmobiling",
      "wakeboarding",
      "water skiing",
      "cyclocross",
  };
  for (std::string_view known : kKnown) {
    if (words == known) return words;
  }
  return "";
}

}  // namespace cairn::geo
