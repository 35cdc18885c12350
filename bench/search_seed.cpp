// Seeds a stopped Cairn data dir for bench/search.sh: TRAILS trails with real-shaped tracks (the
// GPS corpus's tracks, each turned, scaled, moved to its own start in the Alps and shifted in
// time) and alpine text (search_seed_world.h), written as the server writes an upload: the
// fields the track determines from services::TrailFieldsFromTrack, the body checked by the
// trail collection's field rules, the row inserted by the record engine, so schema.sql's
// triggers fill the search index and the R*Tree of track bounds. Also writes the same rows as
// JSON lines for PocketBase, and a plan (which trails to share, the totals lists must report).
//
// usage: cairn_search_seed --dir DATA_DIR --trails N --gpsdata DIR --bench USER_ID
//            --other USER_ID --rows OUT.jsonl --plan OUT.json [--batch 256] [--seed 1]
//   DATA_DIR must be one `cairn serve` made (and stopped), with both users in it.
//
// Owners: the bench user owns every fifth trail (30 % of those private), the other user the
// rest (25 % private); every twentieth private trail of the other user goes in the plan's
// `share` list, for bench/search.sh to share with the bench user through the API.
// Stored files: `gpx` names a file as an upload would, but no file is written (the benchmark
// reads none; the moved tracks would take gigabytes).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "geo/readers.h"
#include "geo/statistics.h"
#include "records/record_engine.h"
#include "records/validation.h"
#include "search_seed_world.h"
#include "services/families/families.h"
#include "services/tracks/track_fields.h"
#include "storage/database.h"
#include "util/case_fold.h"

namespace cairn::bench {
namespace {

using records::Json;
using Clock = std::chrono::steady_clock;

constexpr double kPi = 3.14159265358979323846;
constexpr double kMetresPerDegree = 111320;
// created rises with insertion order over these three years, as on a server in use.
constexpr int64_t kFirstCreatedMs = 1698796800000;  // 2023-11-01
constexpr int64_t kLastCreatedMs = 1795132800000;   // 2026-11-20
constexpr int64_t kDayMs = 86400000;

struct Options {
  std::string dir, gpsdata, bench, other, rows, plan;
  int trails = 100000;
  int batch = 256;
  uint64_t seed = 1;
};

// A corpus track to draw trails from.
struct Template {
  std::string file;  // its name, for the stored `gpx` name
  std::string extension;
  geo::Track track;
  double lat0 = 0, lon0 = 0;  // its first point
  int64_t time0 = geo::kNoTime;
  bool ride = false;
};

// The engine's clock: the seeder sets it to each trail's `created`.
class SetClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return now_; }
  void Set(int64_t ms) { now_ = ms; }

 private:
  int64_t now_ = kFirstCreatedMs;
};

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

[[noreturn]] void Fail(const std::string& message) {
  std::fprintf(stderr, "cairn_search_seed: %s\n", message.c_str());
  std::exit(1);
}

Options ParseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) Fail("missing value after " + flag);
    const std::string value = argv[++i];
    if (flag == "--dir")
      o.dir = value;
    else if (flag == "--gpsdata")
      o.gpsdata = value;
    else if (flag == "--bench")
      o.bench = value;
    else if (flag == "--other")
      o.other = value;
    else if (flag == "--rows")
      o.rows = value;
    else if (flag == "--plan")
      o.plan = value;
    else if (flag == "--trails")
      o.trails = std::atoi(value.c_str());
    else if (flag == "--batch")
      o.batch = std::max(1, std::atoi(value.c_str()));
    else if (flag == "--seed")
      o.seed = std::strtoull(value.c_str(), nullptr, 10);
    else
      Fail("unknown flag " + flag);
  }
  if (o.dir.empty() || o.gpsdata.empty() || o.bench.empty() || o.other.empty() || o.rows.empty() ||
      o.plan.empty() || o.trails < 1) {
    Fail("usage: --dir DIR --trails N --gpsdata DIR --bench ID --other ID --rows F --plan F");
  }
  return o;
}

