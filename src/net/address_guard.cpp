// Public and non-public address ranges (IANA's special-purpose registries, RFC 6890).
#include "net/address_guard.h"

#include <arpa/inet.h>

#include <cstdint>
#include <string>

namespace cairn::net {
namespace {

struct Range4 {
  uint32_t network;
  int prefix;
};

bool IsPublicV4(uint32_t address) {
  static constexpr Range4 kNonPublic[] = {
      {0x00000000, 8},   // "this network"
      {0x0A000000, 8},   // private
      {0x64400000, 10},  // shared address space (carrier-grade NAT)
      {0x7F000000, 8},   // loopback
      {0xA9FE0000, 16},  // link-local (cloud metadata services live here)
      {0xAC100000, 12},  // private
      {0xC0000000, 24},  // IETF protocol assignments
      {0xC0000200, 24},  // documentation
      {0xC0586300, 24},  // 6to4 relay anycast
      {0xC0A80000, 16},  // private
      {0xC6120000, 15},  // benchmarking
      {0xC6336400, 24},  // documentation
      {0xCB007100, 24},  // documentation
      {0xE0000000, 4},   // multicast
      {0xF0000000, 4},   // reserved, and the broadcast address
  };
  for (const Range4& range : kNonPublic) {
    const uint32_t mask = ~uint32_t{0} << (32 - range.prefix);
    if ((address & mask) == range.network) return false;
  }
  return true;
}

uint32_t V4At(const unsigned char* bytes) {
  return uint32_t{bytes[0]} << 24 | uint32_t{bytes[1]} << 16 | uint32_t{bytes[2]} << 8 | bytes[3];
}

bool StartsWith(const unsigned char* bytes, std::initializer_list<unsigned char> prefix) {
  size_t i = 0;
  for (unsigned char b : prefix) {
    if (bytes[i++] != b) return false;
  }
  return true;
}

bool IsPublicV6(const unsigned char* b) {
  // ::/96 (:: itself, ::1 and the deprecated IPv4-compatible form) and ::ffff:0:0/96 (IPv4-mapped,
  // which a dual-stack socket connects as IPv4): judged by the IPv4 address inside, where 0.0.0.0
  // and 0.0.0.1 are "this network" too.
  const bool zero_prefix = StartsWith(b, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0});
  if (zero_prefix && ((b[10] == 0 && b[11] == 0) || (b[10] == 0xFF && b[11] == 0xFF))) {
    return IsPublicV4(V4At(b + 12));
  }
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they embed.
  if (StartsWith(b, {0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0}))
    return IsPublicV4(V4At(b + 12));
  if (StartsWith(b, {0x20, 0x02})) return IsPublicV4(V4At(b + 2));
  if (StartsWith(b, {0x01, 0x00, 0, 0, 0, 0, 0, 0})) return false;  // discard-only 100::/64
  if (StartsWith(b, {0x20, 0x01, 0x0D, 0xB8})) return false;        // documentation
  if ((b[0] & 0xFE) == 0xFC) return false;                          // unique local fc00::/7
  if (b[0] == 0xFE && (b[1] & 0xC0) == 0x80) return false;          // link-local fe80::/10
  if (b[0] == 0xFE && (b[1] & 0xC0) == 0xC0) return false;          // site-local fec0::/10
  if (b[0] == 0xFF) return false;                                   // multicast
  return true;
}

}  // namespace

bool IsPublicAddress(std::string_view ip) {
  const std::string text(ip);
  unsigned char bytes[16];
  if (inet_pton(AF_INET, text.c_str(), bytes) == 1) return IsPublicV4(V4At(bytes));
  if (inet_pton(AF_INET6, text.c_str(), bytes) == 1) return IsPublicV6(bytes);
  return false;
}

}  // namespace cairn::net
