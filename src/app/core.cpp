// Building the service graph from a Config.
#include "app/core.h"

#include <cstdio>

#include "services/accounts/installation_secret.h"
#include "services/categories/seed_images.h"
#include "services/families/families.h"

namespace cairn::app {

util::Result<std::unique_ptr<Core>> BuildCore(const Config& config) {
  std::optional<mail::SmtpSettings> smtp;
  if (!config.smtp_url.empty()) {
    auto parsed = mail::ParseSmtpUrl(config.smtp_url);
    if (!parsed.ok()) return util::Error::InvalidArgument("--smtp-url: " + parsed.error().message);
    smtp = std::move(parsed).value();
  }
  CAIRN_ASSIGN_OR_RETURN(std::string secret,
                         services::LoadOrCreateInstallationSecret(config.data_dir + "/.secret"));
  auto core = std::make_unique<Core>();
  CAIRN_ASSIGN_OR_RETURN(core->database,
                         storage::Database::Open({config.data_dir + "/data.db", config.db_readers,
                                                  config.query_timeout_seconds * 1000}));
  core->families = std::make_unique<services::FamilyRegistry>();
  services::BuildFamilies(*core->families, core->clock);
  core->engine =
      std::make_unique<records::RecordEngine>(core->families->collections(), core->clock);
  core->signer = std::make_unique<services::TokenSigner>(secret);
  core->outbox = std::make_unique<mail::MailOutbox>(std::move(smtp));
  core->blobs = std::make_unique<storage::BlobStore>(config.data_dir + "/storage", config.data_dir);
  // The seeded categories' pictograms, on a fresh or just migrated data dir. Not fatal: a full
  // disk must not keep the server from starting, and the next start tries again.
  if (auto seeded =
          services::WriteMissingSeedImages(*core->database, *core->families, *core->blobs);
      !seeded.ok()) {
    std::fprintf(stderr, "warning: the categories' images were not written: %s\n",
                 seeded.error().message.c_str());
  }
  core->records = std::make_unique<services::RecordService>(*core->database, *core->families,
                                                            *core->engine, *core->blobs);
  core->auth = std::make_unique<services::AuthService>(*core->database, *core->records,
                                                       core->hasher, *core->signer, core->throttle,
                                                       *core->outbox, core->clock);
  core->accounts = std::make_unique<services::AccountService>(
      *core->database, *core->records, core->hasher, *core->auth,
      services::AccountService::Options{.signup_enabled = config.signup_enabled});
  auto megabytes = [](int mb) { return static_cast<size_t>(mb) * 1024 * 1024; };
  core->tracks = std::make_unique<services::TrackService>(
      *core->database, *core->records, *core->blobs,
      services::TrackService::Options{.max_file_bytes = megabytes(config.max_track_mb)});
  core->discovery = std::make_unique<services::TrailDiscovery>(*core->database, *core->records);
  core->bulk = std::make_unique<services::TrailBulk>(*core->database, *core->records);
  core->search = std::make_unique<services::search::SearchService>(*core->database, *core->records);
  core->uploads = std::make_unique<services::UploadService>(
      *core->blobs, *core->records,
      services::UploadLimits{.photo_bytes = megabytes(config.max_photo_mb),
                             .avatar_bytes = megabytes(config.max_avatar_mb),
                             .track_bytes = megabytes(config.max_track_mb)});
  services::ThumbnailOptions thumbs;
  thumbs.sizes.clear();
  for (const auto& text : config.thumb_sizes) {
    if (auto size = images::ParseThumbSize(text)) thumbs.sizes.push_back(*size);
  }
  core->thumbnails = std::make_unique<services::ThumbnailCache>(*core->blobs, thumbs);
  core->files = std::make_unique<services::FileDelivery>(
      *core->database, *core->families, *core->engine, *core->blobs, *core->thumbnails);
  core->preferences =
      std::make_unique<services::CategoryPreferences>(*core->database, *core->records);
  core->disk_space = std::make_unique<services::DiskSpaceMonitor>(
      config.data_dir, static_cast<uint64_t>(config.min_free_mb) * 1024 * 1024);
  return core;
}

}  // namespace cairn::app
