/* SPDX-License-Identifier: GPL-2.0-only */
/* Register blocks the device models provide, for the ASIC table. */
#ifndef RUBY_SIM_MODELS_H
#define RUBY_SIM_MODELS_H

#include "sim.h"

extern const struct sim_block sim_evergreen_config_block;

#endif /* RUBY_SIM_MODELS_H */
