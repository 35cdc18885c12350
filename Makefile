# Entry points: `make run` (install deps, build Release, start the server) and `make test`.
BUILD_DIR ?= build
JOBS ?= $(shell nproc)
HTTP ?= 127.0.0.1:8090
DIR ?= ./cairn_data

.PHONY: deps build run test bench format clean

deps:
	@bash third_party/install-deps.sh

$(BUILD_DIR)/CMakeCache.txt:
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD_DIR)/CMakeCache.txt
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	./$(BUILD_DIR)/cairn serve --http $(HTTP) --dir $(DIR)

test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

bench: build
	bash bench/run.sh

format:
	clang-format -i $$(git ls-files 'src/*.cpp' 'src/*.h' 'tests/*.cpp' 'tests/*.h')

clean:
	rm -rf $(BUILD_DIR)