// The corpus's tracks of one outing: readable, 50 points or more, 1 to 150 km long and within
// 60 km of their start (a multi-day log of several places is not one trail).
std::vector<Template> LoadTemplates(const std::string& folder) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<Template> out;
  for (const auto& path : files) {
    const std::string ext = path.extension().string();
    if (ext != ".gpx" && ext != ".tcx" && ext != ".kml" && ext != ".kmz" && ext != ".fit" &&
        ext != ".geojson" && ext != ".json") {
      continue;
    }
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto track = geo::ReadTrackFile(bytes);
    if (!track.ok() || track->PointCount() < 50) continue;
    const geo::TrackStatistics stats = geo::ComputeStatistics(*track);
    if (!stats.start || !stats.bounds || stats.distance_m < 1000 || stats.distance_m > 150000) {
      continue;
    }
    const double k = std::cos(stats.start->lat * kPi / 180);
    const double reach_m =
        kMetresPerDegree *
        std::max({stats.bounds->north - stats.start->lat, stats.start->lat - stats.bounds->south,
                  (stats.bounds->east - stats.start->lon) * k,
                  (stats.start->lon - stats.bounds->west) * k});
    if (reach_m > 60000) continue;
    Template t;
    t.file = path.stem().string();
    t.extension = ext;
    t.lat0 = stats.start->lat;
    t.lon0 = stats.start->lon;
    t.time0 = stats.start_time_ms;
    const std::string sport = track->sport;
    t.ride = sport.find("cycl") != std::string::npos || sport.find("bik") != std::string::npos ||
             sport.find("rid") != std::string::npos;
    t.track = std::move(track).value();
    t.track.waypoints.clear();  // an upload makes them waypoint records; not part of this
    std::fprintf(stderr, "  template %-45s %6zu points %7.1f km%s%s\n",
                 path.lexically_relative(folder).string().c_str(), t.track.PointCount(),
                 stats.distance_m / 1000, t.time0 == geo::kNoTime ? ", no times" : "",
                 t.ride ? ", ride" : "");
    out.push_back(std::move(t));
  }
  return out;
}

// `t`'s track turned by `angle` about its first point, scaled by `scale`, moved so it starts at
// (lat, lon), and its times shifted so it starts at `start_ms` (when it has times).
geo::Track Moved(const Template& t, double lat, double lon, double angle, double scale,
                 int64_t start_ms) {
  geo::Track track = t.track;
  const double c = std::cos(angle) * scale, s = std::sin(angle) * scale;
  const double k0 = std::cos(t.lat0 * kPi / 180), k1 = std::cos(lat * kPi / 180);
  const int64_t shift = t.time0 == geo::kNoTime ? 0 : start_ms - t.time0;
  for (auto& part : track.parts) {
    for (auto& segment : part.segments) {
      for (auto& p : segment) {
        const double x = (p.lon - t.lon0) * k0, y = p.lat - t.lat0;  // degrees of latitude
        p.lat = std::clamp(lat + x * s + y * c, -89.9, 89.9);
        p.lon = lon + (x * c - y * s) / k1;
        if (p.HasTime()) p.time_ms += shift;
      }
    }
  }
  if (track.time_ms != geo::kNoTime) track.time_ms += shift;
  return track;
}

std::string RecordId(std::mt19937_64& random) {
  static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string id(15, 'a');
  for (char& c : id) c = kAlphabet[random() % 36];
  return id;
}

const std::vector<std::string> kTagNames = {
    "Rundweg",   "Aussicht",   "Klettersteig", "mit Kindern", "Hüttentour",  "loop",
    "summit",    "Einkehr",    "lake",         "Winter",      "via ferrata", "Skitour",
    "randonnée", "escursione", "dog friendly", "Schneeschuh", "sunrise",     "MTB",
    "Gravel",    "multi-day",  "Wasserfall",   "Schlucht",    "Alm",         "Sentiero",
    "Panorama",  "Fotospot",   "E-Bike",       "Bikepacking", "Familie",     "Gipfelkreuz"};

struct Category {
  const char* id;
  double percent;
  std::vector<const char*> subcategories;
};
const std::vector<Category> kWalkCategories = {
    {"hikingcategory1", 70, {"hikingdayhike01", "hikingmultiday1", "hikingviaferrat"}},
    {"walkingcategory", 15, {"walkingcitywalk", "walkingnordic01"}},
    {"skiingcategory1", 8, {"skiingtouring01", "skiingsnowshoe1", "skiingcrosscoun"}},
    {"climbingcategor", 5, {"climbingalpine1", "climbingsport01"}},
    {"canoeingcategor", 2, {"canoeingflatwat", "canoeingwhitewa"}}};
