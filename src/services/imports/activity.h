// One recorded activity as an import source hands it over: its GPS file, its words, its photos and
// the id it had where it came from. Sources (archive readers, external plugins, online services)
// produce these; the import runner turns each into a trail.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

namespace cairn::services::imports {

struct ActivityPhoto {
  std::string file_name;  // as the source named it; only used to name the stored copy
  std::string bytes;
};

struct Activity {
  // Stable within its source ("strava:1234567", "garmin:...", a file's path in an archive): what
  // makes a second import of the same activity a no-op.
  std::string external_id;
  std::string name;         // empty: the GPS file's own name, else one made from date and place
  std::string description;  // plain text or the source's HTML
  std::string date;         // "YYYY-MM-DD" or an RFC 3339 time; empty: the file's first time
  std::string type;         // the source's activity type as it wrote it ("Hike", "cycling_road")
  std::string file_name;    // the GPS file's name, its extension telling its format
  std::string track_bytes;  // the GPS file (FIT, GPX, TCX, KML, KMZ or GeoJSON), uncompressed
  std::vector<ActivityPhoto> photos;
  std::vector<std::string> warnings;  // what of it was left out (a photo that would not read)
};

// One item of a source: an activity, or the reason it could not be read ("activities/12.fit.gz:
// not a gzip file"). `label` names the item for the import's summary. An error of kind NotFound
// means there is nothing to import (an activity entered by hand, without a GPS file): the item is
// skipped with its reason, not counted as failed.
struct SourceItem {
  std::string label;
  util::Result<Activity> activity;
};

// A source hands over its items one at a time, so an archive of thousands of activities never
// sits in memory at once. Not thread-safe.
class ActivitySource {
 public:
  virtual ~ActivitySource() = default;
  // How many items the source expects to yield (for progress); 0 when unknown.
  virtual size_t ExpectedCount() const = 0;
  // The next item, or nullopt when there are no more. An error here ends the whole source (the
  // archive itself is unreadable); an item's own problem is its `activity`'s error.
  virtual util::Result<std::optional<SourceItem>> Next() = 0;
  // Told how the import went once it is over ("done", "failed" or "cancelled"; not when the
  // server stops mid-way): a sync records how far it got here.
  virtual void Ended(const std::string& /*status*/, const std::string& /*summary*/) {}
};

}  // namespace cairn::services::imports
