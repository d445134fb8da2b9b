/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vhost-user back end that attaches the simulated device to UML's
 * virt-pci: one front end, two split virtqueues ("cmd" and "irq"), in-band
 * notifications only.
 */
#ifndef RUBY_SIM_VHOST_USER_H
#define RUBY_SIM_VHOST_USER_H

#include "sim.h"

struct vu;

struct vu *vu_listen(struct sim *sim, const char *path);
int vu_accept(struct vu *vu);
/* Serve the front end until it goes away: 0 on a clean end, -1 on error. */
int vu_serve(struct vu *vu);
void vu_close(struct vu *vu);

#endif /* RUBY_SIM_VHOST_USER_H */
