# Entry points: `make run` (install deps, build Release, start the server) and `make test`.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
HTTP ?= 127.0.0.1:8090
DIR ?= ./cairn_data

FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 60
GPSDATA ?= $(abspath ../shared/gpsdata)
# ON in CI: compiler warnings fail the build.
WERROR ?= OFF

# Debian packages: `make deb` (this machine's architecture) or `make deb ARCH=arm64` (cross built
# with Debian's aarch64 compiler) writes $(DEB_OUT)/cairn_$(VERSION)_$(ARCH).deb; `make deb-test`
# proves it in a clean Debian 12 root (tests/packaging/). VERSION=... builds another version of the
# same tree (the upgrade test does); DEB_BUILD_DIR=$(BUILD_DIR) packages an existing Release build.
ARCH ?= $(shell dpkg --print-architecture)
VERSION ?= $(shell sed -nE 's/^project.cairn VERSION ([0-9.]+).*/\1/p' CMakeLists.txt)
DEB_BUILD_DIR ?= build-deb-$(ARCH)
DEB_OUT ?= build-deb

.PHONY: deps build server run test e2e e2e-deps federation-deps federation-peer-test bench fuzz format clean deb deb-test

deps:
	@bash third_party/install-deps.sh

$(BUILD_DIR)/CMakeCache.txt:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release -DCAIRN_WERROR=$(WERROR)

build: deps $(BUILD_DIR)/CMakeCache.txt
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The server alone: the tests' hundreds of objects are `make test`'s to build.
server: deps $(BUILD_DIR)/CMakeCache.txt
	cmake --build $(BUILD_DIR) -j $(JOBS) --target cairn

run: server
	./$(BUILD_DIR)/cairn serve --http $(HTTP) --dir $(DIR)

test: build federation-deps
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	$(MAKE) --no-print-directory federation-peer-test
	$(MAKE) --no-print-directory e2e

# The Fedify test peer that the federation tests start on loopback (tests/federation/fedify-peer):
# its pinned Node packages, installed before ctest runs, and its own proof without Cairn.
federation-deps:
	@bash tests/federation/fedify-peer/install.sh

federation-peer-test: federation-deps
	node tests/federation/fedify-peer/selftest.mjs

# The web app in headless Chromium against the real binary; screenshots and the page-weight
# budget land in $(BUILD_DIR)/e2e.
e2e-deps:
	@bash third_party/install-deps.sh third_party/e2e-packages.txt
	@bash tests/e2e/install.sh

e2e: build e2e-deps
	node --test tests/webapp/
	node tests/e2e/run.mjs --binary $(BUILD_DIR)/cairn --out $(BUILD_DIR)/e2e

# Every reader under libFuzzer with ASan and UBSan, FUZZ_SECONDS each, seeded from GPSDATA.
fuzz:
	@bash third_party/install-deps.sh
	@bash third_party/install-deps.sh third_party/fuzz-packages.txt
	cmake -S . -B $(FUZZ_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-14 -DCAIRN_FUZZ=ON
	cmake --build $(FUZZ_DIR) -j $(JOBS)
	bash tests/fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(GPSDATA)

bench: build
	bash bench/run.sh
	bash bench/gps.sh
	bash bench/files.sh
	bash bench/profile.sh
	GPSDATA=$(GPSDATA) bash bench/search.sh

deb:
	bash packaging/build-deb.sh --arch $(ARCH) --version $(VERSION) --build-dir $(DEB_BUILD_DIR) \
	  --out $(DEB_OUT)

deb-test:
	bash tests/packaging/run.sh --arch $(ARCH) --version $(VERSION) --build-dir $(DEB_BUILD_DIR) \
	  --out $(DEB_OUT)

format:
	clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h' 'bench/*.cpp')

clean:
	rm -rf $(BUILD_DIR) $(FUZZ_DIR) build-deb build-deb-amd64 build-deb-arm64
