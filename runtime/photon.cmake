# pakt::photon — Photon Protocol 1.6 / 1.8 values, envelopes and the 0xF3 message header.
add_library(pakt_photon STATIC
  ${CMAKE_CURRENT_LIST_DIR}/src/photon/value.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/photon/protocol.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/photon/protocol16.cpp
  ${CMAKE_CURRENT_LIST_DIR}/src/photon/protocol18.cpp)
add_library(pakt::photon ALIAS pakt_photon)
target_link_libraries(pakt_photon PUBLIC pakt::runtime PRIVATE pakt_warnings)
