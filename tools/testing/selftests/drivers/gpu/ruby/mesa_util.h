/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the Mesa-through-EGL tests (mesa_*.c): ruby's stream counts.
 */
#ifndef __MESA_UTIL_H__
#define __MESA_UTIL_H__

#include <stdlib.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"

/*
 * Mesa's EGL display on the surfaceless platform (the render node),
 * initialised; no shader cache on the host's disk, no threads to race
 * the test
 */
static inline EGLDisplay mesa_display(struct __test_metadata *_metadata)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display;
	EGLint major, minor;
	EGLDisplay dpy;

	setenv("MESA_SHADER_CACHE_DISABLE", "true", 1);
	setenv("RADEON_THREAD", "false", 1);
	get_display = (PFNEGLGETPLATFORMDISPLAYEXTPROC)
		      eglGetProcAddress("eglGetPlatformDisplayEXT");
	EXPECT_NE(get_display, NULL);
	if (!get_display)
		return EGL_NO_DISPLAY;
	dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (dpy != EGL_NO_DISPLAY && eglInitialize(dpy, &major, &minor) != EGL_TRUE)
		return EGL_NO_DISPLAY;
	return dpy;
}

/* The "cs checked" / "cs rejected" counts of ruby_info, @buf its text */
static inline void cs_counts(struct __test_metadata *_metadata, int minor, char *buf,
			     size_t size, long *checked, long *rejected)
{
	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_info", buf, size), 0);
	*checked = ruby_text_int(buf, "cs checked");
	*rejected = ruby_text_int(buf, "cs rejected");
	ASSERT_GE(*checked, 0);
	ASSERT_GE(*rejected, 0);
}

/*
 * Every stream since @checked0 / @rejected0 accepted, and at least one
 * checked (after the caller's glFinish); ruby_info in @info if not
 */
static inline void expect_all_accepted(struct __test_metadata *_metadata, int minor,
				       char *info, size_t size, long checked0, long rejected0)
{
	long checked, rejected;

	cs_counts(_metadata, minor, info, size, &checked, &rejected);
	TH_LOG("streams checked: %ld, rejected: %ld", checked - checked0, rejected - rejected0);
	if (rejected != rejected0)
		TH_LOG("%s", info);
	EXPECT_EQ(rejected, rejected0);
	EXPECT_GT(checked, checked0);
}

#endif /* __MESA_UTIL_H__ */
