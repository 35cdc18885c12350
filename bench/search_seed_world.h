// The made-up alpine world bench/search_seed.cpp puts its trails in: where a trail starts (around
// popular towns, one dense city cluster, and along the arc of the Alps) and the words people
// write about it (names, places, descriptions in German, French, Italian, Slovenian and
// English). Words are drawn Zipf-like (the k-th of a list with probability ~ 1/k), so a few peaks,
// huts and phrases are everywhere and most are rare, as in a real archive. Deterministic for a
// seed; not thread-safe (one random engine).
#pragma once

#include <cstdint>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace cairn::bench {

enum class Language { kGerman, kFrench, kItalian, kSlovenian, kEnglish };

struct NameList;

struct Town {
  const char* name;
  double lat;
  double lon;
  Language language;
};

// Where a trail starts, and the town nearest to it (whose language and name its text uses).
struct StartPoint {
  double lat = 0;
  double lon = 0;
  const Town* town = nullptr;
};

// Draws index k of 0..n-1 with probability proportional to 1 / (k + 1)^exponent.
class ZipfIndex {
 public:
  ZipfIndex(size_t n, double exponent);
  size_t operator()(std::mt19937_64& random) const;

 private:
  std::vector<double> cumulative_;
};

// The city of the dense cluster (6 % of all trails start around it, 12 km typical), for the
// benchmark's city box.
inline constexpr double kCityLat = 47.2692;
inline constexpr double kCityLon = 11.4041;

class AlpineWorld {
 public:
  explicit AlpineWorld(uint64_t seed);

  std::mt19937_64& random() { return random_; }
  double Uniform(double low, double high);
  bool Chance(double p);

  // A start: 43 % around fifteen popular towns (Gaussian, 7-12 km), of which 6 % around the
  // city above; the rest anywhere along the two limbs of the Alpine arc, up to ~60 km off it.
  StartPoint PickStart();

  // The trail's text language: the nearest town's, or English (a fifth of the trails).
  Language PickLanguage(const Town& town);

  // A trail name: "Zugspitze über das Höllental", "Col de Balme depuis Argentière", ..., or one a
  // device made ("Morning Hike", "Cycling, 14 Jul 2019") for 6 % of trails. `iso_date` may be "".
  std::string Name(Language language, const Town& town, const std::string& iso_date);
  // A place: the nearest town's name, or "" (15 %: uploads often have none).
  std::string Location(const Town& town);
  // "" for a third of the trails; otherwise one to twelve sentences in the language.
  std::string Description(Language language, const Town& town);

 private:
  std::string Fill(const std::string& pattern, Language language, const Town& town);
  std::string Peak(Language language);
  std::string Hut(Language language);
  std::string Valley(Language language);
  std::string Lake(Language language);
  std::string Pass(Language language);
  std::string Spot(Language language);
  std::string Person();
  size_t ZipfDraw(size_t n);
  const std::string& Pick(const std::vector<std::string>& list);
  const std::string& PickPlace(const NameList& list);
  const Town& NearestTown(double lat, double lon) const;

  std::mt19937_64 random_;
  std::map<size_t, ZipfIndex> zipf_;  // by list size
  size_t rotation_ = 0;               // of the famous place names, by the text's town
};

}  // namespace cairn::bench
