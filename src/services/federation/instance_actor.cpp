// The server's own actor and its signed reads.
#include "services/federation/instance_actor.h"

#include "activitypub/request_signer.h"
#include "services/federation/activitypub_documents.h"
#include "util/http_date.h"

namespace cairn::services {

std::string InstanceActor::Iri() const {
  return iris_.origin() + std::string(kActivityPubPath) + "/actor";
}

util::Result<nlohmann::json> InstanceActor::Document() {
  CAIRN_ASSIGN_OR_RETURN(crypto::RsaKeyPair keys, keys_.KeysOf(kInstanceKeyOwner));
  CAIRN_ASSIGN_OR_RETURN(std::string host, net::HostOf(iris_.origin()));
  const std::string iri = Iri();
  return WithContext(
      {{"id", iri},
       {"type", "Application"},
       {"preferredUsername", host},
       {"name", "Cairn at " + host},
       {"url", iris_.origin() + "/"},
       {"inbox", iris_.SharedInbox()},
       {"endpoints", {{"sharedInbox", iris_.SharedInbox()}}},
       {"manuallyApprovesFollowers", true},
       {"publicKey",
        {{"id", iri + "#main-key"}, {"owner", iri}, {"publicKeyPem", keys.public_pem}}}});
}

util::Result<std::vector<net::HttpHeader>> InstanceActor::SignGet(std::string_view url) {
  CAIRN_ASSIGN_OR_RETURN(std::string host, net::HostHeaderValue(url));
  CAIRN_ASSIGN_OR_RETURN(std::string target, net::RequestTargetOf(url));
  CAIRN_ASSIGN_OR_RETURN(crypto::RsaKeyPair keys, keys_.KeysOf(kInstanceKeyOwner));
  const std::vector<activitypub::RequestHeader> headers = {
      {"Host", host}, {"Date", util::HttpDate(clock_.NowMillis() / 1000)}};
  CAIRN_ASSIGN_OR_RETURN(
      std::string signature,
      activitypub::SignRequest({"GET", target, headers}, Iri() + "#main-key", keys.private_pem));
  return std::vector<net::HttpHeader>{{"Date", headers[1].value}, {"Signature", signature}};
}

}  // namespace cairn::services
