// `pakt sizes --svg`: the size table as a grouped bar chart (one group per message, one bar per
// encoding), written as plain SVG text.
#pragma once

#include <string>
#include <vector>

#include "size_table.hpp"

namespace pakt::cli {

std::string size_chart_svg(const std::vector<SizeRow>& rows);

}  // namespace pakt::cli