const Category kBiking = {
    "bikingcategory1", 100, {"bikingmountain1", "bikinggravel001", "bikingroad00001"}};

void Run(const Options& o) {
  const auto started = Clock::now();
  std::fprintf(stderr, "reading the corpus in %s\n", o.gpsdata.c_str());
  const std::vector<Template> templates = LoadTemplates(o.gpsdata);
  if (templates.empty()) Fail("no usable track in " + o.gpsdata);
  const double corpus_s = SecondsSince(started);

  SetClock clock;
  services::FamilyRegistry families;
  services::BuildFamilies(families, clock);
  records::RecordEngine engine(families.collections(), clock);
  auto opened = storage::Database::Open({o.dir + "/data.db", 1});
  if (!opened.ok()) Fail("opening " + o.dir + "/data.db: " + opened.error().message);
  std::unique_ptr<storage::Database> db = std::move(opened).value();
  const records::CollectionSpec& trails = *families.collections().Find("trails");
  const records::CollectionSpec& tags = *families.collections().Find("tags");

  std::vector<std::string> tag_ids;
  auto tagged = db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
    for (const std::string& name : kTagNames) {
      CAIRN_ASSIGN_OR_RETURN(Json tag,
                             engine.Insert(c, tags, {{"name", name}}, records::Unrestricted(),
                                           {{"name_folded", util::FoldCase(name)}}));
      tag_ids.push_back(tag["id"]);
    }
    return 0;
  });
  if (!tagged.ok()) Fail("writing tags: " + tagged.error().message);

  AlpineWorld world(o.seed);
  std::mt19937_64 ids(o.seed * 7919 + 1);
  const ZipfIndex tag_zipf(tag_ids.size(), 1.0);
  std::ofstream rows(o.rows);
  if (!rows) Fail("cannot write " + o.rows);
  Json share = Json::array();
  int64_t anonymous_total = 0, user_total = 0, points_total = 0;
  std::set<std::string> seen_ids;
  const auto seeding = Clock::now();
  double derive_s = 0;
  const int64_t step = (kLastCreatedMs - kFirstCreatedMs) / o.trails;

  for (int first = 0; first < o.trails; first += o.batch) {
    const int last = std::min(o.trails, first + o.batch);
    auto written = db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
      for (int i = first; i < last; ++i) {
        const auto derive_start = Clock::now();
        const bool mine = i % 5 == 0;
        const bool open = world.Chance(mine ? 0.7 : 0.75);
        const bool shared = !mine && !open && world.Chance(0.05);
        const int64_t created =
            kFirstCreatedMs + i * step + static_cast<int64_t>(world.Uniform(0, 0.5) * step);
        // Most walks are uploaded within days; some are old ones from an archive.
        const int64_t age =
            world.Chance(0.7)
                ? static_cast<int64_t>(-std::log(world.Uniform(1e-9, 1)) * 10 * kDayMs)
                : static_cast<int64_t>(world.Uniform(0, 8 * 365.0) * kDayMs);
        const int64_t start_ms =
            (created - age) / kDayMs * kDayMs + static_cast<int64_t>(world.Uniform(4, 9) * 3.6e6);

        const Template& t = templates[world.random()() % templates.size()];
        const StartPoint start = world.PickStart();
        const double angle = world.Uniform(0, 2 * kPi);
        const double scale = std::exp(world.Uniform(std::log(0.6), std::log(1.6)));
        const geo::Track track = Moved(t, start.lat, start.lon, angle, scale, start_ms);
        points_total += static_cast<int64_t>(track.PointCount());
        const Json derived = services::TrailFieldsFromTrack(track);

        const Language language = world.PickLanguage(*start.town);
        const std::string date = derived.value("date", std::string());
        Json body = {{"name", world.Name(language, *start.town, date)},
                     {"description", world.Description(language, *start.town)},
                     {"location", world.Location(*start.town)},
                     {"author", mine ? o.bench : o.other},
                     {"public", open}};
        const double gain = derived.value("elevation_gain", 0.0);
        if (!world.Chance(0.15)) {
          body["difficulty"] = gain < 400 ? "easy" : gain < 1000 ? "moderate" : "hard";
          if (world.Chance(0.2)) body["difficulty"] = world.Chance(0.5) ? "moderate" : "easy";
        }
        const Category* category = &kBiking;
        if (!t.ride) {
          double u = world.Uniform(0, 100);
          category = &kWalkCategories.back();
          for (const Category& candidate : kWalkCategories) {
            if (u < candidate.percent) {
              category = &candidate;
              break;
            }
            u -= candidate.percent;
          }
        }
        body["category"] = category->id;
        if (world.Chance(0.4)) {
          body["subcategory"] =
              category->subcategories[world.random()() % category->subcategories.size()];
        }
        body["tags"] = Json::array();
        if (world.Chance(0.35)) {
          std::set<std::string> chosen;
          for (int n = 1 + static_cast<int>(world.random()() % 3); n > 0; --n) {
            chosen.insert(tag_ids[tag_zipf(world.random())]);
          }
          for (const auto& id : chosen) body["tags"].push_back(id);
        }

        Json checked;
        CAIRN_RETURN_IF_ERROR(
            records::ValidateFields(trails, body, records::WriteMode::kCreate, checked));
        Json values = derived;
        values.update(checked);
        // The stored original's name, as BlobStore::Put makes it (the file is not written).
        std::string suffix = RecordId(ids).substr(0, 10);
        values["gpx"] = t.file + "_" + suffix + t.extension;
        std::string id = RecordId(ids);
        while (!seen_ids.insert(id).second) id = RecordId(ids);
        derive_s += SecondsSince(derive_start);

        clock.Set(created);
        CAIRN_ASSIGN_OR_RETURN(Json record,
                               engine.InsertWithId(c, trails, id, values, records::Unrestricted()));

        if (open) ++anonymous_total;
        if (open || mine || shared) ++user_total;
        if (shared) share.push_back(id);
        Json row = {{"id", record["id"]},
                    {"created", record["created"]},
                    {"updated", record["updated"]},
                    {"author", mine ? "bench" : "other"}};
        for (const char* key : {"public", "name", "description", "location", "date", "difficulty",
                                "distance", "duration", "elevation_gain", "elevation_loss", "lat",
                                "lon", "preview", "sketch", "gpx"}) {
          row[key] = record[key];
        }
        rows << row.dump() << '\n';
      }
      return 0;
    });
    if (!written.ok()) Fail("writing trails: " + written.error().message);
    const int tenth = std::max(1, o.trails / 10);
    if (last / tenth != first / tenth || last == o.trails) {
      const double s = SecondsSince(seeding);
      std::fprintf(stderr, "  %d trails in %.1f s (%.0f a second)\n", last, s, last / s);
    }
  }
  const double insert_s = SecondsSince(seeding);

  const auto analyzing = Clock::now();
  auto analyzed = db->Write<int>([](storage::Connection& c) -> util::Result<int> {
    CAIRN_RETURN_IF_ERROR(c.ExecuteScript("PRAGMA analysis_limit=400; ANALYZE;"));
    return 0;
  });
  if (!analyzed.ok()) Fail("ANALYZE: " + analyzed.error().message);
  const double analyze_s = SecondsSince(analyzing);
  db.reset();  // the last connection checkpoints the WAL into data.db

  Json plan = {{"share", share},
               {"expect", {{"anonymous", anonymous_total}, {"user", user_total}}},
               {"trails", o.trails},
               {"templates", templates.size()},
               {"points", points_total},
               {"seconds",
                {{"corpus", corpus_s},
                 {"write", insert_s},
                 {"of_which_tracks_and_text", derive_s},
                 {"analyze", analyze_s},
                 {"total", SecondsSince(started)}}}};
  std::ofstream(o.plan) << plan.dump(1) << '\n';
  std::fprintf(stderr,
               "seeded %d trails (%lld points) from %zu corpus tracks in %.1f s: corpus %.1f s, "
               "rows %.1f s (of which tracks and text %.1f s), ANALYZE %.1f s\n",
               o.trails, static_cast<long long>(points_total), templates.size(),
               SecondsSince(started), corpus_s, insert_s, derive_s, analyze_s);
}

}  // namespace
}  // namespace cairn::bench

int main(int argc, char** argv) {
  cairn::bench::Run(cairn::bench::ParseOptions(argc, argv));
  return 0;
}
