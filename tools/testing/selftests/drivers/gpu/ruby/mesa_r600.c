// SPDX-License-Identifier: GPL-2.0
/*
 * Real userspace on ruby: Debian's Mesa r600 driver, unmodified, through
 * EGL on the surfaceless platform (the render node). It must find the
 * chip, create a context, clear and draw into a framebuffer object (also
 * with a mipmapped texture and a depth buffer, and multisampled with a
 * resolve into a texture) and read it back, with
 * every command stream it submits accepted by ruby's
 * checker (ruby_info's "cs rejected" count does not move) and run to its
 * fence. Skipped when Mesa's EGL is not installed on the host.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../kselftest_harness.h"
#include "ruby_util.h"
#include "mesa_util.h"

#define SIZE	64

FIXTURE(mesa) {
	int minor;
	EGLDisplay dpy;
	EGLContext ctx;
	char info[4096];
};

FIXTURE_SETUP(mesa)
{
	if (!ruby_has_checker())
		SKIP(return, RUBY_NO_CHECKER);
	if (ruby_is_r5xx())
		SKIP(return, RUBY_R5XX_R300_STREAMS);
	static const EGLint attrs[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };

	self->minor = ruby_card_minor();
	if (self->minor < 0)
		SKIP(return, "no device bound to ruby");
	mesa_egl_setup(_metadata, attrs, &self->dpy, &self->ctx);
}

FIXTURE_TEARDOWN(mesa)
{
	if (self->minor < 0)
		return;
	mesa_egl_teardown(self->dpy, self->ctx);
}

TEST_F(mesa, r600_finds_the_chip)
{
	const char *renderer = (const char *)glGetString(GL_RENDERER);
	char chip[32];

	ASSERT_NE(renderer, NULL);
	TH_LOG("GL_RENDERER: %s", renderer);
	TH_LOG("GL_VERSION: %s", (const char *)glGetString(GL_VERSION));
	/* Mesa names the chip ruby drives: CEDAR, RV730 */
	ASSERT_TRUE(ruby_chip_name(chip, sizeof(chip)));
	EXPECT_NE(strstr(renderer, chip), NULL);
	EXPECT_NE(strstr(renderer, "DRM 2.50"), NULL);
}

/*
 * Read the framebuffer back (Mesa flushes, waits, maps the buffer), then
 * GL must be happy and ruby must have accepted every stream since
 * @checked0 / @rejected0.
 */
static void read_back_all_accepted(struct __test_metadata *_metadata, int minor, char *info,
				   size_t size, long checked0, long rejected0)
{
	static uint8_t pixels[SIZE * SIZE * 4];

	glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	mesa_all_accepted(_metadata, minor, info, size, checked0, rejected0);
}

/* Draw a green triangle; the program (to delete), 0 if it did not build */
static GLuint green_triangle(void)
{
	static const GLfloat tri[] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.0f, 0.5f };
	GLuint prog = mesa_program("attribute vec2 pos;\n"
			      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
			      "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n");

	if (!prog)
		return 0;
	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	return prog;
}

TEST_F(mesa, clear_draw_and_read_back)
{
	long checked0, rejected0;
	GLuint tex, fbo, prog;

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);

	prog = green_triangle();
	ASSERT_NE(prog, 0);
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &tex);
}

TEST_F(mesa, textured_draw_with_depth_test)
{
	static const GLfloat quad[] = { -1, -1, 0.5f, 1, -1, 0.5f, -1, 1, 0.5f, 1, 1, 0.5f };
	long checked0, rejected0;
	GLuint tex[2], rb, fbo, prog;
	static uint32_t texels[32 * 32];
	unsigned int i;

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	for (i = 0; i < 32 * 32; i++)
		texels[i] = i & 1 ? 0xff00ff00 : 0xffff0000;
	glGenTextures(2, tex);
	/* a mipmapped texture to sample, uploaded by Mesa as it likes */
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glGenerateMipmap(GL_TEXTURE_2D);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	/* the target: colour texture and a depth renderbuffer */
	glBindTexture(GL_TEXTURE_2D, tex[1]);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, SIZE, SIZE);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glEnable(GL_DEPTH_TEST);
	glClearDepthf(1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);

	prog = mesa_program("attribute vec3 pos;\n"
		       "varying vec2 uv;\n"
		       "void main() { uv = pos.xy * 0.5 + 0.5; gl_Position = vec4(pos, 1.0); }\n",
		       "precision mediump float;\n"
		       "uniform sampler2D t;\n"
		       "varying vec2 uv;\n"
		       "void main() { gl_FragColor = texture2D(t, uv); }\n");
	ASSERT_NE(prog, 0);
	glUseProgram(prog);
	glBindTexture(GL_TEXTURE_2D, tex[0]);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(1, &fbo);
	glDeleteRenderbuffers(1, &rb);
	glDeleteTextures(2, tex);
}

/*
 * Four samples a pixel: Mesa gives the colour renderbuffer CMASK and
 * FMASK (fast clears, compression), clears, draws with a multisampled
 * depth buffer, and resolves into a one-sample texture on blitting.
 */
TEST_F(mesa, multisampled_draw_and_resolve)
{
	long checked0, rejected0;
	GLuint rb[2], fbo[2], tex, prog;
	GLint samples = 0;

	mesa_cs_counts(_metadata, self->minor, self->info, sizeof(self->info), &checked0,
		       &rejected0);
	glGenRenderbuffers(2, rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, SIZE, SIZE);
	glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
	ASSERT_EQ(samples, 4);
	glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT16, SIZE, SIZE);
	glGenFramebuffers(2, fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
	ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, SIZE, SIZE);
	glEnable(GL_DEPTH_TEST);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	prog = green_triangle();
	ASSERT_NE(prog, 0);

	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, SIZE, SIZE, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
	glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ASSERT_EQ(glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
	read_back_all_accepted(_metadata, self->minor, self->info, sizeof(self->info), checked0,
			       rejected0);
	glDeleteProgram(prog);
	glDeleteFramebuffers(2, fbo);
	glDeleteRenderbuffers(2, rb);
	glDeleteTextures(1, &tex);
}

TEST_HARNESS_MAIN
