# SPDX-License-Identifier: GPL-2.0-only
#
# ruby: out-of-tree build of the driver, and the test rig.
#
#   make                 build ruby.ko against KDIR
#   make install         install it into /lib/modules/<kernel>/updates
#   make check           the whole test suite on the simulated Radeon
#                        (sanitizer kernel; RUBY_FLAVOUR=fast for the other)
#   make check-full      make check with the full soak (100 module reloads,
#                        100 unbind/rebind cycles; make check runs 20 of each)
#   make check-some T="radeon_gem ruby_reset" [CHIP=rv730]
#                        one boot running KUnit and only those kselftests
#   make check-scenarios S=cold
#                        only the failure scenarios whose name holds S
#   make run             the demo: boot the simulated Cedar and load ruby
#   make lint            W=1 + sparse build against Debian's 6.12 headers,
#                        checkpatch --strict on every driver file
#   make piglit LIST=tools/testing/ruby/piglit/smoke.txt [CHIP=rv730]
#                        real GL programs (Debian's piglit, Mesa r600) on
#                        the simulated Cedar (or CHIP): results, refusals
#   make piglit-census LIST=tools/testing/ruby/piglit/broad.txt
#                        make piglit with the stream recorder preloaded,
#                        then every recorded stream replayed through the
#                        checker on the host: refusals by reason, value
#                        and feature (exact, where dmesg is ratelimited)
#   make bench           throughput of the command-stream checker against
#                        upstream's: both tables below, in one run
#   make bench-kernel    both checkers built as the kernel builds them
#                        (mitigations' thunks, no SIMD)
#   make bench-host      both built for the host (-O2)
#   make bench-ab BASE=<commit> [KINDS="real-gfx triangle"] [KERNEL=1]
#                        the checker in the tree against the one at BASE,
#                        over three code layouts
#   make fuzz            the checker's oracle fuzzer (FUZZ_SECONDS=60)
#
# KDIR defaults to the running kernel's build tree. RUBY_CACHE (default
# ~/.cache/ruby) holds the rig's kernel source, build and tools.

KDIR ?= /lib/modules/$(shell uname -r)/build
RIG := tools/testing/ruby

# Force the driver on: an out-of-tree build has no Kconfig of its own.
KBUILD_ARGS := -C $(KDIR) M=$(CURDIR) CONFIG_DRM_RUBY=m

.PHONY: bench-ab bench-kernel bench-host all modules install clean check check-full check-some check-scenarios run piglit piglit-census lint deps \
	bench fuzz

all: modules

modules:
	$(MAKE) $(KBUILD_ARGS) modules

install: modules
	$(MAKE) $(KBUILD_ARGS) INSTALL_MOD_DIR=updates modules_install
	depmod -a $(notdir $(patsubst %/build,%,$(realpath $(KDIR))))

clean:
	$(MAKE) $(KBUILD_ARGS) clean
	$(MAKE) -C $(RIG)/sim clean

deps:
	$(RIG)/setup-deps.sh

check:
	$(RIG)/check.sh

check-full:
	RUBY_SOAK_CYCLES=100 $(RIG)/check.sh

CHIP ?= cedar
check-some:
	RUBY_CHIP=$(CHIP) $(RIG)/check.sh some $(T)

check-scenarios:
	$(RIG)/check.sh scenarios "$(S)"

run:
	$(RIG)/run-demo.sh

LIST ?= $(RIG)/piglit/smoke.txt
piglit:
	RUBY_CHIP=$(CHIP) RUBY_FLAVOUR=$${RUBY_FLAVOUR:-fast} $(RIG)/check.sh piglit $(abspath $(LIST))

# the run's own verdict (red on any refusal) is printed, not fatal: the
# census is what this target is for; it fails if the host and the kernel
# disagree on a stream
piglit-census:
	$(MAKE) -C $(RIG)/cs replay
	-PIGLIT_PRELOAD=$(RIG)/recorder/ruby-rec.so $(MAKE) piglit LIST=$(LIST)
	$(RIG)/cs/replay -l $(LIST) $${RUBY_OUT:-out}/piglit/results/piglit

lint:
	$(RIG)/lint.sh

bench:
	$(MAKE) -C $(RIG)/cs bench

bench-kernel:
	$(MAKE) -C $(RIG)/cs bench-kernel

bench-host:
	$(MAKE) -C $(RIG)/cs bench-host

bench-ab:
	$(MAKE) -C $(RIG)/cs bench-ab BASE=$(BASE) KINDS="$(KINDS)" KERNEL=$(KERNEL)

fuzz:
	$(MAKE) -C $(RIG)/fuzz fuzz
