# Include roots per layer: the build's way of enforcing who may include whom
# (docs/ARCHITECTURE.md, "Layers"). Each target compiles against a directory of its own under
# build/layers/ that holds links to only the source folders its layer may see, so an include that
# crosses the architecture ("render/..." from sim/, "app/..." from render/) fails to compile with
# "No such file or directory". SDL2 and ImGui headers come only with the targets that link them.
#
#   sluice_layer_root(<layer> <folder> [<folder> ...])  creates build/layers/<layer>/ with a link per
#   folder (a folder may be "shaders/sim" to expose only part of one) and sets SLUICE_<LAYER>_ROOT.
function(sluice_layer_root layer)
  set(_root ${CMAKE_BINARY_DIR}/layers/${layer})
  file(REMOVE_RECURSE ${_root})
  foreach(_folder IN LISTS ARGN)
    get_filename_component(_parent ${_root}/${_folder} DIRECTORY)
    file(MAKE_DIRECTORY ${_parent})
    file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${_folder} ${_root}/${_folder} SYMBOLIC)
  endforeach()
  string(TOUPPER ${layer} _upper)
  set(SLUICE_${_upper}_ROOT ${_root} PARENT_SCOPE)
endfunction()
