#include <gtest/gtest.h>
#include "pakt/godot/codec.hpp"
TEST(EncodeRules, Placeholder) {}
