// Stands in for flatbuffers_codec.cpp when flatbuffers is not installed (see CMakeLists.txt).
#include "codecs.hpp"

namespace pakt_bench {

void RegisterFlatBuffersBenchmarks(const DataSets&) {}

}  // namespace pakt_bench
