// libFuzzer target for the KMZ reader and the zip adapter under it: never crashes, never
// inflates past the limits, and every position it keeps is valid.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "geo/readers.h"
#include "geo/zip_archive.h"
#include "track_checks.h"

namespace {

void CheckTrack(const cairn::util::Result<cairn::geo::Track>& track) {
  if (!track.ok()) return;
  if (track->format != "KMZ") std::abort();
  cairn::fuzz::CheckPositions(*track);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // Every entry, under small limits, so damaged streams and bombs are reached quickly.
  cairn::geo::ZipLimits limits;
  limits.max_entry_bytes = 4u << 20;
  limits.max_total_bytes = 8u << 20;
  if (auto archive = cairn::geo::ZipReader::Open(bytes, limits); archive.ok()) {
    uint64_t total = 0;
    for (size_t i = 0; i < archive->entries().size(); ++i) {
      if (auto entry = archive->ReadEntry(i); entry.ok()) {
        if (entry->size() > limits.max_entry_bytes) std::abort();
        total += entry->size();
      }
    }
    if (total > limits.max_total_bytes) std::abort();
  }
  CheckTrack(cairn::geo::ReadKmz(bytes));
  // Mutated zips rarely survive their CRC checks, so the input is also zipped as doc.kml: the
  // KMZ reader must then agree with the KML reader on the same bytes.
  auto zipped = cairn::geo::WriteZip({{"doc.kml", bytes}});
  if (!zipped.ok()) std::abort();
  auto from_kmz = cairn::geo::ReadKmz(*zipped);
  auto from_kml = cairn::geo::ReadKml(bytes);
  if (from_kmz.ok() != from_kml.ok()) std::abort();
  if (from_kmz.ok() && from_kmz->PointCount() != from_kml->PointCount()) std::abort();
  CheckTrack(from_kmz);
  return 0;
}
