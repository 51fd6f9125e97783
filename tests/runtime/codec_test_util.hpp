// Encode one value with the binary codec and decode it back, for the primitive tests.
#pragma once

#include <vector>

#include "pakt/binary_codec.hpp"

template <class T, class F>
std::vector<std::uint8_t> encode(const T& v, F f) {
  std::vector<std::uint8_t> out(pakt::WireSize(v, f));
  pakt::Writer w(out.data(), out.size());
  pakt::Write(w, v, f);
  EXPECT_TRUE(w.ok());
  EXPECT_EQ(w.size(), out.size());
  return out;
}

template <class T, class F>
pakt::Status decode(const std::vector<std::uint8_t>& bytes, T& v, F f, const pakt::Limits& limits = {}) {
  pakt::Reader r(bytes);
  if (!pakt::Read(r, v, f, limits)) return r.status();
  if (!r.at_end()) return pakt::Status::Error(pakt::ErrorCode::kTrailingData, r.offset(), "", "trailing bytes");
  return pakt::Status::Ok();
}
