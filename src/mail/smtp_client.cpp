// SendMail: the request checked and formatted here, delivered by net::SendSmtp.
#include "mail/smtp_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include "mail/smtp_message.h"
#include "mail/smtp_text.h"

namespace cairn::mail {
namespace {

// True for a host that names this machine; the connection to it never leaves it.
bool IsLoopbackHost(const std::string& host) {
  if (internal::LowerAscii(host) == "localhost") return true;
  in_addr v4{};
  if (::inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  return ::inet_pton(AF_INET6, host.c_str(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
}

}  // namespace

util::Status SendMail(const SmtpSettings& settings, const MailMessage& message) {
  CAIRN_RETURN_IF_ERROR(internal::ValidateRequest(settings, message));
  CAIRN_ASSIGN_OR_RETURN(const std::string data, internal::FormatMessageData(settings, message));
  net::SmtpTransfer transfer;
  transfer.host = settings.host;
  transfer.port = settings.port;
  transfer.tls = settings.tls;
  // A password must not cross a network in clear text, whatever the server offers.
  if (!settings.username.empty() && transfer.tls == net::SmtpTls::kStartTlsIfOffered &&
      !IsLoopbackHost(settings.host)) {
    transfer.tls = net::SmtpTls::kStartTlsRequired;
  }
  transfer.ca_file = settings.ca_file;
  transfer.username = settings.username;
  transfer.password = settings.password;
  transfer.from = settings.from;
  transfer.to = message.to;
  transfer.connect_timeout = settings.timeout;
  transfer.total_timeout = 2 * settings.timeout;
  return net::SendSmtp(transfer, data);
}

}  // namespace cairn::mail
