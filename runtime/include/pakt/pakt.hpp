// Umbrella header: everything generated code needs.
#pragma once

#include "pakt/binary_codec.hpp"
#include "pakt/byte_view.hpp"
#include "pakt/cursor_read.hpp"
#include "pakt/format.hpp"
#include "pakt/json.hpp"
#include "pakt/math_types.hpp"
#include "pakt/message_traits.hpp"
#include "pakt/reader.hpp"
#include "pakt/serialize.hpp"
#include "pakt/status.hpp"
#include "pakt/version.hpp"
#include "pakt/writer.hpp"
