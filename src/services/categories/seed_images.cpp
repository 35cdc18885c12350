// The six pictograms (a white figure on a coloured disc) and writing the missing ones.
#include "services/categories/seed_images.h"

#include "images/pictogram.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

using images::Disc;
using images::Pictogram;
using images::Polygon;
using images::Ring;
using images::Stroke;

// Large enough for a category card, small enough (a few KB) to load with every list.
constexpr int kSeedImageSide = 128;

struct SeedCategory {
  const char* id;
  const char* image_name;  // lower(name) || '_pictogram1.png', as schema.sql writes it
  Pictogram pictogram;
};

std::vector<SeedCategory> SeedCategories() {
  return {
      {"hikingcategory1",
       "hiking_pictogram1.png",
       {{46, 125, 50},
        {255, 255, 255},
        {Polygon({{0.14, 0.74}, {0.42, 0.30}, {0.70, 0.74}}),
         Polygon({{0.48, 0.74}, {0.66, 0.46}, {0.86, 0.74}}), Disc({0.70, 0.28}, 0.07)}}},
      {"walkingcategory",
       "walking_pictogram1.png",
       {{0, 121, 107},
        {255, 255, 255},
        {Disc({0.53, 0.21}, 0.075), Stroke({{0.52, 0.33}, {0.48, 0.56}}, 0.1),
         Stroke({{0.48, 0.56}, {0.60, 0.68}, {0.62, 0.82}}, 0.08),
         Stroke({{0.48, 0.56}, {0.40, 0.70}, {0.31, 0.80}}, 0.08),
         Stroke({{0.51, 0.37}, {0.62, 0.49}}, 0.065),
         Stroke({{0.51, 0.37}, {0.40, 0.49}}, 0.065)}}},
      {"climbingcategor",
       "climbing_pictogram1.png",
       {{191, 91, 23},
        {255, 255, 255},
        {Polygon({{0.68, 0.0},
                  {1.0, 0.0},
                  {1.0, 1.0},
                  {0.74, 1.0},
                  {0.70, 0.72},
                  {0.77, 0.50},
                  {0.69, 0.28}}),
         Disc({0.44, 0.30}, 0.07), Stroke({{0.46, 0.40}, {0.51, 0.60}}, 0.1),
         Stroke({{0.47, 0.41}, {0.58, 0.31}, {0.63, 0.19}}, 0.06),
         Stroke({{0.47, 0.43}, {0.36, 0.47}, {0.31, 0.38}}, 0.06),
         Stroke({{0.51, 0.60}, {0.61, 0.69}, {0.64, 0.80}}, 0.07),
         Stroke({{0.51, 0.60}, {0.41, 0.71}, {0.45, 0.83}}, 0.07)}}},
      {"skiingcategory1",
       "skiing_pictogram1.png",
       {{21, 101, 192},
        {255, 255, 255},
        {Disc({0.60, 0.22}, 0.07), Stroke({{0.55, 0.33}, {0.45, 0.52}}, 0.1),
         Stroke({{0.45, 0.52}, {0.56, 0.61}, {0.48, 0.73}}, 0.075),
         Stroke({{0.45, 0.52}, {0.40, 0.64}}, 0.075), Stroke({{0.20, 0.68}, {0.82, 0.84}}, 0.04),
         Stroke({{0.53, 0.37}, {0.64, 0.46}}, 0.06), Stroke({{0.64, 0.40}, {0.72, 0.76}}, 0.03)}}},
      {"canoeingcategor",
       "canoeing_pictogram1.png",
       {{0, 131, 143},
        {255, 255, 255},
        {Polygon({{0.12, 0.60}, {0.88, 0.60}, {0.76, 0.73}, {0.24, 0.73}}),
         Disc({0.47, 0.32}, 0.07), Stroke({{0.47, 0.42}, {0.47, 0.58}}, 0.1),
         Stroke({{0.30, 0.26}, {0.66, 0.74}}, 0.035), Disc({0.69, 0.79}, 0.055),
         Stroke({{0.22, 0.83}, {0.78, 0.83}}, 0.03)}}},
      {"bikingcategory1",
       "biking_pictogram1.png",
       {{198, 40, 40},
        {255, 255, 255},
        {Ring({0.28, 0.64}, 0.16, 0.045), Ring({0.72, 0.64}, 0.16, 0.045),
         Stroke({{0.28, 0.64}, {0.44, 0.44}, {0.62, 0.44}, {0.72, 0.64}}, 0.04),
         Stroke({{0.44, 0.44}, {0.50, 0.64}, {0.28, 0.64}}, 0.04),
         Stroke({{0.50, 0.64}, {0.62, 0.44}}, 0.04), Stroke({{0.44, 0.44}, {0.42, 0.35}}, 0.04),
         Stroke({{0.36, 0.34}, {0.48, 0.34}}, 0.045),
         Stroke({{0.62, 0.44}, {0.60, 0.33}, {0.67, 0.31}}, 0.04)}}},
  };
}

}  // namespace

util::Result<std::vector<SeedImage>> DrawSeedImages() {
  std::vector<SeedImage> images;
  for (const SeedCategory& seed : SeedCategories()) {
    CAIRN_ASSIGN_OR_RETURN(std::string png,
                           images::DrawPictogramPng(seed.pictogram, kSeedImageSide));
    images.push_back({seed.id, seed.image_name, std::move(png)});
  }
  return images;
}

util::Result<int> WriteMissingSeedImages(storage::Database& database,
                                         const FamilyRegistry& families,
                                         storage::BlobStore& blobs) {
  const Family* categories = families.Find(kCategories);
  if (!categories) return util::Error::Internal("no categories family");
  const std::string& collection_id = categories->spec->id;
  std::vector<SeedCategory> seeds = SeedCategories();
  // Which seeded categories still name their seeded image but lack its file.
  auto missing = database.Read<std::vector<size_t>>(
      [&](storage::Connection& c) -> util::Result<std::vector<size_t>> {
        std::vector<size_t> out;
        for (size_t i = 0; i < seeds.size(); ++i) {
          CAIRN_ASSIGN_OR_RETURN(
              auto rows, c.Query("SELECT 1 FROM categories WHERE id = ? AND img = ?",
                                 {std::string(seeds[i].id), std::string(seeds[i].image_name)}));
          if (!rows.rows.empty() &&
              !blobs.Exists(collection_id, seeds[i].id, seeds[i].image_name)) {
            out.push_back(i);
          }
        }
        return out;
      });
  if (!missing.ok()) return std::move(missing).error();
  int written = 0;
  for (size_t i : *missing) {
    CAIRN_ASSIGN_OR_RETURN(std::string png,
                           images::DrawPictogramPng(seeds[i].pictogram, kSeedImageSide));
    CAIRN_RETURN_IF_ERROR(blobs.PutNamed(collection_id, seeds[i].id, seeds[i].image_name, png));
    ++written;
  }
  return written;
}

}  // namespace cairn::services
