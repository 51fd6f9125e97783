// Stands in for protobuf_codec.cpp when protobuf is not installed (see CMakeLists.txt).
#include "codecs.hpp"

namespace pakt_bench {

void RegisterProtobufBenchmarks(const DataSets&) {}

}  // namespace pakt_bench
