// The BinaryFormatter column of `pakt sizes`: the bytes .NET's BinaryFormatter writes for each
// example, measured by running mono on the C# back end's classes compiled into an assembly named
// Assembly-CSharp (Unity's name for a project's scripts), as the seed measured its TestStruct.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "schema/loader.hpp"

namespace pakt::cli {

struct BinaryFormatterSizes {
  std::vector<std::optional<std::size_t>> bytes;  // one per message; nullopt: not measured
  std::string note;  // why not, e.g. "n/a (mono not installed)"; empty when every size was measured
};

// Measures messages (of schemas, each with an example:) with mcs + mono when both are on PATH;
// runs the C# back end with `python`. Never fails the command: what went wrong is the note.
[[nodiscard]] BinaryFormatterSizes measure_binary_formatter(const schema::SchemaSet& schemas,
                                                            const std::vector<const schema::Message*>& messages,
                                                            const std::string& python);

}  // namespace pakt::cli
