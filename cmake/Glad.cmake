# Generates the glad loader (GL 4.5 core + EGL 1.5) at configure time with Debian's python3-glad.
# --reproducible uses the specifications bundled with glad, so nothing is downloaded. The loader
# dlopens libGL/libEGL at run time: the binary has no link-time dependency on them.
find_program(GLAD_EXECUTABLE glad REQUIRED)
set(GLAD_OUT ${CMAKE_BINARY_DIR}/glad)
set(GLAD_EGL_EXTENSIONS
    EGL_EXT_platform_base EGL_EXT_platform_device EGL_EXT_device_base EGL_EXT_device_enumeration
    EGL_EXT_device_query EGL_MESA_platform_surfaceless EGL_KHR_surfaceless_context EGL_KHR_create_context)
set(GLAD_GL_EXTENSIONS GL_KHR_debug GL_ARB_gpu_shader_int64 GL_NV_shader_atomic_float)
list(JOIN GLAD_EGL_EXTENSIONS "," _egl_ext)
list(JOIN GLAD_GL_EXTENSIONS "," _gl_ext)
set(_glad_args --api gl:core=4.5,egl=1.5 --extensions ${_egl_ext},${_gl_ext}
    --out-path ${GLAD_OUT} --reproducible --quiet c --loader)
set(_glad_stamp ${GLAD_OUT}/args.txt)
if(NOT EXISTS ${GLAD_OUT}/src/gl.c OR NOT EXISTS ${_glad_stamp})
  set(_regen TRUE)
else()
  file(READ ${_glad_stamp} _old_args)
  if(NOT _old_args STREQUAL "${_glad_args}")
    set(_regen TRUE)
  endif()
endif()
if(_regen)
  message(STATUS "Generating glad into ${GLAD_OUT}")
  execute_process(COMMAND ${GLAD_EXECUTABLE} ${_glad_args} RESULT_VARIABLE _rc ERROR_VARIABLE _err)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "glad generation failed (${_rc}): ${_err}")
  endif()
  file(WRITE ${_glad_stamp} "${_glad_args}")
endif()
add_library(sluice_glad STATIC ${GLAD_OUT}/src/gl.c ${GLAD_OUT}/src/egl.c)
target_include_directories(sluice_glad SYSTEM PUBLIC ${GLAD_OUT}/include)
target_link_libraries(sluice_glad PUBLIC ${CMAKE_DL_LIBS})
set_target_properties(sluice_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
