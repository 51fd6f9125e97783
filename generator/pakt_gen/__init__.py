"""pakt back ends: the front end's descriptor (`pakt describe`) -> model -> generated code (cpp/)."""

__version__ = "0.1.0"
# Must equal pakt::kRuntimeAbi in runtime/include/pakt/version.hpp.
RUNTIME_ABI = 2
