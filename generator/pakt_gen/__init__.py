"""pakt schema compiler: YAML schemas -> validated model -> C++ headers and sources."""

__version__ = "0.1.0"
# Must equal pakt::kRuntimeAbi in runtime/include/pakt/version.hpp.
RUNTIME_ABI = 1
