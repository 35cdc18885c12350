// Which network addresses an outbound connection may reach.
#pragma once

#include <string_view>

namespace cairn::net {

enum class AddressRule {
  // Any address: for servers the admin names (a routing server on the home network).
  kAnyAddress,
  // Public unicast addresses only: for addresses others choose (federation), so that no request
  // can be aimed at this machine or the network behind it.
  kPublicOnly,
};

// Whether `ip` (an IPv4 or IPv6 literal, "192.0.2.1", "2001:db8::1") is a public unicast
// address. False for anything else: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
// shared (100.64/10), link-local (169.254/16, fe80::/10), "this network" (0/8, ::), multicast,
// reserved and documentation ranges, IPv4-mapped or -compatible IPv6 forms of those, and text
// that is not an address.
bool IsPublicAddress(std::string_view ip);

}  // namespace cairn::net
