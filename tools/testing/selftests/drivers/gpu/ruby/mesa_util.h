/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the Mesa client tests (mesa_*.c) share: a GLES or desktop GL
 * context of Debian's Mesa through EGL on the surfaceless platform (the render node), GL
 * programs built from source, and ruby_info's stream counts. Include
 * after kselftest_harness.h and ruby_util.h.
 */
#ifndef __MESA_UTIL_H__
#define __MESA_UTIL_H__

#include <stdio.h>
#include <stdlib.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
/* a test of desktop GL or GLES 3.1 includes its own GL header first */
#ifndef MESA_UTIL_OWN_GL_HEADER
#include <GLES3/gl3.h>
#endif

/*
 * Mesa's EGL display on the surfaceless platform (the render node),
 * initialised (EGL_NO_DISPLAY if not); no shader cache on the host's disk
 * and no threads to race the test
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

/*
 * A context of @api (EGL_OPENGL_ES_API, EGL_OPENGL_API) and @attrs on
 * Mesa's surfaceless display, made current
 */
static inline void mesa_api_setup(struct __test_metadata *_metadata, EGLenum api,
				  const EGLint *attrs, EGLDisplay *dpy, EGLContext *ctx)
{
	*dpy = mesa_display(_metadata);
	ASSERT_NE(*dpy, EGL_NO_DISPLAY);
	ASSERT_EQ(eglBindAPI(api), EGL_TRUE);
	*ctx = eglCreateContext(*dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
	ASSERT_NE(*ctx, EGL_NO_CONTEXT);
	ASSERT_EQ(eglMakeCurrent(*dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, *ctx), EGL_TRUE);
}

/* A GLES context of @attrs on Mesa's surfaceless display, made current */
static inline void mesa_egl_setup(struct __test_metadata *_metadata, const EGLint *attrs,
				  EGLDisplay *dpy, EGLContext *ctx)
{
	mesa_api_setup(_metadata, EGL_OPENGL_ES_API, attrs, dpy, ctx);
}

/*
 * A desktop GL core context of 3.2 or later (Mesa gives the most it has:
 * 3.3 on R6xx/R7xx, 4.x on Evergreen), made current
 */
static inline void mesa_gl32_setup(struct __test_metadata *_metadata, EGLDisplay *dpy,
				   EGLContext *ctx)
{
	static const EGLint attrs[] = {
		EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2,
		EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
		EGL_NONE };

	mesa_api_setup(_metadata, EGL_OPENGL_API, attrs, dpy, ctx);
}

static inline void mesa_egl_teardown(EGLDisplay dpy, EGLContext ctx)
{
	eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroyContext(dpy, ctx);
	eglTerminate(dpy);
}

/* The "cs checked" / "cs rejected" counts of ruby_info */
static inline void mesa_cs_counts(struct __test_metadata *_metadata, int minor, char *buf,
				  size_t size, long *checked, long *rejected)
{
	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_info", buf, size), 0);
	*checked = ruby_text_int(buf, "cs checked");
	*rejected = ruby_text_int(buf, "cs rejected");
	ASSERT_GE(*checked, 0);
	ASSERT_GE(*rejected, 0);
}

/*
 * Wait for all the GL work (Mesa flushes and waits on its fences), then
 * GL must be happy and ruby must have accepted every stream since
 * @checked0 / @rejected0 (and checked at least one).
 */
static inline void mesa_all_accepted(struct __test_metadata *_metadata, int minor, char *info,
				     size_t size, long checked0, long rejected0)
{
	long checked, rejected;

	glFinish();
	EXPECT_EQ(glGetError(), GL_NO_ERROR);
	mesa_cs_counts(_metadata, minor, info, size, &checked, &rejected);
	TH_LOG("streams checked: %ld, rejected: %ld", checked - checked0, rejected - rejected0);
	if (rejected != rejected0)
		TH_LOG("%s", info);
	EXPECT_EQ(rejected, rejected0);
	EXPECT_GT(checked, checked0);
}

/* A compiled shader of @type; 0 (the compiler's log on stderr) if not */
static inline GLuint mesa_shader(GLenum type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;
	char log[512];

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (ok)
		return s;
	glGetShaderInfoLog(s, sizeof(log), NULL, log);
	fprintf(stderr, "# compile error: %s\n", log);
	glDeleteShader(s);
	return 0;
}

/*
 * A program of the @n shaders of @types and @srcs, "pos" at attribute 0;
 * 0 (nothing left behind) if one does not compile or it does not link
 */
static inline GLuint mesa_program_of(const GLenum *types, const char *const *srcs,
				     unsigned int n)
{
	GLuint prog = glCreateProgram(), s;
	GLint ok = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		s = mesa_shader(types[i], srcs[i]);
		if (!s) {
			glDeleteProgram(prog);
			return 0;
		}
		glAttachShader(prog, s);
		glDeleteShader(s);
	}
	glBindAttribLocation(prog, 0, "pos");
	glLinkProgram(prog);
	glGetProgramiv(prog, GL_LINK_STATUS, &ok);
	if (!ok) {
		glDeleteProgram(prog);
		return 0;
	}
	return prog;
}

/* A program of a vertex and a fragment shader, "pos" at attribute 0; 0 if not */
static inline GLuint mesa_program(const char *vs_src, const char *fs_src)
{
	static const GLenum types[] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
	const char *const srcs[] = { vs_src, fs_src };

	return mesa_program_of(types, srcs, 2);
}

#endif /* __MESA_UTIL_H__ */
