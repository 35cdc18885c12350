// The tar stream: entries come back as written, long names and all; damage is named, not read.
#include "util/tar_archive.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "test_support/temp_dir.h"

namespace cairn::util {
namespace {

std::string ReadAll(TarReader& reader) {
  std::string out;
  char buffer[7];  // odd-sized reads cross every boundary
  while (true) {
    auto n = reader.Read(buffer, sizeof buffer);
    REQUIRE(n.ok());
    if (*n == 0) return out;
    out.append(buffer, *n);
  }
}

void Write(const std::string& path,
           const std::vector<std::pair<std::string, std::string>>& entries) {
  auto writer = TarWriter::Create(path);
  REQUIRE(writer.ok());
  for (const auto& [name, content] : entries) {
    REQUIRE(writer->Begin({name, content.size(), 1700000000}).ok());
    REQUIRE(writer->Write(content).ok());
  }
  REQUIRE(writer->Finish().ok());
}

std::string FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

void PutBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// A ustar header block for `name` of `size` bytes and entry `type`, with a checksum that matches.
std::string Header(const std::string& name, size_t size, char type) {
  std::string header(512, '\0');
  header.replace(0, name.size(), name);
  std::snprintf(header.data() + 100, 8, "%07o", 0644);
  std::snprintf(header.data() + 124, 12, "%011zo", size);
  header[156] = type;
  header.replace(257, 8,
                 std::string("ustar\0"
                             "00",
                             8));
  unsigned sum = 0;
  for (size_t i = 0; i < 512; ++i) {
    sum += (i >= 148 && i < 156) ? ' ' : static_cast<unsigned char>(header[i]);
  }
  std::snprintf(header.data() + 148, 8, "%06o", sum);
  return header;
}

TEST_CASE("tar entries come back with their names and contents, long names included", "[tar]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/a.tar";
  const std::string long_name = "storage/" + std::string(32, 'c') + "/" + std::string(32, 'r') +
                                "/" + std::string(100, 'n') + "_abcdefghij.jpeg";
  const std::vector<std::pair<std::string, std::string>> entries = {
      {"data.db", std::string(1000, 'x')},
      {"empty", ""},
      {long_name, std::string(513, '\x01')},
      {std::string(99, 'a'), "edge of the ustar name field"},
      {std::string(100, 'b'), "exactly the field"},
      {std::string(101, 'c'), "one past it"}};
  Write(path, entries);
  CHECK(FileBytes(path).size() % 512 == 0);

  auto reader = TarReader::Open(path);
  REQUIRE(reader.ok());
  for (const auto& [name, content] : entries) {
    auto entry = reader->Next();
    REQUIRE(entry.ok());
    REQUIRE(entry->has_value());
    CHECK((*entry)->name == name);
    CHECK((*entry)->size == content.size());
    CHECK(ReadAll(*reader) == content);
  }
  auto end = reader->Next();
  REQUIRE(end.ok());
  CHECK(!end->has_value());

  // The system's tar reads it too (pax headers and all): the archive is no private format.
  int status = std::system(("tar -tf " + path + " > " + dir.path() + "/list 2>&1").c_str());
  REQUIRE(status == 0);
  CHECK(FileBytes(dir.path() + "/list").find(long_name) != std::string::npos);
}

TEST_CASE("skipped entries are passed over without reading them", "[tar]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/a.tar";
  Write(path, {{"one", std::string(5000, '1')}, {"two", "second"}});
  auto reader = TarReader::Open(path);
  REQUIRE(reader.ok());
  REQUIRE(reader->Next().ok());
  auto second = reader->Next();
  REQUIRE(second.ok());
  REQUIRE(second->has_value());
  CHECK((*second)->name == "two");
  CHECK(ReadAll(*reader) == "second");
}

TEST_CASE("a damaged tar is refused with what is wrong", "[tar]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/a.tar";
  Write(path, {{"one", std::string(2000, '1')}, {"two", "second"}});
  const std::string good = FileBytes(path);

  struct Case {
    std::string name;
    std::string bytes;
    std::string message;
  };
  std::string flipped_header = good;
  flipped_header[5] ^= 0x20;  // in the first entry's name
  std::string typed = good;
  typed[156] = '5';  // a directory entry, with a checksum that matches it
  unsigned sum = 0;
  for (size_t i = 0; i < 512; ++i) {
    sum += (i >= 148 && i < 156) ? ' ' : static_cast<unsigned char>(typed[i]);
  }
  std::snprintf(typed.data() + 148, 8, "%06o", sum);
  // A pax record whose length has more digits than any 64-bit number (it once threw).
  const std::string record = "99999999999999999999999 path=a\n";
  const std::string huge_pax = Header("PaxHeader/a", record.size(), 'x') + record +
                               std::string(512 - record.size(), '\0') + Header("a", 0, '0') +
                               std::string(1024, '\0');
  const std::vector<Case> cases = {
      {"a pax record length past 2^64", huge_pax, "malformed pax record"},
      {"cut inside an entry", good.substr(0, 1000), "truncated"},
      {"cut before the end marker", good.substr(0, good.size() - 1024), "truncated"},
      {"a header's byte flipped", flipped_header, "checksum"},
      {"another entry type", typed, "only regular files"},
      {"not a tar at all", std::string(2048, 'z'), "checksum"},
  };
  for (const auto& c : cases) {
    SECTION(c.name) {
      PutBytes(path, c.bytes);
      auto reader = TarReader::Open(path);
      REQUIRE(reader.ok());
      util::Status failed = OkStatus();
      for (int i = 0; i < 5 && failed.ok(); ++i) {
        auto entry = reader->Next();
        if (!entry.ok()) {
          failed = std::move(entry).error();
          break;
        }
        if (!entry->has_value()) break;
        char buffer[4096];
        while (true) {
          auto n = reader->Read(buffer, sizeof buffer);
          if (!n.ok()) failed = std::move(n).error();
          if (!n.ok() || *n == 0) break;
        }
      }
      REQUIRE(!failed.ok());
      CHECK(failed.error().kind == ErrorKind::kInvalidArgument);
      CHECK_THAT(failed.error().message, Catch::Contains(c.message));
    }
  }
}

TEST_CASE("a tar writer refuses more or fewer bytes than an entry declared", "[tar]") {
  test_support::TempDir dir;
  auto writer = TarWriter::Create(dir.path() + "/a.tar");
  REQUIRE(writer.ok());
  REQUIRE(writer->Begin({"one", 3, 0}).ok());
  CHECK(!writer->Write("four").ok());
  REQUIRE(writer->Write("ab").ok());
  CHECK(!writer->Finish().ok());                          // one byte short
  CHECK(!TarWriter::Create(dir.path() + "/a.tar").ok());  // never over an existing file
}

}  // namespace
}  // namespace cairn::util
