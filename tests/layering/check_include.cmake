# cmake -P script run by ctest: compiles SOURCE (-fsyntax-only) against one layer's include root and
# checks the outcome. EXPECT=fail: the compile must fail because the include is not found in that layer
# (the message must say "No such file or directory", so an unrelated error cannot pass); EXPECT=pass: it
# must compile (the positive control: the probe itself is valid where the layering allows it).
string(REPLACE "|" ";" _extra "${EXTRA_INCLUDES}")
set(_args -std=c++20 -fsyntax-only -I${ROOT})
foreach(_dir IN LISTS _extra)
  list(APPEND _args -isystem ${_dir})
endforeach()
execute_process(COMMAND ${COMPILER} ${_args} ${SOURCE} RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(EXPECT STREQUAL "fail")
  if(_rc EQUAL 0)
    message(FATAL_ERROR "${SOURCE} compiled against ${ROOT}: the layer can see what it must not")
  endif()
  if(NOT _err MATCHES "No such file or directory")
    message(FATAL_ERROR "${SOURCE} failed for another reason than a missing include:\n${_err}")
  endif()
  message(STATUS "refused as expected: ${_err}")
else()
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${SOURCE} does not compile against ${ROOT}:\n${_err}")
  endif()
endif()
