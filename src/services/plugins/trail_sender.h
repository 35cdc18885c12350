// Sending a trail on: its GPS file, words and photos pushed to another Cairn or wanderer server
// through that server's API, with an API token its owner made there (a plugin instance with the
// `send` capability: config.url, auth.token).
#pragma once

#include <string>

#include "net/url_client.h"
#include "records/record_codec.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "services/plugins/plugin_catalog.h"
#include "services/plugins/plugin_instances.h"
#include "storage/blob_store.h"

namespace cairn::services::plugins {

struct TrailSenderOptions {
  // kPublicOnly: the server named in an instance is never this machine or its network (the
  // setting --plugin-allow-private lifts it, for tests on loopback).
  net::AddressRule addresses = net::AddressRule::kPublicOnly;
  std::string user_agent = "cairn";
  size_t max_photos = 20;
};

// Thread-safe.
class TrailSender {
 public:
  // InvalidArgument only for client options libcurl cannot take (a bug).
  static util::Result<TrailSender> Create(RecordService& records, storage::BlobStore& blobs,
                                          PluginInstances& instances, const PluginCatalog& catalog,
                                          TrailSenderOptions options);

  // POST /plugin-system/trail-send: sends the caller's own trail `trail_id` through their
  // instance `instance_id`: the GPS file (`PUT /trail/upload`), then name, description, date,
  // difficulty and the category of the same name there (`POST /trail/{id}`), then each photo
  // (`POST /trail/{id}/file`). {acknowledged, remote: {id, url, name}}. Errors in words: NotFound
  // for a trail or instance not theirs; InvalidArgument for a trail without a GPS file, an
  // instance that cannot send, is disabled or lacks its address or token; Conflict when the
  // server already has the trail (its duplicate check); UpstreamFailed naming what the server
  // said (a refused token sets the instance to needs_reauth); UpstreamTimeout.
  util::Result<records::Json> Send(const Caller& caller, const std::string& trail_id,
                                   const std::string& instance_id);

  // POST /plugin-system/auth/validate for a sending instance: whether its server takes its token.
  // {valid, message}; the instance's status follows (configured or needs_reauth).
  util::Result<records::Json> Validate(const Caller& caller, const std::string& instance_id);

 private:
  TrailSender(RecordService& records, storage::BlobStore& blobs, PluginInstances& instances,
              const PluginCatalog& catalog, net::UrlClient client, TrailSenderOptions options)
      : records_(records),
        blobs_(blobs),
        instances_(instances),
        catalog_(catalog),
        client_(std::move(client)),
        options_(std::move(options)) {}

  struct Remote;
  util::Result<Remote> RemoteOf(const Caller& caller, const std::string& instance_id);

  RecordService& records_;
  storage::BlobStore& blobs_;
  PluginInstances& instances_;
  const PluginCatalog& catalog_;
  net::UrlClient client_;
  TrailSenderOptions options_;
};

}  // namespace cairn::services::plugins
