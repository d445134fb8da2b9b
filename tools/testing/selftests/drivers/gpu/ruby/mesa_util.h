/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the Mesa client tests (mesa_*.c) share: ruby's counts of checked
 * and rejected streams, and compiling a shader. Include after the GL or
 * GLES header the test uses and after the kselftest harness.
 */
#ifndef __RUBY_MESA_UTIL_H__
#define __RUBY_MESA_UTIL_H__

#include "ruby_util.h"

/* The "cs checked" / "cs rejected" counts of ruby_info */
static inline void cs_counts(struct __test_metadata *_metadata, int minor, char *buf,
			     size_t size, long *checked, long *rejected)
{
	ASSERT_EQ(ruby_debugfs_read(minor, "ruby_info", buf, size), 0);
	*checked = ruby_text_int(buf, "cs checked");
	*rejected = ruby_text_int(buf, "cs rejected");
	ASSERT_GE(*checked, 0);
	ASSERT_GE(*rejected, 0);
}

/* A compiled shader of @type from @src; 0 (nothing left behind) if not */
static inline GLuint shader(GLenum type, const char *src)
{
	GLuint s = glCreateShader(type);
	GLint ok = 0;

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		glDeleteShader(s);
		return 0;
	}
	return s;
}

#endif /* __RUBY_MESA_UTIL_H__ */
