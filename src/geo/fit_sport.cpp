// The FIT sport enum in words, and the sub-sports that refine it.
#include "geo/fit_sport.h"

#include <array>
#include <string_view>

namespace cairn::geo::fit_internal {
namespace {

// Indexed by the sport enum; "" where the profile defines no sport or one that says nothing
// (0 generic, 3 transition). 254 "all" is beyond the table.
constexpr std::array<std::string_view, 89> kSports = {
    "",                         // 0 generic
    "running",                  // 1
    "cycling",                  // 2
    "",                         // 3 transition
    "fitness equipment",        // 4
    "swimming",                 // 5
    "basketball",               // 6
    "soccer",                   // 7
    "tennis",                   // 8
    "american football",        // 9
    "training",                 // 10
    "walking",                  // 11
    "cross country skiing",     // 12
    "alpine skiing",            // 13
    "snowboarding",             // 14
    "rowing",                   // 15
    "mountaineering",           // 16
    "hiking",                   // 17
    "multisport",               // 18
    "paddling",                 // 19
    "flying",                   // 20
    "e-biking",                 // 21
    "motorcycling",             // 22
    "boating",                  // 23
    "driving",                  // 24
    "golf",                     // 25
    "hang gliding",             // 26
    "horseback riding",         // 27
    "hunting",                  // 28
    "fishing",                  // 29
    "inline skating",           // 30
    "rock climbing",            // 31
    "sailing",                  // 32
    "ice skating",              // 33
    "sky diving",               // 34
    "snowshoeing",              // 35
    "snowmobiling",             // 36
    "stand up paddleboarding",  // 37
    "surfing",                  // 38
    "wakeboarding",             // 39
    "water skiing",             // 40
    "kayaking",                 // 41
    "rafting",                  // 42
    "windsurfing",              // 43
    "kitesurfing",              // 44
    "tactical",                 // 45
    "jumpmaster",               // 46
    "boxing",                   // 47
    "floor climbing",           // 48
    "baseball",                 // 49
    "",                         // 50
    "",                         // 51
    "",                         // 52
    "diving",                   // 53
    "",                         // 54
    "",                         // 55
    "shooting",                 // 56
    "",                         // 57
    "winter sport",             // 58
    "grinding",                 // 59
    "",                         // 60
    "",                         // 61
    "hiit",                     // 62
    "video gaming",             // 63
    "racket",                   // 64
    "wheelchair push walk",     // 65
    "wheelchair push run",      // 66
    "meditation",               // 67
    "para sport",               // 68
    "disc golf",                // 69
    "team sport",               // 70
    "cricket",                  // 71
    "rugby",                    // 72
    "hockey",                   // 73
    "lacrosse",                 // 74
    "volleyball",               // 75
    "water tubing",             // 76
    "wakesurfing",              // 77
    "water sport",              // 78
    "archery",                  // 79
    "mixed martial arts",       // 80
    "motor sports",             // 81
    "snorkeling",               // 82
    "dance",                    // 83
    "jump rope",                // 84
    "pool apnea",               // 85
    "mobility",                 // 86
    "geocaching",               // 87
    "canoeing",                 // 88
};

// sport enum values
constexpr int64_t kRunning = 1;
constexpr int64_t kCycling = 2;
constexpr int64_t kEBiking = 21;
// sub_sport enum values
constexpr int64_t kTrail = 3;
constexpr int64_t kRoad = 7;
constexpr int64_t kMountain = 8;
constexpr int64_t kGravelCycling = 46;
constexpr int64_t kEBikeMountain = 47;

struct Refinement {
  int64_t sport;
  int64_t sub_sport;
  std::string_view words;
};
constexpr std::array<Refinement, 6> kRefinements = {{
    {kCycling, kMountain, "mountain biking"},
    {kCycling, kGravelCycling, "gravel cycling"},
    {kCycling, kRoad, "road cycling"},
    {kCycling, kEBikeMountain, "e-mountain biking"},
    {kEBiking, kEBikeMountain, "e-mountain biking"},
    {kRunning, kTrail, "trail running"},
}};

}  // namespace

std::string SportWords(std::optional<int64_t> sport, std::optional<int64_t> sub_sport) {
  if (!sport || *sport < 0 || *sport >= static_cast<int64_t>(kSports.size())) return "";
  const std::string_view words = kSports[static_cast<size_t>(*sport)];
  if (words.empty()) return "";
  if (sub_sport) {
    for (const Refinement& r : kRefinements) {
      if (r.sport == *sport && r.sub_sport == *sub_sport) return std::string(r.words);
    }
  }
  return std::string(words);
}

}  // namespace cairn::geo::fit_internal
