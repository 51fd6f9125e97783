#include "size_chart.hpp"

#include <algorithm>
#include <cstdio>
#include <iterator>

namespace pakt::cli {
namespace {

constexpr int kBarWidth = 14;
constexpr int kBarGap = 2;
constexpr int kGroupGap = 36;
constexpr int kPlotHeight = 260;
constexpr int kLeft = 56;
constexpr int kTop = 40;
constexpr int kLegendHeight = 24;
constexpr int kLegendColumns = 5;
constexpr int kLegendWidth = 120;
// One per column of size_columns() (packed, the third, in red).
const char* const kColors[] = {"#1f77b4", "#aec7e8", "#d62728", "#ff7f0e", "#ffbb78",
                               "#2ca02c", "#98df8a", "#9467bd", "#c5b0d5", "#7f7f7f"};

std::string format(const char* pattern, double a, double b, double c, double d) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, pattern, a, b, c, d);
  return buffer;
}

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '<') {
      out += "&lt;";
    } else if (c == '&') {
      out += "&amp;";
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string size_chart_svg(const std::vector<SizeRow>& rows) {
  const std::vector<SizeColumn>& columns = size_columns();
  std::size_t largest = 1;
  for (const SizeRow& r : rows) {
    for (const std::optional<std::size_t>& n : r.bytes) largest = std::max(largest, n.value_or(0));
  }
  const int group_width = static_cast<int>(columns.size()) * (kBarWidth + kBarGap);
  const int width = std::max(kLeft + static_cast<int>(rows.size()) * (group_width + kGroupGap) + 20,
                             kLeft + kLegendColumns * kLegendWidth);
  const int legend_rows = static_cast<int>((columns.size() + kLegendColumns - 1) / kLegendColumns);
  const int height = kTop + kPlotHeight + 40 + legend_rows * kLegendHeight;
  const double scale = kPlotHeight / static_cast<double>(largest);

  std::string svg = format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" font-family=\"sans-serif\" "
      "font-size=\"11\">\n<rect width=\"%.0f\" height=\"%.0f\" fill=\"white\"/>\n",
      width, height, width, height);
  svg += "<text x=\"" + std::to_string(kLeft) + "\" y=\"20\" font-size=\"14\">Encoded size of each example (bytes)</text>\n";
  const int axis_y = kTop + kPlotHeight;
  svg += format("<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"black\"/>\n", kLeft, axis_y,
                width - 10, axis_y);
  svg += format("<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"black\"/>\n", kLeft, kTop, kLeft,
                axis_y);
  for (int tick = 0; tick <= 4; ++tick) {
    const double value = static_cast<double>(largest) * tick / 4;
    const double y = axis_y - value * scale;
    svg += format("<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", kLeft - 6, y + 4, value, 0);
  }
  for (std::size_t g = 0; g < rows.size(); ++g) {
    const int x0 = kLeft + 10 + static_cast<int>(g) * (group_width + kGroupGap);
    for (std::size_t c = 0; c < rows[g].bytes.size(); ++c) {
      if (!rows[g].bytes[c]) continue;  // no encoding in that format: no bar (the table says why)
      const std::size_t n = *rows[g].bytes[c];
      const double h = static_cast<double>(n) * scale;
      const int x = x0 + static_cast<int>(c) * (kBarWidth + kBarGap);
      svg += format("<rect x=\"%.0f\" y=\"%.1f\" width=\"%.0f\" height=\"%.1f\"", x, axis_y - h, kBarWidth, h);
      svg += std::string(" fill=\"") + kColors[c % std::size(kColors)] + "\"><title>" + escape(rows[g].message) + " " +
             columns[c].title + ": " + std::to_string(n) + " bytes</title></rect>\n";
      svg += format("<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"8\">%.0f</text>\n",
                    x + kBarWidth / 2.0, axis_y - h - 3, static_cast<double>(n), 0);
    }
    svg += format("<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">", x0 + group_width / 2.0, axis_y + 16, 0, 0);
    svg += escape(rows[g].message) + "</text>\n";
  }
  for (std::size_t c = 0; c < columns.size(); ++c) {
    const int x = kLeft + static_cast<int>(c % kLegendColumns) * kLegendWidth;
    const int y = axis_y + 36 + static_cast<int>(c / kLegendColumns) * kLegendHeight;
    svg += format("<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"", x, y, 0, 0);
    svg += std::string(kColors[c % std::size(kColors)]) + "\"/>";
    svg += format("<text x=\"%.0f\" y=\"%.0f\">", x + 16, y + 10, 0, 0) + columns[c].title + "</text>\n";
  }
  svg += "</svg>\n";
  return svg;
}

}  // namespace pakt::cli
