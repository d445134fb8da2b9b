// SPDX-License-Identifier: GPL-2.0
/*
 * Compute on ruby with real userspace: Debian's Mesa r600, unmodified,
 * through EGL on the surfaceless platform. GLES 3.1: a compute shader
 * storing to an image and counting with an atomic counter (a dispatch,
 * RATs with their immediate buffers, SET_APPEND_CNT and the counter's
 * store at end of shader), and a fragment shader counting with an atomic
 * counter; desktop GL, when Mesa offers it: a query buffer object (Mesa
 * writes the query's result into the buffer with a compute shader). Every
 * stream must be accepted by ruby's checker ("cs rejected" does not move)
 * and run to its fence (Mesa waits for the counters' store). Skipped when
 * Mesa's EGL is not installed, or the context is not offered.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl31.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"
#define MESA_UTIL_OWN_GL_HEADER
#include "mesa_util.h"

#define SIZE			16
/* desktop GL's query buffer object, which GLES's headers lack */
#define GL_QUERY_BUFFER_	0x9192
#define GL_QUERY_RESULT_	0x8866
#define GL_SAMPLES_PASSED_	0x8914

FIXTURE(compute) {
	int minor;
	EGLDisplay dpy;
	EGLContext ctx;
	char info[4096];
};

/* A context of @api (@attrs) in *@ctx, current; false if Mesa offers none */
static bool make_context(EGLDisplay dpy, EGLContext *ctx, EGLenum api, const EGLint *attrs)
{
	if (eglBindAPI(api) != EGL_TRUE)
		return false;
	*ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
	if (*ctx == EGL_NO_CONTEXT)
		return false;
	return eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, *ctx) == EGL_TRUE;
}

FIXTURE_SETUP(compute)
{
	self->ctx = EGL_NO_CONTEXT;
	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	self->dpy = mesa_display(_metadata);
	ASSERT_NE(self->dpy, EGL_NO_DISPLAY);
}

FIXTURE_TEARDOWN(compute)
{
	if (self->minor < 0)
		return;
	eglMakeCurrent(self->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	if (self->ctx != EGL_NO_CONTEXT)
		eglDestroyContext(self->dpy, self->ctx);
	eglTerminate(self->dpy);
}

/* After glFinish, GL happy and every stream since the counts given accepted */
static void all_accepted(struct __test_metadata *_metadata, int minor, char *info,
			 size_t size, long checked0, long rejected0)
{
	glFinish();
	EXPECT_EQ(glGetError(), GL_NO_ERROR);
	mesa_all_accepted(_metadata, minor, info, size, checked0, rejected0);
}

static const GLenum compute_type = GL_COMPUTE_SHADER;

/* Each invocation stores the atomic counter's next value at its texel */
static const char *const image_counter_cs =
	"#version 310 es\n"
	"layout(local_size_x = 4, local_size_y = 4) in;\n"
	"layout(binding = 0, r32ui) writeonly uniform highp uimage2D img;\n"
	"layout(binding = 0, offset = 0) uniform atomic_uint n;\n"
	"void main() {\n"
	"  uint i = atomicCounterIncrement(n);\n"
	"  imageStore(img, ivec2(gl_GlobalInvocationID.xy), uvec4(i));\n"
	"}\n";

/* An atomic counter buffer at binding 0 starting at @value */
static GLuint counter_buffer(GLuint value)
{
	GLuint buf;

	glGenBuffers(1, &buf);
	glBindBuffer(GL_ATOMIC_COUNTER_BUFFER, buf);
	glBufferData(GL_ATOMIC_COUNTER_BUFFER, 4, &value, GL_DYNAMIC_COPY);
	glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, buf);
	return buf;
}

static const EGLint es31[] = {
	EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE
};

TEST_F(compute, image_store_and_atomic_counter)
{
	GLuint tex, counter, prog;
	long checked0, rejected0;

	if (!make_context(self->dpy, &self->ctx, EGL_OPENGL_ES_API, es31))
		SKIP(return, "no GLES 3.1 context");
	TH_LOG("GL_VERSION: %s", (const char *)glGetString(GL_VERSION));
	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, SIZE, SIZE);
	glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
	counter = counter_buffer(5);
	prog = mesa_program_of(&compute_type, &image_counter_cs, 1);
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glDispatchCompute(SIZE / 4, SIZE / 4, 1);
	glMemoryBarrier(GL_ALL_BARRIER_BITS);
	all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
		     rejected0);
	glDeleteProgram(prog);
	glDeleteBuffers(1, &counter);
	glDeleteTextures(1, &tex);
}

TEST_F(compute, fragment_atomic_counter)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
	GLuint tex, fbo, counter, prog;
	long checked0, rejected0;

	if (!make_context(self->dpy, &self->ctx, EGL_OPENGL_ES_API, es31))
		SKIP(return, "no GLES 3.1 context");
	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, SIZE, SIZE);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	counter = counter_buffer(0);
	prog = mesa_program("#version 310 es\n"
			    "layout(location = 0) in vec2 pos;\n"
			    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
			    "#version 310 es\n"
			    "precision mediump float;\n"
			    "layout(binding = 0, offset = 0) uniform atomic_uint n;\n"
			    "out vec4 colour;\n"
			    "void main() {\n"
			    "  colour = vec4(float(atomicCounterIncrement(n) & 255u) / 255.0);\n"
			    "}\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
		     rejected0);
	glDeleteProgram(prog);
	glDeleteBuffers(1, &counter);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &tex);
}

/*
 * Desktop GL (the host's libOpenGL, through EGL): an occlusion query's
 * result written into a buffer, by Mesa's compute shader
 */
TEST_F(compute, query_buffer_object)
{
	void (*get_query_object)(GLuint id, GLenum pname, GLuint *params);
	const char *ext;
	long checked0, rejected0;
	GLuint query, buf;

	if (!make_context(self->dpy, &self->ctx, EGL_OPENGL_API,
			  (const EGLint[]){ EGL_NONE }))
		SKIP(return, "no desktop GL context");
	ext = (const char *)glGetString(GL_EXTENSIONS);
	get_query_object = (void (*)(GLuint, GLenum, GLuint *))
			   eglGetProcAddress("glGetQueryObjectuiv");
	if (!ext || !strstr(ext, "GL_ARB_query_buffer_object") || !get_query_object)
		SKIP(return, "no ARB_query_buffer_object");
	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenQueries(1, &query);
	glBeginQuery(GL_SAMPLES_PASSED_, query);
	glEndQuery(GL_SAMPLES_PASSED_);
	glGenBuffers(1, &buf);
	glBindBuffer(GL_QUERY_BUFFER_, buf);
	glBufferData(GL_QUERY_BUFFER_, 16, NULL, GL_DYNAMIC_COPY);
	/* with a query buffer bound, the "pointer" is an offset in it */
	get_query_object(query, GL_QUERY_RESULT_, (GLuint *)(uintptr_t)4);
	all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
		     rejected0);
	glDeleteBuffers(1, &buf);
	glDeleteQueries(1, &query);
}

TEST_HARNESS_MAIN
